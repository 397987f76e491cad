/**
 * Codex's deferred tools on the Responses wire: the provider answers a held turn with a `tool_search_call` item,
 * and counts the namespaces a `tool_search_output` item brings among the turn's tools (with the output as the
 * call's result), so a driver can search the way a model does and see what the search loaded.
 */
import { describe, expect, it } from "vitest";
import { readResponses, ResponsesRequestSchema, responsesStream } from "./openai-responses.ts";

describe("the Responses front end's tool_search", () => {
  it("streams a tool_search_call item with its arguments as an object, executed by the client", () => {
    const events = responsesStream({ type: "tool-search-call", id: "call_1", arguments: { query: "request", limit: 8 } }, "gpt-5.5", "resp_1");
    const done = events.find(([name]) => name === "response.output_item.done")![1] as { item: Record<string, unknown> };
    expect(done.item).toEqual({ type: "tool_search_call", id: "tsc_call_1", call_id: "call_1", execution: "client", arguments: { query: "request", limit: 8 }, status: "completed" });
  });

  it("reads a tool_search_output's namespaces as tools of the turn, and the output as the call's result", () => {
    const loaded = { type: "namespace", name: "mcp__alpha", tools: [{ type: "function", name: "request", description: "d", parameters: { type: "object" }, defer_loading: true }] };
    const request = ResponsesRequestSchema.parse({
      tools: [{ type: "tool_search", execution: "client" }],
      input: [{ type: "tool_search_call", call_id: "call_1" }, { type: "tool_search_output", call_id: "call_1", execution: "client", tools: [loaded] }],
    });
    const turn = readResponses(request);
    expect(turn.tools).toEqual([{ name: "request", namespace: "mcp__alpha", description: "d", inputSchema: { type: "object" } }]);
    expect(turn.toolResults).toEqual([{ id: "call_1", isError: false, text: JSON.stringify({ tools: [loaded] }) }]);
  });

  it("loads a tool two searches both found once, but keeps a repeat within one answer and another tool under a repeated name", () => {
    const tool = (name: string, description = "d") => ({ type: "function", name, description, parameters: { type: "object" } });
    const namespace = (name: string, ...tools: object[]) => ({ type: "namespace", name, tools });
    const output = (id: string, ...tools: object[]) => [{ type: "tool_search_call", call_id: id }, { type: "tool_search_output", call_id: id, execution: "client", tools }];
    const request = ResponsesRequestSchema.parse({
      tools: [{ type: "tool_search", execution: "client" }],
      input: [
        ...output("call_1", namespace("mcp__Search", tool("request")), namespace("mcp__search", tool("request"))),
        ...output("call_2", namespace("mcp__search", tool("request")), namespace("mcp__Search", tool("request")), namespace("mcp__Search", tool("request", "other"))),
        ...output("call_3", namespace("mcp__beta", tool("search"), tool("search"))),
      ],
    });
    expect(readResponses(request).tools.map((loaded) => [loaded.namespace, loaded.name, loaded.description])).toEqual([
      ["mcp__Search", "request", "d"], ["mcp__search", "request", "d"], ["mcp__Search", "request", "other"], ["mcp__beta", "search", "d"], ["mcp__beta", "search", "d"],
    ]);
  });
});
