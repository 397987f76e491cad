/**
 * A small hand-built report for tests and renderer previews: one clause of every status, a world with a
 * collision, and host strings built to break a renderer that forgets to escape (markup, table pipes,
 * backticks, control and bidi characters).
 */
import type { ClauseReport, Report, ReportServer } from "./report-model.ts";
import { totalsOf } from "../runner/verdict.ts";

/** A hostile string: HTML, Markdown table syntax, a backtick run, a BEL, a bidi override, XML's `]]>`. */
export const HOSTILE = "<script>alert(1)</script> | `tick`` \u0007 \u202Eevil ]]> &amp;";

const server = (key: string, tools: string[]): ReportServer => ({
  key, tools, serverInfo: { name: key, version: "1.0.0" }, latency: { initialize: 0, toolsList: 0 }, unreachable: false,
});

const clause = (id: string, status: ClauseReport["status"], extra: Partial<ClauseReport> = {}): ClauseReport => ({
  id, level: id.startsWith("surface/all") || id.startsWith("diag/") ? "SHOULD" : "MUST", status,
  summary: `the summary of ${id}`, sources: ["ADR-0112 P1"], reason: `${status} because`, seed: 7, cases: 3, shrinks: 0,
  situations: { "multi-server": 3, "exact-duplicate": 2 }, judged: { "multi-server": 3, "exact-duplicate": 1 }, durationMs: 12, ...extra,
});

/** A report with one clause of each status; `overrides` replaces top-level fields. */
export function sampleReport(overrides: Partial<Report> = {}): Report {
  const clauses: ClauseReport[] = [
    clause("order/config-permutation", "pass"),
    clause("surface/no-silent-loss", "fail", {
      path: "1:0:2", shrinks: 4,
      counterexample: {
        servers: [server("alpha", ["search", "fetch"]), server("beta", ["search", HOSTILE])],
        variants: [{ servers: [server("beta", ["search"]), server("alpha", ["search"])] }],
        titles: ["configured as [\"alpha\", \"beta\"]", "configured servers permuted: [\"alpha\", \"beta\"] → [\"beta\", \"alpha\"]"],
        value: { world: { servers: [] } },
      },
      evidence: {
        steps: [
          { kind: "world", world: 1, transport: "http", servers: [{ key: "alpha", tools: ["search", "fetch"] }, { key: "beta", tools: ["search", HOSTILE] }] },
          { kind: "host", method: "open", session: 1, request: { servers: [{ key: "alpha", transport: "http" }, { key: "beta", transport: "http" }] }, answer: { outcome: { registered: { alpha: [], beta: ["search"] }, errors: [] }, diagnostics: [{ level: "warning", message: HOSTILE }] } },
          { kind: "host", method: "call", session: 1, request: { name: "search", arguments: { probe: "probe-1" } }, answer: { ok: false, error: { message: `refused: ${HOSTILE}` } } },
          { kind: "received", world: 1, server: "beta", messages: [{ method: "initialize", connection: 1 }, { method: "tools/call", connection: 1, tool: "search", arguments: { probe: "probe-1" } }] },
        ],
        omitted: 0,
      },
      diagnosis: [`open (session 1): registered "alpha": [], "beta": ["search"]; error ${JSON.stringify(HOSTILE)}`, `server "beta" (world 1) received initialize, tools/call "search"`],
      expected: "every advertised tool shown",
      observed: `"search" of "alpha" not shown; host said ${HOSTILE}`,
      repro: "npx mcp-collide run --clause surface/no-silent-loss --seed 7 --path 1:0:2 --transport http --host last-wins",
    }),
    clause("surface/all-or-nothing", "warn", {
      path: "0:1", counterexample: { servers: [server("store.refunds", ["issue_refund"]), server("store_refunds", ["issue_refund"])], variants: [], value: {} },
      expected: "none of that server's tools", observed: "1 tool shown",
      repro: "npx mcp-collide run --clause surface/all-or-nothing --seed 7 --path 0:1 --transport http --host last-wins",
    }),
    clause("wire/passthrough", "error", {
      cases: 1, reason: "the host broke (crash): exited with code 1",
      error: { kind: "crash", message: `exited with code 1 ${HOSTILE}`, stderrTail: `Traceback\n  boom ${HOSTILE}\n` },
    }),
    clause("guard/every-shape", "not-applicable", { cases: 0, situations: {}, judged: {}, reason: "the host declares no registerLocal shapes" }),
    clause("names/injective", "inconclusive", {
      situations: { "multi-server": 3, "separator-clash": 2 }, judged: { "multi-server": 3 }, constructed: 1, random: 2,
      coverage: [
        { hazard: "separator-clash", required: true, status: "not-judged", random: 0, constructed: [{ title: "a_b: c · a: b_c", case: 1, outcome: "not-judged", note: `open: error ${JSON.stringify(HOSTILE)}; showed 0 tool(s)` }] },
        { hazard: "multi-server", required: true, status: "judged", random: 2, firstRandomCase: 2, constructed: [] },
      ],
      reason: `held in 1 constructed and 2 random case(s), but these situations were never judged: separator-clash (constructed case 1 ("a_b: c · a: b_c"): open: error ${JSON.stringify(HOSTILE)}; showed 0 tool(s); met in 2 of 3 case(s), none of which could judge it)`,
    }),
  ];
  // The failing clause's further case: another world, told on its own (the first repeats the clause's fields).
  const lost = clauses[1]!;
  const { id: _id, level: _level, summary: _summary, sources: _sources, seed: _seed, cases: _cases, shrinks: _shrinks, situations: _situations, judged: _judged, durationMs: _duration, status: _status, ...first } = lost;
  lost.findings = [
    { case: 2, kind: "random", status: "fail", ...first },
    {
      case: 3, kind: "random", status: "fail", reason: `violated in random case 3: ${HOSTILE}`, path: "2:0",
      counterexample: { servers: [server("beta", ["fetch", HOSTILE])], variants: [], value: {} },
      expected: "every advertised tool shown", observed: `${JSON.stringify(HOSTILE)} of "beta" not shown`,
      repro: "npx mcp-collide run --clause surface/no-silent-loss --seed 7 --path 2:0 --transport http --host last-wins",
    },
  ];
  clauses[5]!.confounds = [{ cause: "non-deterministic", clause: "names/deterministic", cases: [1], detail: `two identical opens showed ["a"] then [${JSON.stringify(HOSTILE)}]` }];
  const report: Report = {
    harness: { name: "mcp-collide", version: "0.1.0" }, protocolVersion: "1", catalogueVersion: "1",
    host: { name: `sample-host ${HOSTILE}`, version: "9.9.9" }, hostCommand: ["node", "adapter.js"], transport: "http",
    seed: 7, runs: 3, node: "v20.0.0", startedAt: "2026-01-02T03:04:05.678Z", durationMs: 1234,
    clauses, totals: totalsOf(clauses), exitCode: 2,
    sessionPoisoning: [{ victim: { clause: "names/deterministic", case: 2 }, poisoner: { clause: "wire/at-most-once", case: 1 }, expected: "the same surface", observed: `alpha gone ${HOSTILE}` }],
  };
  return { ...report, ...overrides };
}
