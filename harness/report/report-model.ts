/**
 * The report model: the single source of truth for `report.json` and every format rendered from it.
 * Field names named in the issues (`harness`, `host`, `seed`, `runs`, `clauses[].{id, level, status, summary,
 * seed, path, counterexample.servers[].{key, tools}, expected, observed}`) are a public contract.
 */
import { z } from "zod";

/** A clause's verdict. */
export const ClauseStatusSchema = z.enum(["pass", "fail", "warn", "not-applicable", "error", "inconclusive"]);
/** A clause's verdict. */
export type ClauseStatus = z.infer<typeof ClauseStatusSchema>;

/** One server of a counterexample world, as the report draws it. */
export const ReportServerSchema = z.object({
  key: z.string(),
  tools: z.array(z.string()),
  serverInfo: z.object({ name: z.string(), version: z.string() }),
  latency: z.object({ initialize: z.number(), toolsList: z.number() }).optional(),
  unreachable: z.boolean().optional(),
});
/** One server of a counterexample world. */
export type ReportServer = z.infer<typeof ReportServerSchema>;

/** The smallest world found, plus any further worlds the case opened (permutations, variants). */
export const CounterexampleSchema = z.object({
  servers: z.array(ReportServerSchema),
  variants: z.array(z.object({ servers: z.array(ReportServerSchema) })).default([]),
  /** The whole case as fast-check produced it, for replay by value. */
  value: z.unknown(),
});
/** The smallest world found. */
export type Counterexample = z.infer<typeof CounterexampleSchema>;

/** How the adapter broke, when a clause is `error`. */
export const ReportErrorSchema = z.object({ kind: z.string(), message: z.string(), stderrTail: z.string().default("") });

/** One clause's result. */
export const ClauseReportSchema = z.object({
  id: z.string(),
  level: z.enum(["MUST", "SHOULD"]),
  status: ClauseStatusSchema,
  summary: z.string(),
  sources: z.array(z.string()),
  /** Why the verdict is what it is, in one line. */
  reason: z.string(),
  seed: z.number().int(),
  path: z.string().optional(),
  /** Cases generated (shrinking steps not counted). */
  cases: z.number().int(),
  shrinks: z.number().int().default(0),
  /** How many generated cases exercised each situation. */
  situations: z.record(z.string(), z.number().int()),
  counterexample: CounterexampleSchema.optional(),
  expected: z.string().optional(),
  observed: z.string().optional(),
  error: ReportErrorSchema.optional(),
  /** A command line that reruns exactly this case. */
  repro: z.string().optional(),
  durationMs: z.number(),
});
/** One clause's result. */
export type ClauseReport = z.infer<typeof ClauseReportSchema>;

/** A whole run. */
export const ReportSchema = z.object({
  harness: z.object({ name: z.literal("mcp-collide"), version: z.string() }),
  protocolVersion: z.literal("1"),
  catalogueVersion: z.string(),
  host: z.object({ name: z.string(), version: z.string() }),
  hostCommand: z.array(z.string()),
  transport: z.string(),
  profile: z.string().optional(),
  seed: z.number().int(),
  runs: z.number().int(),
  node: z.string(),
  startedAt: z.string(),
  durationMs: z.number(),
  clauses: z.array(ClauseReportSchema),
  totals: z.record(ClauseStatusSchema, z.number().int()),
  exitCode: z.number().int(),
});
/** A whole run. */
export type Report = z.infer<typeof ReportSchema>;
