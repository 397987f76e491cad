/**
 * `report.sarif`: the host's defects in SARIF 2.1.0, for GitHub code scanning and other SARIF readers
 * (docs/ci.md says how to upload it). Rules are the report's clauses (the catalogue's summary, the level it
 * holds a host to, help that links its section of docs/clauses.md); results are the defects, one each:
 * its rule is the first clause it violates, its location the defect's section of report.md, and a related
 * location per clause it violates (that clause's section), each with how that clause sees it. A defect no
 * clause is charged with (a host that fails every open) has a rule of its own, `host/<cause>`. Fingerprints
 * come from the defect's world and behaviour, so a defect keeps its alert from run to run. Host strings are
 * data: invisible characters are shown as \uXXXX and brackets escaped (SARIF reads `[text](id)` as a link).
 */
import { createHash } from "node:crypto";
import { canonicalJson } from "../world/canonical-json.ts";
import { clauseAnchor, clauseLink, type RenderOptions } from "./clause-docs.ts";
import { defectLabel, defectsOf, violationText } from "./defect-view.ts";
import { markdownCode, showHidden } from "./escape.ts";
import { defectHeading } from "./markdown-defects.ts";
import type { ClauseReport, Defect, Report } from "./report-model.ts";
import { clip } from "./report-view.ts";
import { SarifLogSchema, type SarifLog, type SarifResult, type SarifRule } from "./sarif-model.ts";

/** Where the results point: report.md as the reader finds it, and its text (to find each section's line). */
export interface SarifOptions extends RenderOptions {
  /** report.md's path as a SARIF reader resolves it (relative to the checkout for GitHub); default `report.md`. */
  markdownUri?: string;
  /** report.md's text, so each result points at its defect's line; without it every result points at line 1. */
  markdown?: string;
}

/** Longest message a result carries (report.json and report.md hold the rest). */
const MESSAGE_LIMIT = 4000;

/** Host text as a SARIF plain-text message: hidden characters shown, brackets and backslashes escaped. */
const plain = (text: string) => showHidden(text.replace(/[\\[\]]/g, (char) => `\\${char}`));

const levelOf = (status: Defect["status"] | ClauseReport["level"]) => (status === "warn" || status === "SHOULD" ? "warning" : "error");

function clauseRule(clause: ClauseReport, options: SarifOptions): SarifRule {
  const docs = options.clauseDocs ? clauseLink(options.clauseDocs, clause.id) : undefined;
  const sources = clause.sources.length > 0 ? ` Sources: ${clause.sources.join("; ")}.` : "";
  return {
    id: clause.id,
    name: clause.id.split(/[/-]/).map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join(""),
    shortDescription: { text: plain(clause.summary) },
    fullDescription: { text: plain(`${clause.level}: ${clause.summary}${sources}`) },
    help: {
      text: plain(`${clause.level}: ${clause.summary}${sources} The catalogue explains it: docs/clauses.md#${clauseAnchor(clause.id)}.`),
      markdown: `**${clause.level}**: ${clause.summary}${sources}\n\nThe catalogue explains it, with its coverage plan: ${docs ? `[${markdownCode(clause.id)}](${docs})` : `docs/clauses.md#${clauseAnchor(clause.id)}`}.`,
    },
    ...(docs && /^https?:\/\//.test(docs) ? { helpUri: docs } : {}),
    defaultConfiguration: { level: levelOf(clause.level) },
    properties: { tags: ["mcp", clause.id.split("/")[0]!, clause.level], precision: "very-high" },
  };
}

function causeRule(cause: Defect["cause"]): SarifRule {
  const said = {
    "every-open-fails": "The host fails every open, a clean world's too, with one error: no clause could judge anything.",
    "non-deterministic": "The host shows another surface on two identical opens of one configuration.",
    "poisoned-process": "A host process that served earlier cases fails later ones that hold on a fresh process.",
    behaviour: "A behaviour of the host.", broke: "The host crashed, hung or answered garbage.",
  }[cause];
  return {
    id: `host/${cause}`, name: `Host${cause.split("-").map((part) => part.charAt(0).toUpperCase() + part.slice(1)).join("")}`,
    shortDescription: { text: said }, fullDescription: { text: said }, help: { text: `${said} docs/defects.md says how defects are grouped.` },
    defaultConfiguration: { level: "error" }, properties: { tags: ["mcp", "host"], precision: "very-high" },
  };
}

/** The 1-based line of report.md, at or after the line `from` starts, that passes `test` (1 when report.md is not given or was cut before it). */
function lineOf(markdown: string | undefined, test: (line: string) => boolean, from = ""): number {
  const lines = markdown?.split("\n") ?? [];
  const start = Math.max(0, lines.findIndex((line) => line.startsWith(from)));
  const index = lines.findIndex((line, at) => at >= start && test(line));
  return index < 0 ? 1 : index + 1;
}

/** A stable fingerprint of a defect: its cause, world and behaviour (not its id or title, which move with other defects and wording). */
export function defectFingerprint(defect: Defect): string {
  const world = defect.world?.servers.map(({ key, tools, failure, pageSize, unreachable }) => ({ key, tools, failure, pageSize, unreachable: unreachable === true }));
  return createHash("sha256").update(canonicalJson({ cause: defect.cause, world: world ?? null, behaviour: defect.behaviour }), "utf8").digest("hex");
}

function result(defect: Defect, rules: SarifRule[], options: SarifOptions): SarifResult {
  const uri = options.markdownUri ?? "report.md";
  const ruleId = defect.violations[0]?.clause ?? `host/${defect.cause}`;
  const heading = defectHeading(defect);
  // A clause's own section: a heading after the verdict table that names it, as render-markdown.ts writes it.
  const clauseLine = (id: string) => lineOf(options.markdown, (line) => line.startsWith("### ") && line.includes(markdownCode(id)) && / — [A-Z]+ \((MUST|SHOULD)\)$/.test(line), "## Verdicts");
  const related = defect.violations.map((violation, index) => ({
    id: index + 1,
    physicalLocation: { artifactLocation: { uri }, region: { startLine: clauseLine(violation.clause) } },
    message: { text: plain(violationText(violation, 1000)) },
  }));
  const violates = defect.violations.map((violation, index) => `[${plain(violation.clause)}](${index + 1})`).join(", ");
  const message = `${defect.id} (${defectLabel(defect)}): ${clip(plain(defect.title), 1000)}. The host did: ${clip(plain(defect.behaviour), 2000)}.` +
    `${violates ? ` Violates ${violates}.` : ""}${defect.confounds?.length ? ` Kept from judging: ${plain(defect.confounds.join(", "))}.` : ""}${defect.repro ? ` Rerun: ${plain(defect.repro)}` : ""}`;
  const fingerprint = defectFingerprint(defect);
  return {
    ruleId, ruleIndex: rules.findIndex((rule) => rule.id === ruleId),
    level: levelOf(defect.status),
    message: { text: clip(message, MESSAGE_LIMIT, " in report.json") },
    locations: [{ physicalLocation: { artifactLocation: { uri }, region: { startLine: lineOf(options.markdown, (line) => line === heading) } } }],
    relatedLocations: related,
    partialFingerprints: { "mcpCollideDefect/v1": fingerprint, primaryLocationLineHash: `${fingerprint.slice(0, 16)}:1` },
    properties: { defect: defect.id, cause: defect.cause, clauses: defect.violations.map((violation) => violation.clause) },
  };
}

/** Renders `report`'s defects as a SARIF 2.1.0 log (validated against sarif-model.ts before it is returned). */
export function renderSarif(report: Report, options: SarifOptions = {}): string {
  const defects = defectsOf(report);
  const rules = report.clauses.map((clause) => clauseRule(clause, options));
  for (const defect of defects) if (defect.violations.length === 0 && !rules.some((rule) => rule.id === `host/${defect.cause}`)) rules.push(causeRule(defect.cause));
  const log: SarifLog = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [{
      tool: { driver: { name: "mcp-collide", version: report.harness.version, rules } },
      results: defects.map((defect) => result(defect, rules, options)),
      properties: {
        host: report.host.name, hostVersion: report.host.version, seed: report.seed, catalogueVersion: report.catalogueVersion,
        ...(report.contentSha256 ? { contentSha256: report.contentSha256 } : {}),
      },
    }],
  };
  return `${JSON.stringify(SarifLogSchema.parse(log), null, 2)}\n`;
}
