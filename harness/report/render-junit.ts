/**
 * `junit.xml`: one testcase per clause, for CI test reporters. `<failure>` for a violation (fail, warn) and
 * for inconclusive (no evidence is not a pass), `<error>` for a broken host or harness, `<skipped>` for
 * not-applicable. As pytest does for xfail, a failure the baseline expects is `<skipped>` (it does not
 * gate) and a stale baseline entry is a `<failure>` (it does).
 */
import { worldLines } from "./world-lines.ts";
import { escapeXml, escapeXmlAttribute } from "./escape.ts";
import type { ClauseReport, Report } from "./report-model.ts";
import { baselineNote, clip, clipTail, EVIDENCE_LIMIT, hostLabel, NAME_LIMIT, reportReplay, statusLabel } from "./report-view.ts";

/** Host output as a testcase quotes it: clipped (report.json keeps it whole); escaped where it is written. */
const evidence = (text: string) => clip(text, EVIDENCE_LIMIT);

const attr = (name: string, value: string | number) => `${name}="${escapeXmlAttribute(String(value))}"`;
const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** The text body of a non-passing testcase: what a reader needs without opening report.json. */
function details(report: Report, clause: ClauseReport): string {
  const lines = [`${clause.id} (${clause.level}): ${clause.summary}`, `verdict: ${statusLabel(clause.status)}: ${evidence(clause.reason)}`];
  const note = baselineNote(clause);
  if (note) lines.push(note);
  if (clause.expected !== undefined) lines.push(`expected: ${evidence(clause.expected)}`);
  if (clause.observed !== undefined) lines.push(`observed: ${evidence(clause.observed)}`);
  if (clause.counterexample) lines.push("world:", ...worldLines(clause.counterexample.servers).map((line) => `  ${line}`));
  if (clause.error) lines.push(`error (${clip(clause.error.kind, 100)}): ${evidence(clause.error.message)}`);
  if (clause.error?.stderrTail) lines.push("host stderr (tail):", clipTail(clause.error.stderrTail, EVIDENCE_LIMIT));
  lines.push(`sources: ${clause.sources.join("; ")}`, `seed ${clause.seed}${clause.path ? ` path ${clause.path}` : ""}`);
  if (clause.repro) lines.push(`repro: ${evidence(clause.repro)}`);
  const replay = reportReplay(report, clause);
  if (replay) lines.push(`replay from report.json, on any machine: ${replay}`);
  return lines.join("\n");
}

type Outcome = { element: "failure" | "error" | "skipped"; type: string; message: string } | undefined;

/** Which JUnit element a clause earns, with its type and one-line message. */
export function junitOutcome(clause: ClauseReport): Outcome {
  if (clause.baseline === "stale") {
    return { element: "failure", type: "stale-baseline", message: "listed in the baseline as an expected failure, but it now passes: remove the entry" };
  }
  if (clause.baseline === "expected-failure") {
    return { element: "skipped", type: "expected-failure", message: `baselined ${statusLabel(clause.status)}: ${clip(clause.reason, 500)}` };
  }
  switch (clause.status) {
    case "pass": return undefined;
    case "fail": return { element: "failure", type: "fail", message: `MUST clause violated: ${clip(clause.expected ?? clause.reason, 500)}` };
    case "warn": return { element: "failure", type: "warn", message: `SHOULD clause violated (gates only with --strict): ${clip(clause.expected ?? clause.reason, 500)}` };
    case "inconclusive": return { element: "failure", type: "inconclusive", message: `inconclusive, not a pass: ${clip(clause.reason, 500)}` };
    case "error": return { element: "error", type: clip(clause.error?.kind ?? "error", 100), message: clip(clause.reason, 500) };
    case "not-applicable": return { element: "skipped", type: "not-applicable", message: `not applicable: ${clip(clause.reason, 500)}` };
  }
}

function testcase(report: Report, clause: ClauseReport): string {
  const family = clause.id.split("/")[0] ?? clause.id;
  const open = `    <testcase ${attr("classname", `mcp-collide.${family}`)} ${attr("name", clause.id)} ${attr("time", seconds(clause.durationMs))}`;
  const outcome = junitOutcome(clause);
  const out = `      <system-out>${escapeXml(`${clause.cases} case(s); situations: ${JSON.stringify(clause.situations)}`)}</system-out>`;
  if (!outcome) return `${open}>\n${out}\n    </testcase>`;
  const body = outcome.element === "skipped" && clause.baseline !== "expected-failure" ? "" : escapeXml(details(report, clause));
  const element = `      <${outcome.element} ${attr("type", outcome.type)} ${attr("message", outcome.message)}>${body}</${outcome.element}>`;
  return `${open}>\n${element}\n${out}\n    </testcase>`;
}

/** Renders `report` as JUnit XML (the Jenkins/Surefire dialect that GitHub, GitLab and most reporters read). */
export function renderJunit(report: Report): string {
  const count = (element: string) => report.clauses.filter((clause) => junitOutcome(clause)?.element === element).length;
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
  const props = properties.filter(([, value]) => value !== undefined).map(([name, value]) => `      <property ${attr("name", name)} ${attr("value", value!)}/>`);
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites ${attr("name", "mcp-collide")} ${attr("tests", tests)} ${attr("failures", failures)} ${attr("errors", errors)} ${attr("skipped", skipped)} ${attr("time", seconds(report.durationMs))}>`,
    `  <testsuite ${attr("name", suite)} ${attr("tests", tests)} ${attr("failures", failures)} ${attr("errors", errors)} ${attr("skipped", skipped)} ${attr("time", seconds(report.durationMs))} ${attr("timestamp", report.startedAt.replace(/(\.\d+)?Z$/, ""))}>`,
    "    <properties>", ...props, "    </properties>",
    ...report.clauses.map((clause) => testcase(report, clause)),
    "  </testsuite>",
    "</testsuites>",
    "",
  ].join("\n");
}
