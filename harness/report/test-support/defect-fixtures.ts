/**
 * Hand-built findings for the defect tests and renderer previews: a world, a session of it as the records
 * would hold it (what the host showed, where each call arrived), and clauses failing on it in their own words.
 */
import { describeTool } from "../../world/tool-identity.ts";
import type { ClauseReport, EvidenceStep, Finding, Report, ReportServer } from "../report-model.ts";
import { sampleReport } from "../sample-report.ts";
import { totalsOf } from "../../runner/verdict.ts";

/** A server of a world: `tools` advertised. */
export const server = (key: string, tools: string[]): ReportServer => ({ key, tools, serverInfo: { name: key, version: "1.0.0" } });

/** One session of a case: what the host showed (name → the server's tool it stands for) and each call's delivery. */
export interface SessionSpec {
  shown: Array<[name: string, server: string, tool: string]>;
  /** name called → the server and tool it arrived at (undefined: nowhere). */
  calls?: Array<[name: string, to?: [server: string, tool: string]]>;
  errors?: Array<{ server?: string; message: string }>;
  localTools?: Array<{ name: string; shape: string }>;
  /** Per server: the cursor of each tools/list the host sent it (undefined: the first page); else one request. */
  lists?: Record<string, Array<string | undefined>>;
  /** After the first list: a refresh (of `server`, else of every server) and what the host showed then. */
  refreshed?: { server?: string; shown: Array<[name: string, server: string, tool: string]> };
  /**
   * Per server: where what the host sent it arrived, each server's on a connection of its own opened with an
   * initialize (another server: the host took one for the other; null: nowhere, it never reached it). Absent:
   * each server received its own list requests, with no initialize.
   */
  sentTo?: Record<string, string | null>;
}

/** The evidence of a case that opened `sessions` on world 1 of `servers`. */
export function evidenceOf(servers: readonly ReportServer[], sessions: readonly SessionSpec[]): Finding["evidence"] {
  const steps: EvidenceStep[] = [{
    kind: "world", world: 1, transport: "http",
    servers: servers.map(({ key, tools, unreachable, failure, pageSize, emptyCursor }) => ({
      key, tools, ...(unreachable ? { unreachable } : {}), ...(failure ? { failure } : {}), ...(pageSize ? { pageSize } : {}), ...(emptyCursor ? { emptyCursor } : {}),
    })),
  }];
  type Message = { method: string; connection: number; tool?: string; arguments?: unknown; cursor?: string };
  const received = new Map<string, Message[]>(servers.map((s) => [s.key, []]));
  let probe = 0;
  sessions.forEach((spec, index) => {
    const session = index + 1;
    steps.push({ kind: "host", method: "open", session, request: { servers: servers.map(({ key }) => ({ key, transport: "http" })), ...(spec.localTools ? { localTools: spec.localTools } : {}) },
      answer: { outcome: { registered: {}, errors: spec.errors ?? [] }, diagnostics: [] } });
    const tools = (shown: SessionSpec["shown"]) => ({ tools: shown.map(([name, key, tool]) => ({ name, description: describeTool(key, tool) })) });
    steps.push({ kind: "host", method: "tools", session, request: {}, answer: tools(spec.shown) });
    if (spec.refreshed) {
      steps.push({ kind: "host", method: "refresh", session, request: spec.refreshed.server ? { server: spec.refreshed.server } : {}, answer: { outcome: { registered: {}, errors: [] }, diagnostics: [] } });
      steps.push({ kind: "host", method: "tools", session, request: {}, answer: tools(spec.refreshed.shown) });
    }
    servers.forEach(({ key }, at) => {
      const to = spec.sentTo === undefined ? key : spec.sentTo[key] === undefined ? key : spec.sentTo[key];
      if (to === null) return;
      const connection = spec.sentTo === undefined ? session : session * 100 + at;
      if (spec.sentTo !== undefined) received.get(to)!.push({ method: "initialize", connection });
      for (const cursor of spec.lists?.[key] ?? [undefined]) received.get(to)!.push({ method: "tools/list", connection, ...(cursor !== undefined ? { cursor } : {}) });
    });
    for (const [name, to] of spec.calls ?? []) {
      const args = { probe: `probe-${++probe}` };
      steps.push({ kind: "host", method: "call", session, request: { name, arguments: args }, answer: { ok: true, content: [] } });
      if (to) received.get(to[0])?.push({ method: "tools/call", connection: session, tool: to[1], arguments: args });
    }
  });
  for (const [key, messages] of received) steps.push({ kind: "received", world: 1, server: key, messages });
  return { steps, omitted: 0 };
}

/** `found` with its world opened over `transport` (the fixtures' worlds are opened over HTTP). */
export function over(transport: "stdio" | "http" | "memory", found: Finding): Finding {
  const steps = found.evidence!.steps.map((step) => step.kind === "world" ? { ...step, transport }
    : step.kind === "host" && step.method === "open"
      ? { ...step, request: { ...(step.request as object), servers: ((step.request as { servers: Array<{ key: string }> }).servers).map(({ key }) => ({ key, transport })) } }
      : step);
  return { ...found, evidence: { ...found.evidence!, steps } };
}

/** A finding of case `number` on `servers`, in the clause's own words. */
export function finding(number: number, servers: readonly ReportServer[], sessions: readonly SessionSpec[], words = `story ${number}`, status: Finding["status"] = "fail"): Finding {
  return {
    case: number, kind: "constructed", status, reason: `violated on constructed case ${number} of 9 (${words})`, path: String(number - 1),
    counterexample: { servers: [...servers], variants: [], value: {} }, expected: `expected ${words}`, observed: `observed ${words}`,
    evidence: evidenceOf(servers, sessions), repro: `npx mcp-collide run --clause X --seed 1 --path ${number - 1}`,
  };
}

/** A clause with `findings` (its top-level fields repeat the first, as the runner writes them). */
export function failing(id: string, findings: Finding[], extra: Partial<ClauseReport> = {}): ClauseReport {
  const [first] = findings;
  const { case: _case, kind: _kind, defect: _defect, status: _status, ...top } = first ?? { reason: "held" };
  const status = findings.some((f) => f.status === "error") ? "error" : findings.some((f) => f.status === "fail") ? "fail" : findings.length > 0 ? "warn" : "pass";
  return {
    id, level: status === "warn" ? "SHOULD" : "MUST", summary: `the summary of ${id}`, sources: ["ADR-0112 P1"], seed: 1, cases: 9, shrinks: 0,
    situations: {}, durationMs: 1, ...top, status, ...(findings.length > 0 ? { findings } : {}), ...extra,
  } as ClauseReport;
}

/** A report of `clauses` (in the order given, which the tests keep to the catalogue's). */
export function reportOf(clauses: ClauseReport[], overrides: Partial<Report> = {}): Report {
  return { ...sampleReport(), clauses, totals: totalsOf(clauses), sessionPoisoning: undefined, ...overrides };
}

/** The exact-duplicate world: one name on two servers. */
export const duplicate = [server("alpha", ["request"]), server("beta", ["request"])];
/** The host shows the name twice; a call of it reaches alpha. */
export const twiceToAlpha: SessionSpec = { shown: [["request", "alpha", "request"], ["request", "beta", "request"]], calls: [["request", ["alpha", "request"]]] };
