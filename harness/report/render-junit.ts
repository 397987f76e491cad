/**
 * `junit.xml`: one testcase per clause, for CI test reporters (GitLab, Jenkins, GitHub checks). Policy: a
 * testcase fails exactly when the clause fails the run (harness/runner/verdict.ts), so a CI system gating on
 * JUnit agrees with the exit code: `<failure>` for a violation of a MUST clause and for a MUST clause that
 * could not be shown to hold (inconclusive); a SHOULD warning, or a SHOULD clause left inconclusive, is a
 * `<failure>` only under --strict, and otherwise a passing testcase whose `<system-out>` still says so in
 * full. `<error>` for a broken host or harness, `<skipped>` for not-applicable. As pytest does for xfail, a
 * failure the baseline expects is `<skipped>` (it does not gate) and a stale baseline entry is a `<failure>`.
 * The suite's properties open with the host's defects (`defects`, `defect.D1` ...): JUnit has no element for
 * them, and a testcase per defect would count each failure twice. Each testcase's body names the defects it
 * is part of, its further failing cases and its confounded cases.
 */
import { worldLines } from "./world-lines.ts";
import { escapeXml, escapeXmlAttribute } from "./escape.ts";
import { comparisonLines } from "./comparison-lines.ts";
import { casesText, coverageLines } from "./coverage-lines.ts";
import { evidenceLines } from "./evidence-lines.ts";
import type { ClauseReport, Defect, Report } from "./report-model.ts";
import { clauseDefects, confoundText, defectCount, defectLabel, defectsOf, findingHeading, furtherFindings } from "./defect-view.ts";
import { baselineNote, clip, clipTail, countText, COUNTS_MEANING, EVIDENCE_LIMIT, gatesRun, hostLabel, NAME_LIMIT, reportReplay, situationCounts, statusLabel } from "./report-view.ts";

/** Host output as a testcase quotes it: clipped (report.json keeps it whole); escaped where it is written. */
const evidence = (text: string) => clip(text, EVIDENCE_LIMIT);

const attr = (name: string, value: string | number) => `${name}="${escapeXmlAttribute(String(value))}"`;
const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** The text body of a non-passing testcase: what a reader needs without opening report.json. */
function details(report: Report, clause: ClauseReport, defects: readonly Defect[]): string {
  const lines = [`${clause.id} (${clause.level}): ${clause.summary}`, `verdict: ${statusLabel(clause.status)}: ${evidence(clause.reason)}`];
  lines.push(...clauseDefects(defects, clause).map((entry) => `part of defect ${entry.id} (case ${entry.cases.join(", ")}): ${evidence(entry.title)}`));
  const note = baselineNote(clause);
  if (note) lines.push(note);
  if (clause.expected !== undefined) lines.push(`expected: ${evidence(clause.expected)}`);
  if (clause.observed !== undefined) lines.push(`observed: ${evidence(clause.observed)}`);
  if (clause.comparison) lines.push("what the host showed in each session (≠ differs; where each name's call went):", ...comparisonLines(clause.comparison).map((line) => `  ${evidence(line)}`));
  if (clause.counterexample) lines.push("world:", ...worldLines(clause.counterexample.servers).map((line) => `  ${line}`));
  if (clause.error) lines.push(`error (${clip(clause.error.kind, 100)}): ${evidence(clause.error.message)}`);
  if (clause.error?.stderrTail) lines.push("host stderr (tail):", clipTail(clause.error.stderrTail, EVIDENCE_LIMIT));
  if (clause.diagnosis) lines.push("what the host did (its answers, and what each server received):", ...clause.diagnosis.map((line) => `  ${evidence(line)}`));
  if (clause.evidence) lines.push("evidence (requests made to the host, its answers, what each server received):", ...evidenceLines(clause.evidence).map((line) => `  ${line}`));
  lines.push(`sources: ${clause.sources.join("; ")}`, `seed ${clause.seed}${clause.path ? ` path ${clause.path}` : ""}`);
  if (clause.repro) lines.push(`repro: ${evidence(clause.repro)}`);
  const replay = reportReplay(report, clause);
  if (replay) lines.push(`replay from report.json, on any machine: ${replay}`);
  for (const finding of furtherFindings(clause, defects)) {
    lines.push(`further failing ${findingHeading(finding)}: ${evidence(finding.reason)}`);
    if (finding.counterexample) lines.push(...worldLines(finding.counterexample.servers).map((line) => `  ${line}`));
    if (finding.expected !== undefined) lines.push(`  expected: ${evidence(finding.expected)}`);
    if (finding.observed !== undefined) lines.push(`  observed: ${evidence(finding.observed)}`);
    if (finding.error) lines.push(`  error (${clip(finding.error.kind, 100)}): ${evidence(finding.error.message)}`);
    if (finding.repro) lines.push(`  repro: ${evidence(finding.repro)}`);
  }
  for (const confound of clause.confounds ?? []) lines.push(`kept from being judged: ${confoundText(confound, EVIDENCE_LIMIT)}`);
  return lines.join("\n");
}

type Outcome = { element: "failure" | "error" | "skipped"; type: string; message: string } | undefined;

/** Which JUnit element a clause earns in `report` (whose `strict` it reads), with its type and one-line message. */
export function junitOutcome(clause: ClauseReport, report: Pick<Report, "strict"> = {}): Outcome {
  if (clause.baseline === "stale") {
    return { element: "failure", type: "stale-baseline", message: "listed in the baseline as an expected failure, but it now passes: remove the entry" };
  }
  if (clause.baseline === "expected-failure") {
    return { element: "skipped", type: "expected-failure", message: `baselined ${statusLabel(clause.status)}: ${clip(clause.reason, 500)}` };
  }
  // A verdict that does not fail the run is no <failure>: its message stays on the testcase (system-out).
  if ((clause.status === "warn" || clause.status === "inconclusive") && !gatesRun(report, clause)) return undefined;
  switch (clause.status) {
    case "pass": return undefined;
    case "fail": return { element: "failure", type: "fail", message: `MUST clause violated: ${clip(clause.expected ?? clause.reason, 500)}` };
    case "warn": return { element: "failure", type: "warn", message: `SHOULD clause violated (gating under --strict): ${clip(clause.expected ?? clause.reason, 500)}` };
    case "inconclusive": return { element: "failure", type: "inconclusive", message: `inconclusive, not a pass: ${clip(clause.reason, 500)}` };
    case "error": return { element: "error", type: clip(clause.error?.kind ?? "error", 100), message: clip(clause.reason, 500) };
    case "not-applicable": return { element: "skipped", type: "not-applicable", message: `not applicable: ${clip(clause.reason, 500)}` };
  }
}

function testcase(report: Report, clause: ClauseReport, defects: readonly Defect[]): string {
  const family = clause.id.split("/")[0] ?? clause.id;
  const open = `    <testcase ${attr("classname", `mcp-collide.${family}`)} ${attr("name", clause.id)} ${attr("time", seconds(clause.durationMs))}`;
  const outcome = junitOutcome(clause, report);
  const counts = situationCounts(clause).map((count) => `${count.name} ${countText(count)}`).join(", ") || "none";
  const coverage = coverageLines(clause);
  const told = `${casesText(clause)} case(s); situations (${COUNTS_MEANING}): ${counts}${coverage.length > 0 ? `\ncoverage (each hazard the clause is about, and where it was judged):\n${coverage.map((line) => `  ${evidence(line)}`).join("\n")}` : ""}`;
  // A warning that does not gate this run is still told in full, where a reader of the testcase looks.
  const untold = !outcome && (clause.status === "warn" || clause.status === "inconclusive");
  const out = `      <system-out>${escapeXml(untold ? `${statusLabel(clause.status)} (does not fail this run; it would under --strict)\n${details(report, clause, defects)}\n${told}` : told)}</system-out>`;
  if (!outcome) return `${open}>\n${out}\n    </testcase>`;
  const body = outcome.element === "skipped" && clause.baseline !== "expected-failure" ? "" : escapeXml(details(report, clause, defects));
  const element = `      <${outcome.element} ${attr("type", outcome.type)} ${attr("message", outcome.message)}>${body}</${outcome.element}>`;
  return `${open}>\n${element}\n${out}\n    </testcase>`;
}

/** Renders `report` as JUnit XML (the Jenkins/Surefire dialect that GitHub, GitLab and most reporters read). */
export function renderJunit(report: Report): string {
  const count = (element: string) => report.clauses.filter((clause) => junitOutcome(clause, report)?.element === element).length;
  const [failures, errors, skipped] = [count("failure"), count("error"), count("skipped")];
  const tests = report.clauses.length;
  const host = hostLabel(report);
  const suite = `mcp-collide: ${host.name} ${host.version}`;
  const properties: Array<[string, string | number | undefined]> = [
    ["harness.version", report.harness.version], ["protocol.version", report.protocolVersion], ["catalogue.version", report.catalogueVersion],
    ["host.name", host.name], ["host.version", host.version], ["host.start.error", report.hostStartError === undefined ? undefined : evidence(report.hostStartError)],
    ["transport", report.transport], ["profile", report.profile],
    ["seed", report.seed], ["runs", report.runs], ["node", report.node], ["strict", report.strict === undefined ? undefined : String(report.strict)],
    ["exit.code", report.exitCode], ["content.sha256", report.contentSha256], ["baseline.file", report.baseline?.file && clip(report.baseline.file, NAME_LIMIT)],
    ["baseline.stale", report.baseline?.stale.map((id) => clip(id, NAME_LIMIT)).join(" ")],
  ];
  // The suite opens with the host's defects, as its first properties: the testcases, their counts and verdicts stay as they are.
  const defects = defectsOf(report);
  properties.unshift(["defects", defectCount(defects)], ...defects.map((defect): [string, string] =>
    [`defect.${defect.id}`, `${defectLabel(defect)}: ${clip(defect.title, 500)}; violates ${defect.violations.map((v) => `${v.clause}${v.case > 0 ? ` case ${v.case}` : ""}`).join(", ") || "no clause"}`]));
  const props = properties.filter(([, value]) => value !== undefined).map(([name, value]) => `      <property ${attr("name", name)} ${attr("value", value!)}/>`);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites ${attr("name", "mcp-collide")} ${attr("tests", tests)} ${attr("failures", failures)} ${attr("errors", errors)} ${attr("skipped", skipped)} ${attr("time", seconds(report.durationMs))}>`,
    `  <testsuite ${attr("name", suite)} ${attr("tests", tests)} ${attr("failures", failures)} ${attr("errors", errors)} ${attr("skipped", skipped)} ${attr("time", seconds(report.durationMs))} ${attr("timestamp", report.startedAt.replace(/(\.\d+)?Z$/, ""))}>`,
    "    <properties>", ...props, "    </properties>",
    ...report.clauses.map((clause) => testcase(report, clause, defects)),
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
