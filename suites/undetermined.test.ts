/**
 * HAP/1 `undetermined` (docs/hap-1.md): an adapter that cannot tell whether its host handed a call's answer
 * to the model as a failure or as output (an agent CLI on Chat Completions whose failure texts are unknown)
 * says so, and the three clauses that judge whether a call failed leave that call unjudged: INCONCLUSIVE,
 * never a FAIL read from text the adapter did not understand. A call that reached a server it should not
 * have still fails.
 */
import { describe, expect, it } from "vitest";
import { inProcessLauncher, paced, runClauses, type CallResult, type HostAdapter } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { clauses } from "./index.ts";

const judged = ["wire/unknown-name", "wire/tool-error-reaches-model", "drift/mid-session-loss"];

/**
 * The reference host (or one-bug host `bug`) as a CLI on a wire with no error flag shows it: every answer, a
 * refusal or a tool error too, reaches the model as text; `undetermined` says whether the adapter admits it
 * cannot read that text.
 */
function plainText(undetermined: boolean, bug?: string): () => HostAdapter {
  return () => {
    const inner = createHost(bug);
    const flat = (result: CallResult): CallResult => {
      const text = result.ok ? JSON.stringify(result.content) : result.error.message;
      return { ok: true, content: [{ type: "text", text }], ...(undetermined ? { undetermined: "no error flag on this wire, and no failure text known" } : {}) };
    };
    return {
      initialize: () => inner.initialize(),
      open: (params) => inner.open(params),
      tools: (session) => inner.tools(session),
      call: async (session, name, args) => flat(await inner.call(session, name, args)),
      close: (session) => inner.close(session),
      shutdown: () => inner.shutdown(),
    };
  };
}

const run = (host: () => HostAdapter, ids: readonly string[]) =>
  runClauses({ clauses: clauses.filter((clause) => ids.includes(clause.id)), launcher: inProcessLauncher(host), transport: "memory", seed: 11, runs: 3 });

describe("an answer the adapter cannot read (HAP/1 undetermined)", () => {
  it("read as output, a refusal in plain words fails the clauses that judge failures", async () => {
    const report = await run(plainText(false), judged);
    expect(Object.fromEntries(report.clauses.map((clause) => [clause.id, clause.status]))).toEqual({
      "wire/unknown-name": "fail", "wire/tool-error-reaches-model": "warn", "drift/mid-session-loss": "fail",
    });
  }, paced(120_000));

  it("said to be undetermined, it judges nothing: INCONCLUSIVE, never FAIL", async () => {
    const report = await run(plainText(true), judged);
    expect(report.clauses.map((clause) => clause.status)).toEqual(["inconclusive", "inconclusive", "inconclusive"]);
    for (const clause of report.clauses) expect(clause.reason, clause.id).toMatch(/were never judged/);
  }, paced(120_000));

  it("a call of a name it does not show that reaches a server fails all the same", async () => {
    const report = await run(plainText(true, "bare-fallback"), ["wire/unknown-name"]);
    expect(report.clauses.map((clause) => [clause.id, clause.status])).toEqual([["wire/unknown-name", "fail"]]);
    expect(report.clauses[0]!.observed).toContain("reaching");
  }, paced(120_000));
});
