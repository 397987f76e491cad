/**
 * The part of SARIF 2.1.0 (OASIS, https://docs.oasis-open.org/sarif/sarif/v2.1.0/) that report.sarif uses,
 * as zod: what render-sarif.ts writes is parsed with it before it is written. Strict objects: a field the
 * renderer adds must be added here first, where a reader checks it against the standard. GitHub code
 * scanning reads this subset (rules with a default level and help, results with one location, related
 * locations and partial fingerprints).
 */
import { z } from "zod";

/** A message: plain text (SARIF §3.11; `[` and `]` escaped, no placeholders) and, for help, Markdown. */
const MessageSchema = z.object({ text: z.string().min(1), markdown: z.string().optional() }).strict();

/** SARIF's levels; mcp-collide uses error (a MUST clause, or a broken host) and warning (a SHOULD clause). */
export const SarifLevelSchema = z.enum(["none", "note", "warning", "error"]);

const PhysicalLocationSchema = z.object({
  artifactLocation: z.object({ uri: z.string().min(1) }).strict(),
  region: z.object({ startLine: z.number().int().min(1) }).strict(),
}).strict();

const LocationSchema = z.object({
  id: z.number().int().min(0).optional(),
  physicalLocation: PhysicalLocationSchema,
  message: MessageSchema.optional(),
}).strict();

/** A rule: one clause of the catalogue (or a host-wide cause no clause names). */
export const SarifRuleSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  shortDescription: MessageSchema,
  fullDescription: MessageSchema,
  help: MessageSchema,
  helpUri: z.url().optional(),
  defaultConfiguration: z.object({ level: SarifLevelSchema }).strict(),
  properties: z.object({ tags: z.array(z.string()), precision: z.literal("very-high") }).strict(),
}).strict();
/** A rule of report.sarif. */
export type SarifRule = z.infer<typeof SarifRuleSchema>;

/** A result: one defect of the host, located at its section of report.md, with one related location per clause it violates. */
export const SarifResultSchema = z.object({
  ruleId: z.string().min(1),
  ruleIndex: z.number().int().min(0),
  level: SarifLevelSchema,
  message: MessageSchema,
  locations: z.array(LocationSchema).length(1),
  relatedLocations: z.array(LocationSchema),
  partialFingerprints: z.record(z.string(), z.string()),
  properties: z.object({ defect: z.string(), cause: z.string(), clauses: z.array(z.string()) }).strict(),
}).strict();
/** A result of report.sarif. */
export type SarifResult = z.infer<typeof SarifResultSchema>;

/** report.sarif: one run of one tool. */
export const SarifLogSchema = z.object({
  $schema: z.literal("https://json.schemastore.org/sarif-2.1.0.json"),
  version: z.literal("2.1.0"),
  runs: z.array(z.object({
    tool: z.object({
      driver: z.object({
        name: z.literal("mcp-collide"),
        version: z.string(),
        informationUri: z.url().optional(),
        rules: z.array(SarifRuleSchema),
      }).strict(),
    }).strict(),
    results: z.array(SarifResultSchema),
    properties: z.object({
      host: z.string(), hostVersion: z.string(), seed: z.number().int(), catalogueVersion: z.string(), contentSha256: z.string().optional(),
    }).strict(),
  }).strict()).length(1),
}).strict();
/** report.sarif. */
export type SarifLog = z.infer<typeof SarifLogSchema>;
