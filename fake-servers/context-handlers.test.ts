import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ListPromptsResultSchema, ListResourcesResultSchema, PromptListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { CONTEXT_LIST_ANSWERS, RESOURCE_NOT_FOUND } from "./context-handlers.ts";
import { createFakeServer } from "./fake-server.ts";
import { LiveServer } from "./live-server.ts";
import { Recorder } from "./recorder.ts";
import { ServerScriptSchema, type ServerScriptInput } from "./server-script.ts";

const script = (extra: Partial<ServerScriptInput> = {}) => ServerScriptSchema.parse({
  key: "alpha",
  serverInfo: { name: "alpha", version: "1" },
  tools: [],
  prompts: [{ name: "review", title: "Review Code" }, { name: "My Prompt" }, { name: "explain" }],
  resources: [{ uri: "mem://alpha/notes", name: "notes" }, { uri: "mem://shared/readme", name: "readme" }, { uri: "file:///a.md", name: "a" }],
  resourceTemplates: [{ uriTemplate: "mem://alpha/items/{id}", name: "item" }],
  ...extra,
});

async function connect(scripted = script()) {
  const recorder = new Recorder();
  const server = createFakeServer(scripted, recorder, 1);
  const [hostSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "t", version: "0" });
  await client.connect(hostSide);
  return { client, recorder };
}

describe("a fake server's prompts and resources", () => {
  it("declares prompts and resources only where the script has them", async () => {
    const { client } = await connect();
    expect(client.getServerCapabilities()).toEqual({ tools: { listChanged: false }, prompts: { listChanged: false }, resources: { listChanged: false } });
    const bare = await connect(ServerScriptSchema.parse({ key: "b", serverInfo: { name: "b", version: "1" }, tools: [] }));
    expect(bare.client.getServerCapabilities()).toEqual({ tools: { listChanged: false } });
    await client.close();
    await bare.client.close();
  });

  it("pages a list with an empty string as its second cursor, and refuses a cursor it never gave", async () => {
    const { client, recorder } = await connect(script({ contextPaging: { prompts: { pageSize: 1, emptyCursor: true } } }));
    const first = await client.request({ method: "prompts/list", params: {} }, ListPromptsResultSchema);
    expect(first.prompts.map((prompt) => prompt.name)).toEqual(["review"]);
    expect(first.nextCursor).toBe("");
    const second = await client.request({ method: "prompts/list", params: { cursor: "" } }, ListPromptsResultSchema);
    expect(second.prompts.map((prompt) => prompt.name)).toEqual(["My Prompt"]);
    expect(second.nextCursor).toMatch(/^\S{16,}$/);
    const third = await client.request({ method: "prompts/list", params: { cursor: second.nextCursor! } }, ListPromptsResultSchema);
    expect(third).toEqual({ prompts: [{ name: "explain" }] });
    await expect(client.request({ method: "prompts/list", params: { cursor: "nope" } }, ListPromptsResultSchema)).rejects.toThrow(/unknown cursor/);
    expect(recorder.records.filter((record) => record.method === "prompts/list").map((record) => record.cursor)).toEqual([undefined, "", second.nextCursor, "nope"]);
    await client.close();
  });

  it("answers prompts/get under the prompt's own name only, and records the name and arguments before answering", async () => {
    const { client, recorder } = await connect();
    const got = await client.getPrompt({ name: "review", arguments: { topic: "refund" } });
    expect(JSON.parse((got.messages[0]!.content as { text: string }).text)).toEqual({ server: "alpha", prompt: "review", arguments: { topic: "refund" } });
    await expect(client.getPrompt({ name: "Review Code" })).rejects.toThrow(/unknown prompt "Review Code"/);
    expect(recorder.records.filter((record) => record.method === "prompts/get").map((record) => [record.prompt, record.arguments])).toEqual([
      ["review", { topic: "refund" }], ["Review Code", undefined],
    ]);
    await client.close();
  });

  it("reads a listed URI or one a template expands to, answers -32002 for any other, and records each URI", async () => {
    const { client, recorder } = await connect();
    expect(JSON.parse(((await client.readResource({ uri: "mem://shared/readme" })).contents[0] as { text: string }).text)).toEqual({ server: "alpha", uri: "mem://shared/readme" });
    expect((await client.readResource({ uri: "mem://alpha/items/7" })).contents).toHaveLength(1);
    await expect(client.readResource({ uri: "mem://beta/notes" })).rejects.toMatchObject({ code: RESOURCE_NOT_FOUND });
    expect((await client.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate)).toEqual(["mem://alpha/items/{id}"]);
    expect(recorder.records.filter((record) => record.method === "resources/read").map((record) => record.uri)).toEqual(["mem://shared/readme", "mem://alpha/items/7", "mem://beta/notes"]);
    await client.close();
  });

  it("fails a scripted list with a JSON-RPC error, and stops answering a list asked for over and over", async () => {
    const { client } = await connect(script({ contextErrors: ["resources"] }));
    await expect(client.listResources()).rejects.toThrow(/scripted failure: resources\/list refused/);
    expect((await client.listPrompts()).prompts).toHaveLength(3);
    for (let at = 1; at < CONTEXT_LIST_ANSWERS; at++) await client.request({ method: "prompts/list", params: {} }, ListPromptsResultSchema);
    await expect(client.listPrompts()).rejects.toThrow(/asked for 51 times/);
    await client.close();
  });

  it("changes its lists by drift step and notifies only when told, with the notification of the list named", async () => {
    const live = new LiveServer(script({ listChanged: true }), new Recorder());
    const [hostSide, serverSide] = InMemoryTransport.createLinkedPair();
    await live.open(serverSide);
    const client = new Client({ name: "t", version: "0" });
    let notified = 0;
    client.setNotificationHandler(PromptListChangedNotificationSchema, () => void notified++);
    await client.connect(hostSide);
    await live.apply({ kind: "set-prompts", prompts: [{ name: "draft" }] });
    await live.apply({ kind: "set-resources", resources: [] });
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(["draft"]);
    expect((await client.request({ method: "resources/list", params: {} }, ListResourcesResultSchema)).resources).toEqual([]);
    expect(live.revision).toBe(0);
    expect(notified).toBe(0);
    await live.apply({ kind: "notify", list: "prompts" });
    await expect.poll(() => notified).toBe(1);
    await live.close();
  });
});
