/**
 * The documents clauses cite, and how a citation in a clause's `sources` (or a one-bug host's, or a bug
 * catalogue entry's) becomes a link: a known document to its section of docs/sources.md, a public issue or
 * pull request (owner/repo#n, owner/repo PR#n) to GitHub. A citation that is neither is a test failure, so
 * every source a report prints is explained in the repository.
 */
import { markdownText } from "../../harness/index.ts";

/** One document clauses rest on; docs/sources.md has a section with this anchor. */
export interface SourceDocument {
  anchor: string;
  /** How the section is titled. */
  title: string;
  /** How a citation names it: the start of a `sources` entry. */
  cites: RegExp;
}

/** Every document a clause may cite, in the order docs/sources.md presents them. */
export const sourceDocuments: readonly SourceDocument[] = [
  { anchor: "adr-0112", title: "ADR-0112 (lionagi): MCP tool registration naming and collision behaviour", cites: /^ADR-0112\b/ },
  { anchor: "tesserix", title: "The tesserix ADK's MCP tool surface", cites: /^tesserix\b/ },
  { anchor: "adonis", title: "The adonis-agora MCP client's importer", cites: /^adonis importer\b/ },
  { anchor: "sep-986", title: "SEP-986: a format for tool names", cites: /^SEP-986\b/ },
  { anchor: "field-guide", title: "The field guide to tool-name collisions, shadowing and namespacing", cites: /^field guide\b/ },
  { anchor: "mcp-spec-prompts-resources", title: "The MCP specification's Prompts, Resources and Pagination pages", cites: /^MCP spec (Prompts|Resources|Pagination)\b/ },
  { anchor: "mcp-spec-tools", title: "The MCP specification's Tools page", cites: /^MCP spec\b/ },
  { anchor: "provider-limits", title: "Model providers' tool-name rules", cites: /^provider tool-name limits\b/ },
  { anchor: "found-by-hand", title: "Defects found by hand on agent CLIs", cites: /^found by hand\b/ },
];

/** A public issue or pull request, anywhere in a text: `owner/repo#123` or `owner/repo PR#123`. */
const ISSUE = /\b([A-Za-z0-9][\w.-]*\/[\w.-]+?) ?(PR)?#(\d+)\b/g;

/** The GitHub address of issue or pull request `number` of `repo`. */
export function issueUrl(repo: string, number: string, pull = false): string {
  return `https://github.com/${repo}/${pull ? "pull" : "issues"}/${number}`;
}

/** The document a citation names, if any. */
export function documentOf(citation: string): SourceDocument | undefined {
  return sourceDocuments.find((document) => document.cites.test(citation));
}

/** True when a whole citation is one public issue or pull request reference. */
export function isIssue(citation: string): boolean {
  return new RegExp(`^${ISSUE.source}$`).test(citation);
}

/**
 * A citation as Markdown: the document's name linked to its section of sources.md (`sourcesPath`), the
 * rest as text, and every issue reference in it linked to GitHub.
 */
export function citationMarkdown(citation: string, sourcesPath: string): string {
  const document = documentOf(citation);
  if (document) {
    const [named] = document.cites.exec(citation)!;
    return `[${markdownText(named)}](${sourcesPath}#${document.anchor})${linkIssues(citation.slice(named.length))}`;
  }
  return linkIssues(citation);
}

/** `text` as Markdown text, with every issue or pull request reference in it linked to GitHub. */
export function linkIssues(text: string): string {
  let out = "";
  let at = 0;
  for (const match of text.matchAll(ISSUE)) {
    const [whole, repo, pull, number] = match;
    out += `${markdownText(text.slice(at, match.index))}[${markdownText(whole)}](${issueUrl(repo!, number!, pull !== undefined)})`;
    at = match.index! + whole.length;
  }
  return out + markdownText(text.slice(at));
}
