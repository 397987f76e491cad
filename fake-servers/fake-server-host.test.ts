import { readdirSync, readFileSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeServerHost, type FakeEndpoint, type FakeServerHost, type FakeTransportKind, type FakeWorld } from "./fake-server-host.ts";
import { latenessSamplerRunning } from "./machine-lateness.ts";
import type { MessageRecord } from "./message-record.ts";
import { ServerScriptSchema, type ServerScript, type ServerScriptInput } from "./server-script.ts";

const LONG_NAME = "t".repeat(129);
const HOSTILE_TOOLS = [
  { name: "admin.tools.list", description: "dotted", inputSchema: { type: "object" } },
  { name: "a/b", inputSchema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] } },
  { name: "__proto__", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } },
  { name: "", inputSchema: { type: "object" } },
  { name: LONG_NAME, inputSchema: { type: "object" } },
  {
    name: "structured",
    inputSchema: { type: "object" },
    outputSchema: { type: "object", properties: { server: { type: "string" }, tool: { type: "string" } } },
  },
];

const script = (input: Partial<ServerScriptInput> & { key: string }): ServerScript =>
  ServerScriptSchema.parse({ serverInfo: { name: `${input.key}-info`, version: "1.0.0" }, tools: [], ...input });

/** Opens a real SDK client on whatever the endpoint is, as a host would. */
async function connect(endpoint: FakeEndpoint): Promise<Client> {
  const spec = endpoint.transport;
  let transport: Transport;
  if (spec.type === "memory") transport = await spec.connect();
  else if (spec.type === "stdio") transport = new StdioClientTransport({ command: spec.command, args: spec.args, env: spec.env, stderr: "pipe" });
  else transport = new StreamableHTTPClientTransport(new URL(spec.url));
  const client = new Client({ name: "test-host", version: "0.0.0" });
  await client.connect(transport);
  return client;
}

const untilRecorded = async (world: FakeWorld, match: (r: MessageRecord) => boolean): Promise<void> => {
  while (!world.records.some(match)) await new Promise((resolve) => setTimeout(resolve, 2));
};

/** Pids whose parent is this process: the shims a host would have spawned (Linux /proc). */
function childPids(): number[] {
  const children: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === process.pid) children.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return children;
}

let host: FakeServerHost;
/** For the rank-order test: a loaded machine must not outlast the hold and release an answer early. */
let patient: FakeServerHost;
beforeAll(async () => {
  host = await startFakeServerHost();
  patient = await startFakeServerHost({ rankWaitMs: 10_000 });
});
afterAll(async () => {
  await Promise.all([host.close(), patient.close()]);
});

describe.each<FakeTransportKind>(["memory", "stdio", "http"])("%s world", (kind) => {
  it("lists exactly the scripted tools, hostile names included, and echoes calls by wire name", async () => {
    const world = await host.startWorld([script({ key: "alpha", tools: HOSTILE_TOOLS }), script({ key: "beta" })], kind);
    expect(world.endpoints.map((endpoint) => endpoint.key)).toEqual(["alpha", "beta"]);
    const client = await connect(world.endpoints[0]);
    try {
      expect(client.getServerVersion()).toEqual({ name: "alpha-info", version: "1.0.0" });
      expect((await client.listTools()).tools).toEqual(HOSTILE_TOOLS);
      for (const tool of HOSTILE_TOOLS) {
        const args = { q: `for ${tool.name}` };
        const result = await client.callTool({ name: tool.name, arguments: args });
        expect(result.isError).toBeFalsy();
        const [content] = result.content as Array<{ type: string; text: string }>;
        expect(JSON.parse(content.text)).toEqual({ server: "alpha", tool: tool.name, arguments: args });
        // The record exists by the time the answer does: it was written on receipt.
        expect(world.records.at(-1)).toMatchObject({ server: "alpha", method: "tools/call", tool: tool.name, arguments: args, connection: 1 });
      }
      const structured = await client.callTool({ name: "structured", arguments: {} });
      expect(structured.structuredContent).toEqual({ server: "alpha", tool: "structured" });

      const unknown = await client.callTool({ name: "nope", arguments: { x: 1 } });
      expect(unknown.isError).toBe(true);
      expect(world.records.at(-1)).toMatchObject({ method: "tools/call", tool: "nope", arguments: { x: 1 } });
      expect(world.records.map((r) => r.method).slice(0, 3)).toEqual(["initialize", "notifications/initialized", "tools/list"]);
      expect(world.records.every((r) => r.server === "alpha" && r.time >= 0)).toBe(true);
    } finally {
      await client.close();
      await world.close();
    }
  });

  it("numbers connections and keeps worlds apart", async () => {
    const first = await host.startWorld([script({ key: "alpha" })], kind);
    const second = await host.startWorld([script({ key: "alpha" })], kind);
    const clients = [await connect(first.endpoints[0]), await connect(first.endpoints[0]), await connect(second.endpoints[0])];
    try {
      expect(new Set(first.records.map((r) => r.connection))).toEqual(new Set([1, 2]));
      expect(new Set(second.records.map((r) => r.connection))).toEqual(new Set([1]));
      expect(second.startedAt).toBeGreaterThanOrEqual(first.startedAt);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
      await Promise.all([first.close(), second.close()]);
    }
  });

  it("delays initialize and tools/list by script, recording at receipt", async () => {
    // Ordering is judged against round trips on an already open connection (no spawn in the
    // race), so a loaded machine cannot flip it: only the scripted delay separates the answers.
    // Ranks put the fast server first, so only the latency under test separates the answers.
    const slow = script({ key: "slow", latency: { initialize: 500, toolsList: 500 }, answerRank: 1 });
    const world = await host.startWorld([slow, script({ key: "fast", answerRank: 0 })], kind);
    const clients: Client[] = [];
    try {
      const fast = await connect(world.endpoints[1]);
      clients.push(fast);
      const answered: string[] = [];
      const slowConnect = connect(world.endpoints[0]).then((client) => (clients.push(client), answered.push("slow"), client));
      await untilRecorded(world, (r) => r.server === "slow" && r.method === "initialize");
      await fast.listTools().then(() => answered.push("fast"));
      const slowClient = await slowConnect;
      expect(answered).toEqual(["fast", "slow"]);

      answered.length = 0;
      const slowList = slowClient.listTools().then(() => answered.push("slow"));
      await untilRecorded(world, (r) => r.server === "slow" && r.method === "tools/list");
      await fast.listTools().then(() => answered.push("fast"));
      await slowList;
      expect(answered).toEqual(["fast", "slow"]);
      const lists = world.records.filter((r) => r.method === "tools/list").map((r) => r.server);
      expect(lists).toEqual(["fast", "slow", "fast"]);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
      await world.close();
    }
  });

  it("answers the first tools/list in rank order, whoever asks first", async () => {
    const world = await patient.startWorld([script({ key: "second", answerRank: 1 }), script({ key: "first", answerRank: 0 })], kind);
    const clients: Client[] = [];
    try {
      for (const endpoint of world.endpoints) clients.push(await connect(endpoint));
      const answered: string[] = [];
      // "second" asks first and is held until "first" has answered.
      const late = clients[0]!.listTools().then(() => answered.push("second"));
      await untilRecorded(world, (r) => r.server === "second" && r.method === "tools/list");
      await clients[1]!.listTools().then(() => answered.push("first"));
      await late;
      expect(answered).toEqual(["first", "second"]);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
      await world.close();
    }
  });

  it("answers in rank order when the server meant to answer first is slowed past the rank wait, and records that order", async () => {
    // "first" holds initialize and tools/list longer than the default host's 250 ms rank wait: a wait that
    // timed out would let "second" answer first. "first" owes an answer all along, so "second" waits for it.
    const slowed = script({ key: "first", answerRank: 0, latency: { initialize: 400, toolsList: 400 } });
    const world = await host.startWorld([script({ key: "second", answerRank: 1 }), slowed], kind);
    const clients: Client[] = [];
    try {
      const answered: string[] = [];
      await Promise.all(world.endpoints.map(async (endpoint) => {
        const client = await connect(endpoint);
        clients.push(client);
        await client.listTools();
        answered.push(endpoint.key);
      }));
      expect(answered).toEqual(["first", "second"]);
      expect(world.answerOrder).toEqual(["first", "second"]);
    } finally {
      await Promise.all(clients.map((client) => client.close()));
      await world.close();
    }
  });

  it("fails fast for an unreachable server and records nothing for it", async () => {
    const world = await host.startWorld([script({ key: "gone", unreachable: true }), script({ key: "here" })], kind);
    try {
      await expect(connect(world.endpoints[0])).rejects.toThrow();
      const client = await connect(world.endpoints[1]);
      await client.close();
      expect(world.records.some((r) => r.server === "gone")).toBe(false);
    } finally {
      await world.close();
    }
  });

  it("world.close ends live connections and refuses new ones", async () => {
    const world = await host.startWorld([script({ key: "alpha" })], kind);
    const client = await connect(world.endpoints[0]);
    const closed = new Promise<void>((resolve) => (client.onclose = resolve));
    await world.close();
    await world.close();
    if (kind !== "http") await closed; // streamable HTTP only notices on its next request
    await expect(client.listTools()).rejects.toThrow();
    await client.close();
    await expect(connect(world.endpoints[0])).rejects.toThrow();
  });
});

describe("stdio endpoints", () => {
  it("share one command and arguments and differ only in their environment, each reaching its own server", async () => {
    const own = await startFakeServerHost();
    try {
      const world = await own.startWorld([script({ key: "a", tools: [{ name: "x" }] }), script({ key: "b", tools: [{ name: "y" }] })], "stdio");
      const [a, b] = world.endpoints.map((endpoint) => endpoint.transport);
      expect([a!.command, a!.args]).toEqual([b!.command, b!.args]);
      expect(a!.env).not.toEqual(b!.env);
      const clients = [await connect(world.endpoints[0]!), await connect(world.endpoints[1]!)];
      expect(await Promise.all(clients.map(async (client) => (await client.listTools()).tools.map((tool) => tool.name)))).toEqual([["x"], ["y"]]);
      await Promise.all(clients.map((client) => client.close()));
    } finally {
      await own.close();
    }
  });
});

describe("the machine's lateness", () => {
  it("is sampled while a host has a wire world open, so its answers are spaced by it (see AnswerGate)", async () => {
    const own = await startFakeServerHost();
    try {
      await own.startWorld([script({ key: "h" })], "http");
      expect(latenessSamplerRunning()).toBe(true);
    } finally {
      await own.close();
    }
  });
});

describe("host.close", () => {
  it("leaves no child process and no listening port", async () => {
    const own = await startFakeServerHost();
    const stdio = await own.startWorld([script({ key: "s" })], "stdio");
    const http = await own.startWorld([script({ key: "h" })], "http");
    const clients = [await connect(stdio.endpoints[0]), await connect(http.endpoints[0])];
    expect(childPids().length).toBeGreaterThan(0);
    const exited = new Promise<void>((resolve) => (clients[0].onclose = resolve));
    await own.close();
    await own.close();
    await exited;
    await expect(own.startWorld([], "memory")).rejects.toThrow(/closed/);
    await Promise.all(clients.map((client) => client.close()));
    expect(childPids()).toEqual([]);
    const url = new URL((http.endpoints[0].transport as { url: string }).url);
    const refused = await fetch(url, { method: "POST", body: "{}" }).then(() => false, () => true);
    expect(refused).toBe(true);
  });
});

describe("stallMs (the host's option)", () => {
  // Timers fire in the order they fall due, so what is compared here is which of two bounds comes first,
  // never how long anything took.
  const unanswered = (extra: Partial<ServerScriptInput> = {}) => script({ key: "held", tools: [{ name: "x", inputSchema: { type: "object" } }], failure: "list-unanswered", ...extra });
  const outcome = (client: Client) => client.listTools(undefined, { timeout: 3_000 }).then(() => "answered", (error: Error) => (/timed out/i.test(error.message) ? "timed out" : "dropped"));

  it("holds an unanswered list for the host's stall where the script names none, and the script's own where it does", async () => {
    const own = await startFakeServerHost({ stallMs: 60_000 });
    try {
      // The default stall (1 s) would drop the connection before the client's 3 s timeout: the host's 60 s holds it past.
      const world = await own.startWorld([unanswered(), unanswered({ key: "own", stallMs: 50 })], "memory");
      const [held, dropped] = [await connect(world.endpoints[0]!), await connect(world.endpoints[1]!)];
      expect(await Promise.all([outcome(held), outcome(dropped)])).toEqual(["timed out", "dropped"]);
      await Promise.all([held.close(), dropped.close()]);
    } finally {
      await own.close();
    }
  });
});
