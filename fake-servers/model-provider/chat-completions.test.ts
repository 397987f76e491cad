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

const post = (path: string, body: unknown) =>
  fetch(`${provider.origin}${path}`, { method: "POST", headers: { "content-type": "application/json", authorization: "Bearer key-1" }, body: JSON.stringify(body) });

const tools = [
  { type: "function", function: { name: "alpha__search", description: "a", parameters: { type: "object" } } },
  { type: "web_search" },
];

interface Chunk { choices: Array<{ delta: { role?: string; content?: string; tool_calls?: Array<{ index: number; id?: string; function: { name?: string; arguments: string } }> }; finish_reason: string | null }>; usage?: unknown }

describe("Chat Completions front end", () => {
  it("records a streamed turn before answering, streams a call as tool_calls deltas ending in finish_reason tool_calls and [DONE], and reads role: tool results back", async () => {
    const first = post("/v1/chat/completions", { model: "m", stream: true, stream_options: { include_usage: true }, tools, messages: [{ role: "system", content: "be brief" }, { role: "user", content: [{ type: "text", text: "go" }] }] });
    const turn = await provider.nextTurn("cli", 5_000);
    expect(provider.records).toMatchObject([{ seq: 1, url: "/v1/chat/completions", frontEnd: "openai-chat", client: "cli", kind: "turn", body: { model: "m", stream: true } }]);
    expect(turn.frontEnd).toBe("openai-chat");
    expect(turn.content.tools).toEqual([{ name: "alpha__search", description: "a", inputSchema: { type: "object" } }]);
    expect(turn.content.text).toBe("be brief\ngo");
    turn.answer({ type: "tool-call", id: "call_1", name: "alpha__search", arguments: { probe: "p" } });
    const events = parseSse(await (await first).text());
    expect(events.at(-1)).toEqual([undefined, "[DONE]"]);
    const chunks = events.slice(0, -1).map(([, data]) => data as Chunk);
    expect(chunks[0]!.choices[0]!.delta).toEqual({ role: "assistant", content: "" });
    const calls = chunks.flatMap((chunk) => chunk.choices.flatMap((choice) => choice.delta.tool_calls ?? []));
    expect(calls[0]).toEqual({ index: 0, id: "call_1", type: "function", function: { name: "alpha__search", arguments: "" } });
    expect(JSON.parse(calls.map((call) => call.function.arguments).join(""))).toEqual({ probe: "p" });
    expect(chunks.flatMap((chunk) => chunk.choices.map((choice) => choice.finish_reason)).filter((reason) => reason !== null)).toEqual(["tool_calls"]);
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { total_tokens: 2 } });

    const second = post("/v1/chat/completions", {
      model: "m", stream: true, tools,
      messages: [
        { role: "user", content: "go" },
        { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "alpha__search", arguments: '{"probe":"p"}' } }] },
        { role: "tool", tool_call_id: "call_1", content: [{ type: "text", text: "alpha says hi" }] },
      ],
    });
    const next = await provider.nextTurn("cli", 5_000);
    expect(next.content.toolResults).toEqual([{ id: "call_1", isError: false, text: "alpha says hi" }]);
    expect(() => next.answer({ type: "custom-tool-call", id: "x", name: "exec", input: "1" })).toThrow(/no freeform tool calls/);
    expect(() => next.answer({ type: "tool-call", id: "x", name: "search", namespace: "mcp__alpha", arguments: {} })).toThrow(/no tool namespaces/);
    expect(next.settled).toBe(false);
    next.answer({ type: "text", text: "bye" });
    const final = parseSse(await (await second).text()).slice(0, -1).map(([, data]) => data as Chunk);
    expect(final.map((chunk) => chunk.choices[0]!.delta.content ?? "").join("")).toBe("bye");
    expect(final.at(-1)!.choices[0]!.finish_reason).toBe("stop");
    expect(final.some((chunk) => chunk.usage !== undefined)).toBe(false);
  });

  it("a non-streamed request with tools is a turn too, answered as one chat.completion", async () => {
    const pending = post("/chat/completions", { model: "m", tools, messages: [{ role: "user", content: "go" }] });
    const turn = await provider.nextTurn("cli", 5_000);
    turn.answer({ type: "tool-call", id: "call_2", name: "alpha__search", arguments: {} });
    const body = await (await pending).json();
    expect(body).toMatchObject({
      object: "chat.completion",
      choices: [{ finish_reason: "tool_calls", message: { role: "assistant", content: null, tool_calls: [{ id: "call_2", type: "function", function: { name: "alpha__search", arguments: "{}" } }] } }],
    });
  });

  it("side calls without tools are answered at once: plain text, or JSON fitting a response_format schema", async () => {
    const plain = await (await post("/v1/chat/completions", { model: "m", messages: [{ role: "user", content: "title?" }] })).json();
    expect(plain).toMatchObject({ choices: [{ message: { content: "ok" }, finish_reason: "stop" }] });
    const schema = { type: "object", properties: { next_speaker: { type: "string", enum: ["user", "model"] } }, required: ["next_speaker"] };
    const shaped = await (await post("/v1/chat/completions", { model: "m", messages: [], response_format: { type: "json_schema", json_schema: { name: "s", schema } } })).json() as { choices: Array<{ message: { content: string } }> };
    expect(JSON.parse(shaped.choices[0]!.message.content)).toEqual({ next_speaker: "user" });
    const streamed = parseSse(await (await post("/v1/chat/completions", { model: "m", stream: true, messages: [] })).text());
    expect(streamed.at(-1)).toEqual([undefined, "[DONE]"]);
    expect(provider.records.map((record) => [record.frontEnd, record.kind])).toEqual([["openai-chat", "side"], ["openai-chat", "side"], ["openai-chat", "side"]]);
  });
});
