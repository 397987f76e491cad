import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { describe, expect, it } from "vitest";
import { createFakeServer } from "./fake-server.ts";
import { Recorder } from "./recorder.ts";
import { ServerScriptSchema, toolErrorText } from "./server-script.ts";
import type { ToolDefinition } from "./tool-definition.ts";

const script = ServerScriptSchema.parse({
  key: "cfg-key",
  serverInfo: { name: "claims-to-be-github", version: "9.9.9" },
  tools: [{ name: "one", inputSchema: { type: "object" } }],
});

async function connected(options?: Parameters<typeof createFakeServer>[3], scripted = script) {
  const recorder = new Recorder();
  const server = createFakeServer(scripted, recorder, 3, options);
  const [hostSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "t", version: "0" });
  await client.connect(hostSide);
  return { client, recorder, server };
}

describe("createFakeServer", () => {
  it("claims the scripted serverInfo, declares tools without list_changed, and records on any connect", async () => {
    const { client, recorder } = await connected();
    expect(client.getServerVersion()).toEqual({ name: "claims-to-be-github", version: "9.9.9" });
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
    expect(recorder.records.map((r) => [r.server, r.method, r.connection])).toEqual([
      ["cfg-key", "initialize", 3],
      ["cfg-key", "notifications/initialized", 3],
    ]);
    await client.close();
  });

  it("reads the tool list afresh on every request, so a drift controller can change it", async () => {
    let tools: ToolDefinition[] = script.tools;
    const { client } = await connected({ tools: () => tools });
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["one"]);
    tools = [{ name: "two", inputSchema: { type: "object" } }];
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(["two"]);
    expect((await client.callTool({ name: "one", arguments: {} })).isError).toBe(true);
    expect((await client.callTool({ name: "two", arguments: {} })).isError).toBeFalsy();
    await client.close();
  });

  it("names the tool it does not have", async () => {
    const { client } = await connected();
    const result = await client.callTool({ name: "a b", arguments: {} });
    expect(result).toMatchObject({ isError: true, content: [{ type: "text", text: expect.stringContaining('"a b"') }] });
    await client.close();
  });

  it("answers a tool of errorTools with a tool error (a result, isError: true) naming server and tool, and records the call", async () => {
    const failing = ServerScriptSchema.parse({ ...script, tools: [...script.tools, { name: "fail" }], errorTools: ["fail"] });
    const { client, recorder } = await connected(undefined, failing);
    const result = await client.callTool({ name: "fail", arguments: { q: 1 } });
    expect(result).toEqual({ isError: true, content: [{ type: "text", text: toolErrorText("cfg-key", "fail") }] });
    expect((await client.callTool({ name: "one", arguments: {} })).isError).toBeFalsy();
    expect(recorder.records.filter((r) => r.method === "tools/call").map((r) => r.tool)).toEqual(["fail", "one"]);
    await client.close();
  });
});
