import { describe, expect, it } from "vitest";
import { diagnosis, hostSummary } from "./diagnosis.ts";
import type { Evidence } from "./report-model.ts";

/** A session on one paged server (3 pages of 2) and one plain one; `cursors`: the cursors alpha was asked for. */
function evidence(cursors: string[]): Evidence {
  return {
    steps: [
      { kind: "world", world: 1, transport: "http", servers: [{ key: "alpha", tools: ["a", "b", "c", "d", "e"], pageSize: 2 }, { key: "beta", tools: ["f"] }] },
      { kind: "host", method: "open", session: 1, request: {}, answer: { outcome: { registered: { alpha: ["a", "b"], beta: ["f"] }, errors: [{ server: "beta", message: "beta \u001b[2J said no" }] }, diagnostics: [] } },
      { kind: "host", method: "tools", session: 1, request: {}, answer: { tools: [{ name: "a" }, { name: "b" }, { name: "f" }] } },
      { kind: "host", method: "call", session: 1, request: { name: "a" }, answer: { ok: false, error: { message: "nope" } } },
      { kind: "received", world: 1, server: "alpha", messages: [{ method: "initialize", connection: 1 }, { method: "tools/list", connection: 1 }, ...cursors.map((cursor) => ({ method: "tools/list", connection: 1, cursor }))] },
      { kind: "received", world: 1, server: "beta", messages: [{ method: "tools/list", connection: 1 }, { method: "tools/list", connection: 1 }, { method: "tools/call", connection: 1, tool: "f" }] },
    ],
    omitted: 0,
  };
}

describe("diagnosis", () => {
  it("says what the host answered and what each server received, pages included, host text quoted", () => {
    expect(diagnosis(evidence([]))).toEqual([
      'open (session 1): registered "alpha": ["a", "b"], "beta": ["f"]; error "beta \\u001b[2J said no"',
      'tools (session 1): showed 3 ("a", "b", "f")',
      'call "a" (session 1): answered an error: "nope"',
      'server "alpha" (world 1) received initialize, tools/list (its list is 3 pages of 2: the host asked for page 1 and never for the next cursor)',
      'server "beta" (world 1) received tools/list ×2, tools/call "f"',
    ]);
    expect(diagnosis(evidence(["p2", "p3"]))[3]).toBe('server "alpha" (world 1) received initialize, tools/list, tools/list (cursor "p2"), tools/list (cursor "p3") (its list is 3 pages of 2: the host asked for 3 of them)');
  });

  it("folds a host polled with the same answer many times into one line", () => {
    const polled = evidence([]);
    const tools = polled.steps[2]!;
    polled.steps.splice(2, 1, ...Array.from({ length: 200 }, () => tools));
    expect(diagnosis(polled).slice(1, 3)).toEqual(['tools (session 1): showed 3 ("a", "b", "f") (200 times in a row)', 'call "a" (session 1): answered an error: "nope"']);
  });

  it("sums up each open in one line for a coverage note", () => {
    expect(hostSummary(evidence([]))).toBe('open: error "beta \\u001b[2J said no"; showed 3 tool(s)');
    expect(hostSummary({ steps: [], omitted: 0 })).toBe("the host was asked nothing");
  });
});
