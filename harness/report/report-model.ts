/**
 * The report model: the single source of truth for `report.json`, its JSON Schema
 * (`reports/report.schema.json`, generated from this file) and every format rendered from it.
 * Field names are a public contract: a field may be added (optional), never renamed or removed.
 */
import { z } from "zod";

/** A clause's verdict. */
export const ClauseStatusSchema = z.enum(["pass", "fail", "warn", "not-applicable", "error", "inconclusive"]);
/** A clause's verdict. */
export type ClauseStatus = z.infer<typeof ClauseStatusSchema>;

/** One server of a counterexample world, as the report draws it. */
export const ReportServerSchema = z.object({
  key: z.string().describe("The server's configuration key: the label a host must name it by."),
  tools: z.array(z.string()).describe("The wire names the server advertises, in its list order."),
  serverInfo: z.object({ name: z.string(), version: z.string() }).describe("What the server claims about itself on initialize (may lie)."),
  latency: z.object({ initialize: z.number(), toolsList: z.number() }).optional().describe("Milliseconds the server waits before answering."),
  unreachable: z.boolean().optional().describe("The server cannot be reached at all."),
  failure: z.string().optional().describe("How the server fails while a host loads it (initialize-error, list-error, list-unanswered, list-crash, nameless-tool, schema-not-object, stuck-cursor, repeated-page); for an unreachable server, how it cannot be reached (refused, reset, silent, exits, stdout-closed; absent: nothing serves its address)."),
  pageSize: z.number().int().optional().describe("Tools per tools/list page, where the server pages its list (absent: the whole list on one page)."),
  emptyCursor: z.number().int().optional().describe("The page (from 1) whose nextCursor is the empty string, a valid cursor the host must send back (absent: every cursor is a token)."),
});
/** One server of a counterexample world. */
export type ReportServer = z.infer<typeof ReportServerSchema>;

/** The smallest world found, plus any further worlds the case opened (permutations, variants). */
export const CounterexampleSchema = z.object({
  servers: z.array(ReportServerSchema).describe("The case's main world, in configuration order."),
  variants: z.array(z.object({ servers: z.array(ReportServerSchema) })).default([]).describe("Further worlds the case opened (a permutation, a re-timing ...)."),
  titles: z.array(z.string()).optional().describe("One title per world (the main world first, then each variant), saying what distinguishes it: what was permuted, in which order servers answered ..."),
  /** The whole case as fast-check produced it, for replay by value. */
  value: z.unknown().describe("The whole case as fast-check produced it; `mcp-collide repro` replays it by value."),
});
/** The smallest world found. */
export type Counterexample = z.infer<typeof CounterexampleSchema>;

/** A server of a world the harness started during a case, as the evidence lists it. */
const EvidenceServerSchema = z.object({
  key: z.string(),
  tools: z.array(z.string()).describe("The wire names it advertises at the start."),
  unreachable: z.boolean().optional(),
  failure: z.string().optional().describe("How it fails while a host loads it (initialize-error, list-error, list-unanswered, list-crash, nameless-tool, schema-not-object, stuck-cursor, repeated-page); for an unreachable server, how it cannot be reached (refused, reset, silent, exits, stdout-closed; absent: nothing serves its address)."),
  pageSize: z.number().int().optional().describe("Tools per tools/list page, where it pages its list (absent: the whole list on one page)."),
  emptyCursor: z.number().int().optional().describe("The page (from 1) whose nextCursor is the empty string (absent: every cursor is a token)."),
  prompts: z.array(z.string()).optional().describe("The prompt names it lists at the start (absent: it serves no prompts)."),
  resources: z.array(z.string()).optional().describe("The resource URIs it lists at the start (absent: it serves no resources)."),
  templates: z.array(z.string()).optional().describe("The resource URI templates it lists at the start."),
  contextErrors: z.array(z.string()).optional().describe("The lists it answers with an error (prompts, resources, templates)."),
  contextPaging: z.record(z.string(), z.object({ pageSize: z.number().int(), emptyCursor: z.boolean().optional() })).optional()
    .describe("How it pages its prompts, resources or templates: items a page, and whether the second page's cursor is the empty string."),
});

/** One message a fake server received, in the order it arrived (before the server judged it). */
const EvidenceMessageSchema = z.object({
  method: z.string(),
  connection: z.number().int().describe("Which connection of that server it came on (each spawn or HTTP session is a new one)."),
  tool: z.string().optional().describe("For tools/call: the tool name exactly as it arrived."),
  arguments: z.unknown().optional().describe("For tools/call: the arguments exactly as they arrived."),
  cursor: z.string().optional().describe("For a list request (tools/list ...): the cursor it carried, exactly as it arrived (absent: the first page)."),
  requestId: z.union([z.string(), z.number()]).optional().describe("For notifications/cancelled: the request id it names, exactly as it arrived."),
  cancelled: z.object({ method: z.string(), tool: z.string().optional(), answered: z.boolean() }).optional()
    .describe("For notifications/cancelled naming a request of that connection: its method (and tool), and whether the server had already answered it."),
  prompt: z.string().optional().describe("For prompts/get: the prompt name exactly as it arrived."),
  uri: z.string().optional().describe("For resources/read: the URI exactly as it arrived."),
});

/** One thing that happened during a case, in order. */
export const EvidenceStepSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("world"),
    world: z.number().int().describe("The world's number within the case, from 1."),
    transport: z.string(),
    servers: z.array(EvidenceServerSchema),
  }).describe("The harness started a world of fake servers."),
  z.object({
    kind: z.literal("host"),
    method: z.string().describe("The HAP/1 request: open, tools, call, refresh, registerLocal, pin, prompts, getPrompt, resources, readResource, close."),
    session: z.number().int().optional().describe("Which session of the case it concerns, from 1 (the host's own session ids are left out: they differ between runs)."),
    request: z.unknown().describe("The request's parameters exactly as sent, but for server transports (shown by kind: their addresses differ between runs)."),
    answer: z.unknown().optional().describe("The host's answer (host data: quote it, never trust it)."),
    error: z.string().optional().describe("The error the adapter threw instead of answering."),
  }).describe("A request the harness made to the host, and the host's answer."),
  z.object({
    kind: z.literal("received"),
    world: z.number().int(),
    server: z.string(),
    messages: z.array(EvidenceMessageSchema),
  }).describe("Every message one fake server of a world received, as the world closed."),
]);
/** One thing that happened during a case. */
export type EvidenceStep = z.infer<typeof EvidenceStepSchema>;

/** The case a verdict rests on, as it happened: the harness's requests, the host's answers, what each server received. */
export const EvidenceSchema = z.object({
  steps: z.array(EvidenceStepSchema),
  omitted: z.number().int().default(0).describe("Steps and messages left out to keep the report readable (the repro line replays them all)."),
});
/** The case a verdict rests on, as it happened. */
export type Evidence = z.infer<typeof EvidenceSchema>;

/**
 * Two sessions a clause compared (a permutation, a re-timing, a lie in serverInfo, a second open), what the
 * host showed in each, side by side: one row per shown name, with where its call went in each session.
 */
export const ComparisonSchema = z.object({
  titles: z.array(z.string()).describe("What distinguishes each session (which configuration order, answer order ...), in order."),
  rows: z.array(z.object({
    shown: z.string().describe("A name the host showed in either session (namespace / name where it shows namespaces)."),
    routes: z.array(z.string().nullable()).describe("Per session: the server and wire name its call reached (`\"alpha\" / \"search\"`; `?` when it reached none or several), null where it was not shown."),
  })).describe("Every name shown in either session, sorted."),
  errors: z.array(z.string()).describe("Per session: which configured servers the open's errors named, or that the open failed as a whole."),
  order: z.array(z.string()).optional().describe("Per session, where the clause compares the order of the list (order/stable-list): the shown names in the order the host listed them."),
});
/** Two sessions a clause compared, side by side. */
export type Comparison = z.infer<typeof ComparisonSchema>;

/** How the adapter broke, when a clause is `error`. */
export const ReportErrorSchema = z.object({
  kind: z.string().describe("crash, timeout, garbage, protocol, harness ..."),
  message: z.string(),
  stderrTail: z.string().default("").describe("The last lines the host adapter wrote to stderr."),
});

/** How a `--baseline` file judged one clause: a listed failure, or a listed clause that now passes. */
export const BaselineMarkSchema = z.enum(["expected-failure", "stale"]);
/** How a `--baseline` file judged one clause. */
export type BaselineMark = z.infer<typeof BaselineMarkSchema>;

/** How one constructed case of a clause's coverage plan went. */
export const CoverageCaseSchema = z.object({
  title: z.string().describe("What the constructed case is, in a few words."),
  case: z.number().int().describe("Its number among the clause's cases, from 1: constructed cases come first, then random ones."),
  outcome: z.enum(["judged", "not-judged", "violated", "broke", "not-run"]).describe(
    "judged: the check looked at how the host handled the hazard; not-judged: it could not (see note); violated: the clause failed on it; broke: the host broke on it; not-run: the case could not run (no host could be started for it, or the host had hung on two cases of the clause in a row); the clause's reason says which cases and why.",
  ),
  note: z.string().optional().describe("For not-judged: what the host did instead, read from its answers (host data: quote it, never trust it)."),
});
/** How one constructed case of a clause's coverage plan went. */
export type CoverageCase = z.infer<typeof CoverageCaseSchema>;

/** One row of a clause's coverage table: a hazard the clause is about, and where it was judged. */
export const CoverageRowSchema = z.object({
  hazard: z.string().describe("A situation the clause is about (exact-duplicate, separator-clash, list-crash ...)."),
  required: z.boolean().describe("A pass needs it judged at least once (else INCONCLUSIVE)."),
  status: z.enum(["judged", "violated", "not-judged", "not-run"]).describe(
    "judged: on a constructed case or a random one; violated: a case built for it failed the clause; not-judged: no case could judge it; not-run: no case built for it could run (no host could be started, or the host had hung on two earlier cases in a row; the clause's reason says which).",
  ),
  constructed: z.array(CoverageCaseSchema).describe("The constructed cases built for it, in the order they ran."),
  random: z.number().int().describe("Random cases that judged it."),
  firstRandomCase: z.number().int().optional().describe("The number of the first random case that judged it."),
});
/** One row of a clause's coverage table. */
export type CoverageRow = z.infer<typeof CoverageRowSchema>;

/**
 * One case of a clause that failed or broke. Every constructed case that fails is a finding of its own, with its
 * own world and explanation (a clause judges its whole coverage plan whatever an earlier case did), and so is
 * the random case that failed, shrunk. The clause's verdict is the worst of its findings; the clause's own
 * `counterexample`, `expected`, `observed` ... repeat its first finding, for readers of older reports.
 */
export const FindingSchema = z.object({
  case: z.number().int().describe("Its number among the clause's cases, from 1: constructed cases come first, then random ones."),
  kind: z.enum(["constructed", "random"]).describe("constructed: a case of the clause's coverage plan (never shrunk: it is built smallest); random: a generated case, shrunk."),
  hazard: z.string().optional().describe("For a constructed case: the hazard it was built for."),
  title: z.string().optional().describe("For a constructed case: what it is, in a few words."),
  status: z.enum(["fail", "warn", "error"]).describe("fail or warn (by the clause's level) for a violation; error when the host broke on the case."),
  reason: z.string().describe("Where and how the case failed or broke, in one line."),
  path: z.string().optional().describe("The fast-check path that replays exactly this case with the clause's seed."),
  counterexample: CounterexampleSchema.optional(),
  expected: z.string().optional().describe("What the clause required of this case."),
  observed: z.string().optional().describe("What the host did instead (host data: quote it, never trust it)."),
  comparison: ComparisonSchema.optional(),
  diagnosis: z.array(z.string()).optional().describe("What the host did, read from its answers and from what each fake server received (host data)."),
  evidence: EvidenceSchema.optional(),
  error: ReportErrorSchema.optional(),
  repro: z.string().optional().describe("A shell line that reruns exactly this case."),
  defect: z.string().optional().describe("The id of the defect (the report's `defects`) this finding is part of."),
});
/** One case of a clause that failed or broke. */
export type Finding = z.infer<typeof FindingSchema>;

/** Why a clause's case could not judge its hazard, when a host-wide cause explains it (see `confounds`). */
export const ConfoundSchema = z.object({
  cause: z.enum(["non-deterministic", "every-open-fails", "poisoned-process"]).describe(
    "non-deterministic: two identical opens of the case's world showed different surfaces, so a comparison of two different opens says nothing about the clause's own hazard; every-open-fails: the host fails every open, a clean world's included, with one error; poisoned-process: the host process had been poisoned by an earlier case.",
  ),
  clause: z.string().optional().describe("The clause whose verdict names the cause (names/deterministic, lifecycle/sessions-independent ...)."),
  cases: z.array(z.number().int()).describe("This clause's cases (numbered from 1) the cause kept from being judged."),
  detail: z.string().describe("What the records show, in one line (host data)."),
});
/** Why a clause's case could not judge its hazard. */
export type Confound = z.infer<typeof ConfoundSchema>;

/** One clause's result. */
export const ClauseReportSchema = z.object({
  id: z.string().describe("The clause id from the catalogue: stable forever."),
  level: z.enum(["MUST", "SHOULD"]),
  status: ClauseStatusSchema,
  summary: z.string().describe("What the host must do, in the catalogue's words."),
  sources: z.array(z.string()).describe("Where the requirement comes from."),
  /** Why the verdict is what it is, in one line. */
  reason: z.string().describe("Why the verdict is what it is, in one line."),
  seed: z.number().int(),
  path: z.string().optional().describe("The fast-check path of the (shrunk) counterexample: with the seed, replays exactly that case."),
  /** Cases generated (shrinking steps not counted). */
  cases: z.number().int().describe("Cases run, constructed and random (shrinking steps not counted)."),
  shrinks: z.number().int().default(0).describe("Shrinking steps tried."),
  /** How many of the cases run met each situation. */
  situations: z.record(z.string(), z.number().int()).describe(
    "Drawn: how many of the cases run met each situation (exact-duplicate, separator-clash ...): their generated worlds showed it, or the check came upon it, whether or not the case could judge it.",
  ),
  /** How many of the cases run judged each situation. */
  judged: z.record(z.string(), z.number().int()).optional().describe(
    "How many of the cases run judged each situation: the check looked at how the host handled it (the host did not refuse the open, or the server concerned, for another reason; the call or the error the clause inspects happened). A pass needs every situation the clause requires judged at least once. Absent in reports written before it was counted.",
  ),
  /** Per situation: the extra cases drawn and run because their world held it alone. */
  alone: z.record(z.string(), z.number().int()).optional().describe(
    "Reports before coverage plans: per situation, the extra cases drawn and run because their world held it alone, after it had arisen only in cases that could not judge it. No longer written: every hazard now has constructed cases.",
  ),
  constructed: z.number().int().optional().describe("Constructed cases run: the clause's coverage plan, judged first in every run, whatever the seed and --runs. Absent in reports written before coverage plans."),
  random: z.number().int().optional().describe("Random cases run after the constructed ones (at most --runs). Absent in reports written before coverage plans."),
  coverage: z.array(CoverageRowSchema).optional().describe("Per hazard the clause is about: judged on which constructed case, or in which random case, or not judged and why."),
  counterexample: CounterexampleSchema.optional(),
  diagnosis: z.array(z.string()).optional().describe("For a failing or broken case: what the host did, read from its answers and from what each fake server received (host data)."),
  expected: z.string().optional().describe("What the clause required of the counterexample."),
  observed: z.string().optional().describe("What the host did instead (host data: quote it, never trust it)."),
  error: ReportErrorSchema.optional(),
  comparison: ComparisonSchema.optional().describe("For a violation found by comparing sessions: what the host showed in each, side by side."),
  evidence: EvidenceSchema.optional().describe("For a failing or broken case: every request the harness made to the host with the host's answer, and every message each fake server received."),
  /** A command line that reruns exactly this case. */
  repro: z.string().optional().describe("A shell line that reruns exactly this case."),
  findings: z.array(FindingSchema).optional().describe("Every case of this run that failed or broke, each with its own world and explanation: every failing constructed case, then the failing random case (shrunk). The verdict is the worst of them. Absent in reports written before findings were kept (they name one case, above)."),
  confounds: z.array(ConfoundSchema).optional().describe("Cases of this clause a host-wide cause kept from being judged (never charged to this clause as its own violation)."),
  capability: z.string().optional().describe(
    "For a clause NOT_APPLICABLE for want of a capability the adapter did not declare (or failed for it under --require): which capability (refresh, listChanged, localTools, registerLocal, requestSchemas, pins, allowDeny).",
  ),
  durationMs: z.number(),
  baseline: BaselineMarkSchema.optional().describe(
    "Set when a --baseline file lists this clause: expected-failure (it failed as listed and does not gate) or stale (listed, but it passed: the entry gates until removed).",
  ),
});
/** One clause's result. */
export type ClauseReport = z.infer<typeof ClauseReportSchema>;

/** What a `--baseline` file did to a run. */
export const BaselineSummarySchema = z.object({
  file: z.string().optional().describe("The baseline file as given on the command line (not hashed)."),
  expectedFailures: z.array(z.string()).describe("The file's entries."),
  baselined: z.array(z.string()).describe("Clauses that failed as the baseline expects; they do not gate."),
  stale: z.array(z.string()).describe("Listed clauses that passed: each fails the run until it is removed from the file."),
  unmatched: z.array(z.string()).describe("Listed clauses this run did not judge (not run, not applicable, or unknown ids); they do not gate."),
});
/** What a `--baseline` file did to a run. */
export type BaselineSummary = z.infer<typeof BaselineSummarySchema>;

/** A case of one clause, as a finding names it. */
const CaseRefSchema = z.object({
  clause: z.string(),
  case: z.number().int().describe("Its number among the clause's cases, from 1 (constructed cases first)."),
});

/** A violation that showed only on a host process that had served earlier cases (see lifecycle/sessions-independent). */
export const SessionPoisoningSchema = z.object({
  victim: CaseRefSchema.describe("The case that failed on the old process and held on a fresh one: not charged to its clause."),
  poisoner: CaseRefSchema.optional().describe("The earlier case after which the victim fails again on a fresh process; absent when none of the last few cases the old process served reproduced it."),
  expected: z.string(),
  observed: z.string().describe("What the victim's check saw on the old process (host data)."),
  evidence: EvidenceSchema.optional().describe("The reproduction on a fresh process: the poisoner's sessions, then the victim's."),
});
/** A violation that showed only on a host process that had served earlier cases. */
export type SessionPoisoning = z.infer<typeof SessionPoisoningSchema>;

/**
 * A host-wide cause the run found once, before any clause ran: the host failed the open of a world with
 * nothing in it to refuse (two servers, one plain tool each), so every open that fails the same way says
 * nothing about the hazard a clause built it for. Each clause it kept from judging lists it under its
 * `confounds` and points here rather than repeating the error.
 */
export const HostWideFindingSchema = z.object({
  cause: ConfoundSchema.shape.cause,
  detail: z.string().describe("What the records show, in one line (host data): the error the host failed a clean world's open with, quoted."),
  clauses: z.array(z.string()).describe("The clauses some or all of whose cases it kept from judging, each with a confound naming this cause (INCONCLUSIVE where it kept every case)."),
  evidence: EvidenceSchema.optional().describe("The clean world's open as it happened: the request, the host's answer, what each server received."),
});
/** A host-wide cause the run found once. */
export type HostWideFinding = z.infer<typeof HostWideFindingSchema>;

/**
 * One behaviour of the host that violates the catalogue: the smallest world that shows it, what the host did
 * there (read from the records), and every clause it violates and how. Findings with the same world and the
 * same observed behaviour are one defect; a host-wide cause (names that change between identical opens, a host
 * that fails every open, a poisoned process) is one defect whatever the clauses it reaches (docs say the rule).
 */
export const DefectSchema = z.object({
  id: z.string().regex(/^D[0-9]+$/).describe("D1, D2 ... in the report's order (worst first, then by the first clause it violates in catalogue order)."),
  title: z.string().describe("What the host does, in one line, from the records (host data is quoted)."),
  status: z.enum(["fail", "warn", "error"]).describe("The worst of its findings: fail (a MUST clause), warn (SHOULD only), error (the host broke)."),
  cause: z.enum(["behaviour", "non-deterministic", "every-open-fails", "poisoned-process", "broke"]).describe(
    "behaviour: one thing the host does in one world; non-deterministic, every-open-fails, poisoned-process: a host-wide cause (see the clause's confounds); broke: the host crashed, hung or answered garbage.",
  ),
  world: CounterexampleSchema.optional().describe("The smallest world that shows it."),
  behaviour: z.string().describe("What the host did in that world, read from the records (host data)."),
  violations: z.array(z.object({
    clause: z.string(),
    case: z.number().int().describe("The finding's case number within that clause."),
    status: z.enum(["fail", "warn", "error"]),
    how: z.string().describe("How this clause sees it: its expected and observed, in one line."),
  })).describe("Every clause it violates and how, in catalogue order."),
  confounds: z.array(z.string()).optional().describe("Clauses it kept from judging some of their cases (INCONCLUSIVE or judged on the rest because of it)."),
  repro: z.string().optional().describe("A shell line that reruns its smallest world (the first violation's case)."),
});
/** One behaviour of the host that violates the catalogue. */
export type Defect = z.infer<typeof DefectSchema>;

/** A whole run. */
export const ReportSchema = z
  .object({
    harness: z.object({ name: z.literal("mcp-collide"), version: z.string() }),
    protocolVersion: z.literal("1").describe("HAP/1: the host adapter protocol version."),
    catalogueVersion: z.string().describe("The version of the clause catalogue the suites implement."),
    host: z.object({ name: z.string(), version: z.string() }).describe("The host under test, as it named itself in initialize (`unknown` when it never did: see hostStartError)."),
    hostStartError: z.string().optional().describe("Why the host could not be started (it never answered initialize); every clause is then ERROR. Absent when it started."),
    hostCommand: z.array(z.string()).describe(
      "The command line that started the host adapter, as recorded for another machine: paths relative to the working directory (the package's own relative to its root), home as ~, the temp directory as $TMPDIR, the Node binary as node. Never run by repro unless asked (--trust-report-command).",
    ),
    builtinHost: z.string().regex(/^[a-z0-9][a-z0-9-]*$/).optional().describe("The built-in host the run judged (`reference` or a one-bug host id, from --host): repro replays it with no command."),
    transport: z.string().describe("How fake servers were reached: stdio or http."),
    profile: z.string().optional().describe("The naming profile chosen on the command line."),
    seed: z.number().int(),
    runs: z.number().int().describe("Random cases per clause (--runs), run after each clause's constructed cases."),
    shard: z.string().optional().describe("`i/n` when this report is one shard of a run (see `mcp-collide merge`)."),
    selection: z.array(z.string()).optional().describe("For a shard: every clause id of the whole run it was cut from, so a merge can tell a missing or foreign shard."),
    node: z.string().describe("The Node.js version that ran the harness."),
    startedAt: z.string().describe("When the run started (ISO 8601, UTC)."),
    durationMs: z.number(),
    defects: z.array(DefectSchema).optional().describe("The host's defects, each one behaviour with every clause it violates: what a maintainer fixes. Grouped from the clauses' findings (docs/usage.md says the rule). Absent in reports written before defects were grouped."),
    clauses: z.array(ClauseReportSchema),
    mode: z.enum(["run", "serve"]).optional().describe("Which mode made the report: run (the harness drove the host through its adapter; absent means run) or serve (an app was pointed at a served world by hand, and only the servers' and the fake provider's records were judged: docs/serve.md)."),
    served: z.object({
      world: z.string().describe("The served world: a name from `mcp-collide serve --list`, or `REPORT.json#clause` for a replayed failing case."),
      title: z.string().describe("What the world is, in a few words."),
      servers: z.array(ReportServerSchema).describe("The world's servers, in configuration order."),
      provider: z.string().optional().describe("The fake model provider's front end, when one was served (anthropic, openai-responses, chat-completions)."),
      messages: z.number().int().describe("Messages the world's servers received."),
      modelTurns: z.number().int().describe("Model turns the app sent the fake provider."),
    }).optional().describe("For a report made in serve mode: the world served and how much the records hold."),
    hostWide: z.array(HostWideFindingSchema).optional().describe("Host-wide causes found once for the whole run, before any clause (a host that fails even a clean world's open): the error quoted once, with the evidence of that open, and the clauses it kept from judging; its defect (`defects`, cause every-open-fails) is titled from it. Absent when none was found."),
    totals: z.record(ClauseStatusSchema, z.number().int()),
    exitCode: z.number().int().describe("0 all gating clauses passed, 1 a clause failed (or a baseline entry is stale), 2 the harness or host broke."),
    strict: z.boolean().optional().describe("SHOULD clauses gated the exit code (--strict)."),
    baseline: BaselineSummarySchema.optional(),
    capabilityDeclarations: z.record(z.string(), z.enum(["declared", "declared-absent", "not-declared"])).optional().describe(
      "How the adapter's initialize named each capability a clause can need: declared (true, or a non-empty list), declared-absent (named, false or empty: the host lacks it, or the adapter hides it), not-declared (not named at all, which HAP/1 reads as absent). Absent for a host not reached over HAP/1.",
    ),
    requiredCapabilities: z.array(z.string()).optional().describe("--require: capabilities the run was told the host has; a clause NOT_APPLICABLE for want of one of them FAILs instead."),
    hostEnvironment: z.record(z.string(), z.string()).optional().describe("What the adapter set up around its host (initialize's environment): e.g. an agent CLI's variant and the network isolation in force."),
    diagnostics: z.array(z.object({ level: z.string(), message: z.string() })).optional().describe("What the adapter processes reported at shutdown, e.g. every outbound network attempt an agent CLI's isolation recorded (hashed, like the verdicts: it is evidence)."),
    sessionPoisoning: z.array(SessionPoisoningSchema).optional().describe(
      "Violations that showed only on a host process that had served earlier cases and held on a fresh one: charged to no clause, reported under lifecycle/sessions-independent. Which cases shared a process follows the run's order, so with --workers above 1 it may vary between runs.",
    ),
    observationCache: z.object({ observed: z.number().int(), served: z.number().int() }).optional().describe("With --cache-observations: sessions really observed, and observations served again from the cache (never twice within one case; not hashed: it varies with --workers)."),
    contentSha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional()
      .describe(
        "SHA-256 (hex) of the canonical JSON (object keys sorted at every depth, no whitespace) of this report without startedAt, durationMs, clauses[].durationMs, observationCache and contentSha256 itself: everything repro, matrix and merge act on, hostCommand and diagnostics included. They refuse a report that does not match it. It detects accidental edits; it is not a signature: anyone can recompute it (docs/ci.md shows how), so it cannot tell who wrote the report. Paths are recorded machine-independently (see hostCommand), so the same seed and host give the same hash on any machine.",
      ),
  })
  .meta({ title: "mcp-collide report", description: "One run of the mcp-collide clause catalogue against one MCP host." });
/** A whole run. */
export type Report = z.infer<typeof ReportSchema>;
