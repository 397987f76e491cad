/**
 * The generated half of docs/sources.md: which clause cites which point of which source, what each one-bug
 * host is modelled on, and the public reports behind each bug catalogue entry, all read from the code
 * (clause `sources`, reference/one-bug-hosts.ts, suites/bug-catalogue.ts). The prose half (what each
 * source is) is written by hand above the markers; docs.test.ts fails while the generated half is stale.
 */
import { clauseAnchor, markdownText, namingProfiles, type Clause } from "../../harness/index.ts";
import type { OneBugHost } from "../../reference/index.ts";
import type { CatalogueEntry } from "../bug-catalogue.ts";
import { hostAnchor } from "./clauses-doc.ts";
import { documentOf, isIssue, linkIssues, sourceDocuments } from "./source-documents.ts";

/** Where the generated half of docs/sources.md starts and ends. */
export const GENERATED_START = "<!-- generated:start (by `npm run docs` from the code; edit the code, not this part) -->";
export const GENERATED_END = "<!-- generated:end -->";

/** What the generated half is rendered from. */
export interface SourceFacts {
  clauses: readonly Clause[];
  oneBugHosts: Readonly<Record<string, OneBugHost>>;
  bugCatalogue: readonly CatalogueEntry[];
}

const code = (text: string) => `\`${text}\``;
const clauseLink = (id: string) => `[${code(id)}](clauses.md#${clauseAnchor(id)})`;

/** Every citation that is neither a known document nor a public issue (a test wants none). */
export function unexplainedCitations(clauses: readonly Clause[]): string[] {
  return clauses.flatMap((clause) => clause.sources.filter((source) => !documentOf(source) && !isIssue(source)).map((source) => `${clause.id}: ${source}`));
}

/** The generated half of docs/sources.md, markers included. */
export function renderSourcesBlock(facts: SourceFacts): string {
  const cited = (test: (source: string) => boolean) =>
    facts.clauses.flatMap((clause) => clause.sources.filter(test).map((source) => ({ clause: clause.id, source })));
  const lines = [GENERATED_START, "", "## Which clause rests on which point", ""];
  for (const document of sourceDocuments) {
    const citing = cited((source) => document.cites.test(source));
    if (citing.length === 0) continue;
    lines.push(`- [${markdownText(document.title)}](#${document.anchor}): ${citing.map(({ clause, source }) => {
      const point = source.replace(document.cites, "").replace(/^[,:]?\s*/, "");
      return `${clauseLink(clause)}${point ? ` (${markdownText(point)})` : ""}`;
    }).join(", ")}`);
  }
  const issues = cited(isIssue);
  if (issues.length > 0) lines.push(`- [Public reports](#public-reports): ${issues.map(({ clause, source }) => `${clauseLink(clause)} (${linkIssues(source)})`).join(", ")}`);
  lines.push("", "## Naming profiles", "", "What `--profile NAME` (or a profile the host claims) holds names to; see [provider limits](#provider-limits).", "");
  for (const profile of Object.values(namingProfiles)) lines.push(`- ${code(profile.id)}: ${markdownText(profile.summary)}${profile.expectedName ? " (fixes every name: checked by `names/profile`)" : ""}`);
  lines.push("", "## What each one-bug host is modelled on", "");
  for (const [id, host] of Object.entries(facts.oneBugHosts)) lines.push(`- [${code(id)}](clauses.md#${hostAnchor(id)}): ${linkIssues(host.source)}`);
  lines.push("", "## The bug catalogue's public reports", "",
    "Each entry is kept as its smallest world in suites/bug-catalogue.ts, replayed against its one-bug host (the",
    "clause must catch it) and the reference host (the clause must pass); hosts/README.md tells them in prose.", "",
    "| entry | public reports | one-bug host | clause |", "|---|---|---|---|");
  for (const entry of facts.bugCatalogue) {
    lines.push(`| ${code(entry.id)} | ${entry.reports.map(linkIssues).join("; ")} | [${code(entry.host)}](clauses.md#${hostAnchor(entry.host)}) | ${clauseLink(entry.clause)} |`);
  }
  lines.push("", GENERATED_END);
  return lines.join("\n");
}

