import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyToList, DriftStepSchema } from "./drift-step.ts";
import { startFakeServerHost, type FakeEndpoint, type FakeServerHost, type FakeTransportKind } from "./fake-server-host.ts";
import { ServerScriptSchema, type ServerScriptInput } from "./server-script.ts";

const script = (input: Partial<ServerScriptInput> & { key: string }) =>
  ServerScriptSchema.parse({ serverInfo: { name: input.key, version: "1" }, tools: [], ...input });
const tool = (name: string, description = `tool ${name}`) => ({ name, description, inputSchema: { type: "object" as const } });

async function connect(endpoint: FakeEndpoint): Promise<Client> {
  const spec = endpoint.transport;
  let transport: Transport;
  if (spec.type === "memory") transport = await spec.connect();
  else if (spec.type === "stdio") transport = new StdioClientTransport({ command: spec.command, args: spec.args, env: spec.env, stderr: "pipe" });
  else transport = new StreamableHTTPClientTransport(new URL(spec.url));
  const client = new Client({ name: "drift-test", version: "0" });
  await client.connect(transport);
  return client;
}

const names = async (client: Client) => (await client.listTools()).tools.map((t) => t.name);

let host: FakeServerHost;
beforeAll(async () => {
  host = await startFakeServerHost();
});
afterAll(async () => {
  await host.close();
});

describe("applyToList", () => {
  const list = [tool("a"), { ...tool("b"), outputSchema: { type: "object" } }];
  it("applies each list change and refuses steps that do not fit", () => {
    const step = (input: unknown) => DriftStepSchema.parse(input);
    expect(applyToList(list, step({ kind: "add", tool: { name: "c" } }))).toMatchObject([{ name: "a" }, { name: "b" }, { name: "c", inputSchema: { type: "object" } }]);
    expect(applyToList(list, step({ kind: "remove", name: "a" }))).toMatchObject([{ name: "b" }]);
    expect(applyToList(list, step({ kind: "rename", from: "a", to: "z", description: "Z" }))).toMatchObject([{ name: "z", description: "Z" }, { name: "b" }]);
    expect(applyToList(list, step({ kind: "describe", name: "b", description: "new" }))[1]).toMatchObject({ description: "new" });
    expect(applyToList(list, step({ kind: "input-schema", name: "a", inputSchema: { type: "object", required: ["x"] } }))[0]).toMatchObject({ inputSchema: { required: ["x"] } });
    expect(applyToList(list, step({ kind: "output-schema", name: "b", outputSchema: null }))[1]).not.toHaveProperty("outputSchema");
    expect(applyToList(list, step({ kind: "add", tool: { name: "a" } }))).toMatch(/already exists/);
    expect(applyToList(list, step({ kind: "rename", from: "a", to: "b" }))).toMatch(/already exists/);
    expect(applyToList(list, step({ kind: "remove", name: "nope" }))).toMatch(/no tool named "nope"/);
    expect(() => step({ kind: "explode" })).toThrow();
  });
});

describe.each<FakeTransportKind>(["memory", "stdio", "http"])("drift over %s", (kind) => {
  it("changes the list mid-session, counts revisions, and says which revision each listing saw", async () => {
    const world = await host.startWorld([script({ key: "alpha", tools: [tool("one")] }), script({ key: "beta", tools: [tool("x")] })], kind);
    const client = await connect(world.endpoints[0]!);
    try {
      expect(await names(client)).toEqual(["one"]);
      await world.apply("alpha", { kind: "add", tool: tool("two") });
      await world.apply("alpha", { kind: "rename", from: "one", to: "uno" });
      await world.apply("alpha", { kind: "describe", name: "two", description: "changed" });
      await world.apply("alpha", { kind: "output-schema", name: "two", outputSchema: { type: "object" } });
      const listed = (await client.listTools()).tools;
      expect(listed.map((t) => [t.name, t.description])).toEqual([["uno", "tool one"], ["two", "changed"]]);
      expect(world.revision("alpha")).toBe(4);
      expect(world.revision("beta")).toBe(0);
      expect(world.listings("alpha")).toEqual([0, 4]);
      expect(world.tools("alpha").map((t) => t.name)).toEqual(["uno", "two"]);
      await expect(world.apply("alpha", { kind: "remove", name: "one" })).rejects.toThrow(/no tool named "one"/);
      await expect(world.apply("nobody", { kind: "notify" })).rejects.toThrow(/no fake server "nobody"/);
    } finally {
      await client.close();
      await world.close();
    }
  });

  it("notifies list_changed on request, advertising listChanged only where scripted", async () => {
    const world = await host.startWorld([script({ key: "alpha", tools: [tool("one")], listChanged: true }), script({ key: "beta" })], kind);
    const [alpha, beta] = [await connect(world.endpoints[0]!), await connect(world.endpoints[1]!)];
    try {
      expect(alpha.getServerCapabilities()).toEqual({ tools: { listChanged: true } });
      expect(beta.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
      const heard = new Promise<void>((resolve) => alpha.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
      await world.apply("alpha", { kind: "remove", name: "one" });
      await world.apply("alpha", { kind: "notify" });
      await heard;
      expect(await names(alpha)).toEqual([]);
      // A server that does not advertise listChanged can still send one: hosts must survive both.
      const heardBeta = new Promise<void>((resolve) => beta.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()));
      await world.apply("beta", { kind: "notify" });
      await heardBeta;
    } finally {
      await Promise.all([alpha.close(), beta.close()]);
      await world.close();
    }
  });

  it("goes down (dropping connections, refusing new ones) and comes back", async () => {
    const world = await host.startWorld([script({ key: "alpha", tools: [tool("one")] })], kind);
    const client = await connect(world.endpoints[0]!);
    try {
      await world.apply("alpha", { kind: "unreachable" });
      await expect(client.listTools()).rejects.toThrow();
      await expect(connect(world.endpoints[0]!)).rejects.toThrow();
      await world.apply("alpha", { kind: "reachable" });
      const again = await connect(world.endpoints[0]!);
      expect(await names(again)).toEqual(["one"]);
      await again.close();
    } finally {
      await client.close();
      await world.close();
    }
  });

  it("starts an unreachable script down, and can revive it", async () => {
    const world = await host.startWorld([script({ key: "alpha", tools: [tool("one")], unreachable: true })], kind);
    try {
      await expect(connect(world.endpoints[0]!)).rejects.toThrow();
      expect(world.records).toEqual([]);
      await world.apply("alpha", { kind: "reachable" });
      const client = await connect(world.endpoints[0]!);
      expect(await names(client)).toEqual(["one"]);
      await client.close();
    } finally {
      await world.close();
    }
  });

  it("loses the answer of a scripted call: recorded, then the call fails at once; other tools and new connections work", async () => {
    const world = await host.startWorld([script({ key: "alpha", tools: [tool("keep"), tool("lose")], loseAnswers: ["lose"] })], kind);
    const client = await connect(world.endpoints[0]!);
    try {
      expect((await client.callTool({ name: "keep", arguments: {} })).isError).toBeFalsy();
      const started = performance.now();
      // The SDK's own request timeout is 60 s; the loss must be seen long before it.
      await expect(client.callTool({ name: "lose", arguments: { n: 1 } }, undefined, { timeout: 20_000 })).rejects.toThrow();
      expect(performance.now() - started).toBeLessThan(15_000);
      expect(world.records.filter((r) => r.method === "tools/call").map((r) => r.tool)).toEqual(["keep", "lose"]);
      const again = await connect(world.endpoints[0]!);
      expect((await again.callTool({ name: "keep", arguments: {} })).isError).toBeFalsy();
      await again.close();
    } finally {
      await client.close();
      await world.close();
    }
  });
});
