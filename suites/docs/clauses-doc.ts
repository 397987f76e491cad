/**
 * docs/clauses.md, the published clause catalogue, rendered from the only places its facts live: each
 * clause's definition (id, level, summary, why, needs, situations, sources), the world situations'
 * meanings, the controls' answer key (which one-bug hosts fail each clause) and the one-bug hosts' own
 * descriptions. Nothing here is written twice, so the document cannot say what the code does not do;
 * docs.test.ts fails while the committed file differs from this rendering.
 */
import {
  CapabilitiesSchema, catalogueHistory, catalogueVersion, clauseAnchor, markdownText, namingProfile, situationMeanings, type Clause, type Situation,
} from "../../harness/index.ts";
import type { OneBugHost } from "../../reference/index.ts";
import { citationMarkdown, linkIssues } from "./source-documents.ts";

/** What the catalogue is rendered from. */
export interface CatalogueFacts {
  clauses: readonly Clause[];
  /** Host id to the clause ids it must fail (the controls' answer key). */
  expectedFailures: Readonly<Record<string, readonly string[]>>;
  /** Host id to the clauses a host-wide cause of its must leave INCONCLUSIVE, with that cause (the key's other half). */
  expectedConfounded?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  oneBugHosts: Readonly<Record<string, OneBugHost>>;
  controlRun: { seed: number; runs: number };
}

/** The anchor of a one-bug host's entry. */
export const hostAnchor = (id: string) => `host-${id}`;

const code = (text: string) => `\`${text}\``;

/** A capability as the catalogue names it. */
function need(capability: string): string {
  if (capability === "profile") return "a naming profile (`--profile`, or one the host claims)";
  // A host whose local tools are fixed (an agent CLI's built-ins) declares them instead (guard/local-occupant).
  if (capability === "localTools") return `the ${code(capability)} capability (or a non-empty ${code("builtinTools")} list)`;
  return `the ${code(capability)} capability`;
}

function meaningOf(clause: Clause, situation: string): string {
  const meaning = (situationMeanings as Record<string, string>)[situation] ?? clause.checkSituations?.[situation];
  if (meaning === undefined) throw new Error(`clause ${clause.id} requires situation ${situation}, which has no meaning (add it to checkSituations)`);
  return meaning;
}

/**
 * The host the catalogue shows coverage plans for: one that declares every capability (a plan that depends
 * on the declaration, such as one case per accepted local-tool shape, shows its one-shape form).
 */
const planEnv = {
  capabilities: CapabilitiesSchema.parse({ refresh: true, listChanged: true, localTools: true, registerLocal: ["object"], requestSchemas: true, pins: true, allowDeny: true }),
  profile: namingProfile("adr-0112"),
  providerProfile: namingProfile("default"),
  // The join the reference shows on its open of the clean world: a plan built on a host's join shows its form.
  naming: { kind: "joined", order: "key-first", prefix: "mcp__", separator: "__", suffix: "" } as const,
};

/** A clause's coverage plan as a list: each constructed case with the hazard it is built for. */
function planLines(clause: Clause): string[] {
  const plan = clause.coverage?.(planEnv) ?? [];
  if (plan.length === 0) throw new Error(`clause ${clause.id} has no coverage plan: every clause judges its hazards on constructed worlds`);
  return plan.map((built) => `  - ${code(built.hazard)}: ${markdownText(built.title)}`);
}

function failersOf(facts: CatalogueFacts, id: string): string[] {
  return Object.entries(facts.expectedFailures).filter(([, ids]) => ids.includes(id)).map(([host]) => host);
}

function clauseSection(facts: CatalogueFacts, clause: Clause): string[] {
  if (!clause.why) throw new Error(`clause ${clause.id} has no why`);
  const failers = failersOf(facts, clause.id);
  if (failers.length === 0) throw new Error(`no one-bug host fails clause ${clause.id}: every clause is shown both ways`);
  const needs = clause.needs && clause.needs.length > 0
    ? `${clause.needs.map(need).join(" and ")}; without it the verdict is NOT_APPLICABLE`
    : "nothing beyond the six basic methods of [HAP/1](hap-1.md)";
  return [
    `<a id="${clauseAnchor(clause.id)}"></a>`,
    "",
    `### ${code(clause.id)} (${clause.level})`,
    "",
    `The host must: ${markdownText(clause.summary)}.`,
    "",
    `**Why.** ${markdownText(clause.why)}`,
    "",
    `- **Needs:** ${needs}.`,
    `- **Situations it must meet** (each at least once, else INCONCLUSIVE): ${clause.requires.map((situation) => `${code(situation)}: ${markdownText(meaningOf(clause, situation))}`).join("; ")}.`,
    "- **Coverage plan** (constructed cases, judged first in every run, whatever the seed and `--runs`):",
    ...planLines(clause),
    `- **One-bug hosts that fail it** (the controls): ${failers.map((host) => `[${code(host)}](#${hostAnchor(host)})`).join(", ")}.`,
    `- **Sources:** ${clause.sources.map((source) => citationMarkdown(source, "sources.md")).join("; ")}.`,
    "",
  ];
}

/** Renders docs/clauses.md. */
export function renderClausesDoc(facts: CatalogueFacts): string {
  const { clauses, controlRun } = facts;
  const anchors = clauses.map((clause) => clauseAnchor(clause.id));
  const twice = anchors.find((anchor, index) => anchors.indexOf(anchor) !== index);
  if (twice) throw new Error(`two clauses share the anchor ${twice}`);
  const worldSituations = Object.entries(situationMeanings as Record<Situation, string>);
  const lines = [
    "<!-- Generated by `npm run docs` from the clauses (suites/*.suite.ts), the world situations",
    "(harness/world/situations.ts), the controls' answer key (suites/expected-failures.ts) and the one-bug hosts",
    "(reference/one-bug-hosts.ts). Edit those, not this file: suites/docs/docs.test.ts fails while it is stale. -->",
    "",
    `# The clause catalogue, version ${catalogueVersion}`,
    "",
    "A clause is one checkable requirement on an MCP host that merges tools from several servers (and, under",
    "`prompts/` and `resources/`, their prompts and resources). Its id is stable forever: a report cites it, a",
    "baseline names it, and a changed meaning gets a new id. Each clause is a property checked on generated",
    "worlds of real MCP servers; a failure is shrunk to the smallest world that shows it.",
    "",
    "- **MUST** clauses fail the run (exit 1). **SHOULD** clauses are reported as WARN and fail the run only",
    "  under `--strict`.",
    "- A clause that needs a capability the adapter did not declare in `initialize` ([HAP/1](hap-1.md)) is",
    "  NOT_APPLICABLE.",
    "- Coverage first: every run judges each clause's coverage plan (the smallest world built for each hazard the",
    "  clause is about, listed under it) before `--runs` random cases explore further, so a known hazard is",
    "  judged whatever the seed and the run count, and a host's verdicts do not move with them. Before any",
    "  plan is built the harness opens a world with nothing to refuse once and reads the host's join of key and",
    "  tool name from it; the `host-join-clash` cases are built under that join (listed here under the",
    "  reference's `mcp__{key}__{tool}`).",
    "- A clause whose situations no case could judge (the host refused every world holding one, for another",
    "  reason) is INCONCLUSIVE, never PASS, and says what the host did; a host that crashes, hangs or answers",
    "  garbage earns ERROR, never PASS.",
    `- Every clause is shown both ways: the reference host passes it, and the one-bug hosts listed under it fail`,
    `  it (the controls run at seed ${controlRun.seed}, ${controlRun.runs} random cases per clause; docs/power.md shows the same at`,
    "  several seeds, at one random case and at the default).",
    "",
    "Where each requirement comes from is in [sources.md](sources.md). A report links each clause id to its",
    "section here.",
    "",
    "| clause | level | needs | the host must ... |",
    "|---|---|---|---|",
    ...clauses.map((clause) =>
      `| [${code(clause.id)}](#${clauseAnchor(clause.id)}) | ${clause.level} | ${clause.needs?.map(code).join(", ") || "—"} | ${markdownText(clause.summary)} |`),
    "",
    "## Clauses",
    "",
    ...clauses.flatMap((clause) => clauseSection(facts, clause)),
    "## Situations",
    "",
    "What a generated world puts a host in, computed from the world itself. A report counts, per clause, the",
    "cases that showed each one. Situations a clause's own check reports are explained under that clause.",
    "",
    ...worldSituations.map(([situation, meaning]) => `- ${code(situation)}: ${markdownText(meaning)}`),
    "",
    "## One-bug hosts",
    "",
    "The reference host with exactly one policy point filled the way a real host fills it. Run one with",
    "`npx mcp-collide run --host ID`.",
    "",
    ...Object.entries(facts.oneBugHosts).flatMap(([id, host]) => {
      const fails = facts.expectedFailures[id] ?? [];
      const linked = (ids: readonly string[]) => ids.map((clause) => `[${code(clause)}](#${clauseAnchor(clause)})`).join(", ");
      const confounded = Object.entries(facts.expectedConfounded?.[id] ?? {});
      const causes = [...new Set(confounded.map(([, cause]) => cause))];
      const failing = fails.length > 0 ? `Fails ${linked(fails)}.` : "Fails no clause.";
      const inconclusive = confounded.length === 0 ? ""
        : ` Leaves ${confounded.length === facts.clauses.length ? "every clause" : linked(confounded.map(([clause]) => clause))} INCONCLUSIVE: confounded (${causes.map(code).join(", ")}), never failed.`;
      return [
        `- <a id="${hostAnchor(id)}"></a>${code(id)}: ${markdownText(host.summary)}. Modelled on ${linkIssues(host.source)}. ${failing}${inconclusive}`,
      ];
    }),
    "",
    "## Versions",
    "",
    ...Object.entries(catalogueHistory).map(([version, change]) => `- **${version}**: ${markdownText(change)}.`),
    "",
  ];
  if (!Object.hasOwn(catalogueHistory, catalogueVersion)) throw new Error(`catalogueHistory says nothing about version ${catalogueVersion}`);
  return lines.join("\n");
}
