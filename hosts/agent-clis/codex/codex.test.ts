import { describe, expect, it } from "vitest";
import { codex, CODEX_SEARCH_MODEL, codexConfig, codexDeferredNamespaces } from "./codex.ts";

/** A Responses `function_call_output` body as Codex writes it for an MCP call: the wall time, then the output. */
const output = (text: string) => JSON.stringify([{ type: "input_text", text: "Wall time: 0.0045 seconds\nOutput:" }, { type: "input_text", text }]);

describe("Codex's eager surface reads what it handed the model", () => {
  const { resultOf } = codex("default");
  const read = (text: string) => resultOf([{ id: "c1", isError: false, text }], "c1", "mcp__alpha/request");

  it("marks Codex's own failure of a call (a server gone mid-session) as an error, with its text", () => {
    const text = output("tool call error: tool call failed for `alpha/request`\n\nCaused by:\n    0: handshaking with MCP server failed");
    expect(read(text)).toEqual({ id: "c1", isError: true, text });
    expect(read('"unsupported call: mcp__alpha/nope"')?.isError).toBe(true);
  });

  it("leaves a tool's own output unmarked, whatever it says (Codex sends no error flag for isError results)", () => {
    expect(read(output("tool \"fail\" of server \"alpha\" failed on purpose"))?.isError).toBe(false);
    expect(read(output("the tool call error: was a fine answer"))?.isError).toBe(false);
  });
});

describe("codex tool-search variant", () => {
  it("reads the deferred namespaces Codex lists, and searches as a model would", () => {
    const text = "<tools>\nDeferred tool namespaces:\n- mcp__alpha\n- mcp__popo-acp\n- multi_agent_v1: Tools for spawning and managing sub-agents.\n</tools>";
    expect(codexDeferredNamespaces(text)).toEqual(["mcp__alpha", "mcp__popo-acp"]);
    const cli = codex("tool-search");
    expect(cli.search?.tool).toBe("tool_search");
    expect(cli.search?.reply("request", "c1")).toEqual({ type: "tool-search-call", id: "c1", arguments: { query: "request", limit: 8 } });
    expect(codexConfig([], "http://127.0.0.1:1", "tool-search")).toContain(`model = "${CODEX_SEARCH_MODEL}"`);
  });
});
