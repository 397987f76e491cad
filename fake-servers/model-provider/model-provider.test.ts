import { request } from "node:http";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ModelProvider } from "./model-provider.ts";
import { parseSse } from "./sse.ts";

let provider: ModelProvider;
beforeEach(async () => {
  provider = await ModelProvider.start();
  provider.expect("cli", "key-1");
});
afterEach(async () => {
  await provider.close();
});

const post = (path: string, body: unknown, headers: Record<string, string> = { "x-api-key": "key-1" }) =>
  fetch(`${provider.origin}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

describe("ModelProvider", () => {
  it("listens on 127.0.0.1 and refuses a request with an unknown key or none, keeping nothing of it", async () => {
    expect(provider.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await post("/v1/messages", { model: "m", messages: [] }, { "x-api-key": "stranger" })).status).toBe(401);
    expect((await post("/v1/messages", { model: "m", messages: [] }, {})).status).toBe(401);
    expect(provider.records).toEqual([]);
    expect(provider.refusedUnknownKey).toBe(2);
  });

  it("refuses an unknown key on its headers, before reading a body (one that never ends is no wait)", async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(`${provider.origin}/v1/messages`, { method: "POST", headers: { "x-api-key": "stranger", "content-type": "application/json" } }, (res) => {
        res.resume();
        resolve(res.statusCode);
        req.destroy();
      });
      req.on("error", reject);
      req.write('{"model": "m", "messages": ['); // and never more
    });
    expect(status).toBe(401);
    expect(provider.records).toEqual([]);
  });

  it("Anthropic: holds a streamed turn with tools, answers one tool call, and reads the tool result back", async () => {
    const tools = [{ name: "mcp__alpha__search", description: "d", input_schema: { type: "object" } }];
    const first = post("/v1/messages", { model: "m", stream: true, tools, messages: [{ role: "user", content: "go" }] });
    const turn = await provider.nextTurn("cli", 5_000);
    expect(provider.records.at(-1)).toMatchObject({ kind: "turn", client: "cli", frontEnd: "anthropic" });
    expect(turn.content.tools).toEqual([{ name: "mcp__alpha__search", description: "d", inputSchema: { type: "object" } }]);
    turn.answer({ type: "tool-call", id: "toolu_1", name: "mcp__alpha__search", arguments: { probe: "p" } });
    const events = parseSse(await (await first).text());
    expect(events.map(([event]) => event)).toEqual(["message_start", "content_block_start", "content_block_delta", "content_block_stop", "message_delta", "message_stop"]);
    expect(events[1]![1]).toMatchObject({ content_block: { type: "tool_use", id: "toolu_1", name: "mcp__alpha__search" } });
    expect(JSON.parse((events[2]![1] as { delta: { partial_json: string } }).delta.partial_json)).toEqual({ probe: "p" });
    expect(events[4]![1]).toMatchObject({ delta: { stop_reason: "tool_use" } });
    const second = post("/v1/messages", {
      model: "m", stream: true, tools,
      messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: [{ type: "text", text: "alpha says hi" }] }] }],
    });
    const next = await provider.nextTurn("cli", 5_000);
    expect(next.content.toolResults).toEqual([{ id: "toolu_1", isError: false, text: "alpha says hi" }]);
    expect(() => next.answer({ type: "custom-tool-call", id: "x", name: "exec", input: "1" })).toThrow(/no freeform tool calls/);
    next.answer({ type: "text", text: "bye" });
    expect(parseSse(await (await second).text())[2]![1]).toMatchObject({ delta: { type: "text_delta", text: "bye" } });
  });

  it("Anthropic side calls (no tools, not streamed, token counts) are answered at once", async () => {
    expect(await (await post("/v1/messages", { model: "m", messages: [{ role: "user", content: "title?" }] })).json()).toMatchObject({ content: [{ type: "text", text: "ok" }] });
    expect(await (await post("/v1/messages/count_tokens", { model: "m", messages: [] })).json()).toEqual({ input_tokens: 1 });
    expect(provider.records.map((record) => record.kind)).toEqual(["side", "side"]);
  });

  it("OpenAI Responses: namespace tools become (namespace, name) pairs, and a function_call carries its namespace", async () => {
    const headers = { authorization: "Bearer key-1" };
    const tools = [
      { type: "function", name: "exec_command", parameters: {} },
      { type: "namespace", name: "mcp__alpha", tools: [{ type: "function", name: "search", description: "a", parameters: {} }] },
      { type: "web_search" },
    ];
    const first = post("/v1/responses", { model: "m", stream: true, tools, input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "go" }] }] }, headers);
    const turn = await provider.nextTurn("cli", 5_000);
    expect(turn.content.tools.map((tool) => [tool.namespace, tool.name])).toEqual([[undefined, "exec_command"], ["mcp__alpha", "search"]]);
    turn.answer({ type: "tool-call", id: "call_1", name: "search", namespace: "mcp__alpha", arguments: { probe: "p" } });
    const events = parseSse(await (await first).text());
    expect(events.map(([event]) => event)).toEqual(["response.created", "response.output_item.added", "response.output_item.done", "response.completed"]);
    expect(events[2]![1]).toMatchObject({ item: { type: "function_call", call_id: "call_1", name: "search", namespace: "mcp__alpha", arguments: '{"probe":"p"}' } });
    const second = post("/v1/responses", { model: "m", stream: true, tools, input: [{ type: "function_call_output", call_id: "call_1", output: "alpha says hi" }] }, headers);
    const next = await provider.nextTurn("cli", 5_000);
    expect(next.content.toolResults).toEqual([{ id: "call_1", isError: false, text: "alpha says hi" }]);
    next.answer({ type: "text", text: "bye" });
    await (await second).text();
  });

  it("OpenAI Responses: tools offered in an additional_tools input item hold a turn; a custom tool is called with raw input, answered by custom_tool_call_output", async () => {
    const headers = { authorization: "Bearer key-1" };
    const additional = { type: "additional_tools", role: "developer", tools: [{ type: "namespace", name: "functions", tools: [{ type: "custom", name: "exec", description: "Run JavaScript", format: { type: "grammar" } }] }] };
    const first = post("/v1/responses", { model: "m", stream: true, input: [additional, { type: "message", role: "user", content: [{ type: "input_text", text: "go" }] }] }, headers);
    const turn = await provider.nextTurn("cli", 5_000);
    expect(turn.content.tools).toEqual([{ namespace: "functions", name: "exec", description: "Run JavaScript", inputSchema: undefined }]);
    turn.answer({ type: "custom-tool-call", id: "call_1", name: "exec", input: "text(1)" });
    const events = parseSse(await (await first).text());
    expect(events[2]![1]).toMatchObject({ item: { type: "custom_tool_call", call_id: "call_1", name: "exec", input: "text(1)" } });
    expect((events[2]![1] as { item: object }).item).not.toHaveProperty("namespace");
    const output = [{ type: "input_text", text: "Script completed\n" }, { type: "input_text", text: "1" }];
    const second = post("/v1/responses", { model: "m", stream: true, input: [additional, { type: "custom_tool_call", call_id: "call_1", name: "exec", input: "text(1)" }, { type: "custom_tool_call_output", call_id: "call_1", output }] }, headers);
    const next = await provider.nextTurn("cli", 5_000);
    expect(next.content.toolResults).toEqual([{ id: "call_1", isError: false, text: JSON.stringify(output) }]);
    expect(() => next.answer({ type: "custom-tool-call", id: "x", name: "exec", input: 3 } as never)).toThrow();
    expect(next.settled).toBe(false);
    next.answer({ type: "text", text: "bye" });
    await (await second).text();
  });

  it("Gemini: the routing side call gets a JSON answer fitting its schema; a streamed turn gets a functionCall", async () => {
    const headers = { "x-goog-api-key": "key-1" };
    const schema = { type: "OBJECT", properties: { complexity_reasoning: { type: "STRING" }, complexity_score: { type: "INTEGER" } }, required: ["complexity_reasoning", "complexity_score"] };
    const routed = await (await post("/v1beta/models/flash:generateContent", { contents: [], generationConfig: { responseJsonSchema: schema } }, headers)).json() as { candidates: Array<{ content: { parts: Array<{ text: string }> } }> };
    expect(JSON.parse(routed.candidates[0]!.content.parts[0]!.text)).toEqual({ complexity_reasoning: "", complexity_score: 1 });
    const body = { contents: [{ role: "user", parts: [{ text: "go" }] }], tools: [{ functionDeclarations: [{ name: "mcp_alpha_search", description: "a", parametersJsonSchema: {} }] }] };
    const first = post("/v1beta/models/pro:streamGenerateContent?alt=sse", body, headers);
    const turn = await provider.nextTurn("cli", 5_000);
    expect(turn.content.tools.map((tool) => tool.name)).toEqual(["mcp_alpha_search"]);
    turn.answer({ type: "tool-call", id: "c1", name: "mcp_alpha_search", arguments: { probe: "p" } });
    expect(parseSse(await (await first).text())[0]![1]).toMatchObject({ candidates: [{ content: { parts: [{ functionCall: { id: "c1", name: "mcp_alpha_search", args: { probe: "p" } } }] } }] });
    const second = post("/v1beta/models/pro:streamGenerateContent?alt=sse", {
      ...body, contents: [{ role: "user", parts: [{ functionResponse: { id: "c1", name: "mcp_alpha_search", response: { output: "hi" } } }] }],
    }, headers);
    const next = await provider.nextTurn("cli", 5_000);
    expect(next.content.toolResults).toEqual([{ id: "c1", name: "mcp_alpha_search", isError: false, text: '{"output":"hi"}' }]);
    next.answer({ type: "text", text: "bye" });
    await (await second).text();
    expect(provider.recordsOf("cli").map((record) => record.kind)).toEqual(["side", "turn", "turn"]);
  });

  it("a forgotten client's held turn is answered with text, and nextTurn times out when nothing comes", async () => {
    const pending = post("/v1/responses", { model: "m", stream: true, tools: [{ type: "function", name: "f" }], input: "go" }, { authorization: "Bearer key-1" });
    await provider.nextTurn("cli", 5_000).then(() => undefined);
    provider.expect("other", "key-2");
    await expect(provider.nextTurn("other", 50)).rejects.toThrow(/no model turn from other within 50 ms/);
    provider.forget("cli");
    expect(parseSse(await (await pending).text()).length).toBe(4);
  });
});
