/**
 * Deferred tools and the search tool that reaches them (HostPolicy.deferral). Past a number of server tools a
 * host offers its model a search tool in place of the tools themselves, each still listed by name, as Claude
 * Code (ToolSearch), Codex and Qwen Code (tool_search) do. Policy carried here:
 * - The reference's search finds a tool by the name the model was shown and by the server's own name, exactly,
 *   before anything else: a query that names a tool exactly loads that tool, and only the tools it names. A
 *   query that names none is read as words, each of which must be in the tool's shown name or description;
 *   the five best are loaded.
 * - A match is loaded by name: what the search found is what the model gets.
 * A one-bug host may instead rank every query by its words alone and keep the top five, so that an exact name
 * loses to siblings listed earlier (openai/codex#21503), or load what a search found by reading the names back
 * out of its result text with a pattern that has no `-` (netease-lcap/wave-agent PR#1070).
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { CallResult } from "../harness/index.ts";
import type { HostPolicy } from "./host-policy.ts";

/** A tool the search may find: its shown name and the server's tool. */
export interface Searchable {
  name: string;
  tool: Tool;
}

/** How many tools a search by words loads at most. */
export const SEARCH_LIMIT = 5;

/** The words of a text, as a ranked search reads them: runs of letters and digits, lower-cased. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** How often the query's words occur in a tool's shown name and description (every occurrence counts). */
function rank(query: readonly string[], candidate: Searchable): number {
  const text = words(`${candidate.name} ${candidate.tool.description ?? ""}`);
  return query.reduce((total, word) => total + text.filter((each) => each === word).length, 0);
}

/** The tools a query finds, in the order the search returns them. */
export function searchMatches(policy: HostPolicy, candidates: readonly Searchable[], query: string): Searchable[] {
  const asked = query.trim();
  if (policy.toolSearch === "exact-first") {
    const exact = candidates.filter((candidate) => candidate.name === asked || candidate.tool.name === asked);
    if (exact.length > 0) return exact;
    const wanted = words(asked);
    if (wanted.length === 0) return [];
    return candidates.filter((candidate) => {
      const text = `${candidate.name} ${candidate.tool.description ?? ""}`.toLowerCase();
      return wanted.every((word) => text.includes(word));
    }).slice(0, SEARCH_LIMIT);
  }
  // Ranked by word counts alone, ties in list order, top five: nothing keeps an exact name in the cut.
  const wanted = words(asked);
  return candidates
    .map((candidate, at) => ({ candidate, at, score: rank(wanted, candidate) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.at - b.at)
    .slice(0, SEARCH_LIMIT)
    .map((entry) => entry.candidate);
}

/** The result text a search hands the model: the names it found, then each one's definition. */
export function searchResultText(query: string, found: readonly Searchable[]): string {
  if (found.length === 0) return `No tools found for ${JSON.stringify(query)}.`;
  const definitions = found.map((each) => JSON.stringify({ name: each.name, description: each.tool.description, inputSchema: each.tool.inputSchema }));
  return [`Found tools: ${found.map((each) => each.name).join(", ")}`, ...definitions].join("\n");
}

/**
 * The shown names a search loads: those it found, or (wave-agent before PR#1070) the names a pattern of word
 * characters, commas and spaces reads back out of the result text, so a name holding `-` is cut at it and loads
 * nothing.
 */
export function loadedBySearch(policy: HostPolicy, found: readonly Searchable[], text: string): string[] {
  if (policy.searchActivation === "by-name") return found.map((each) => each.name);
  const listed = /^Found tools: ([\w, ]+)/.exec(text)?.[1] ?? "";
  const names = new Set(found.map((each) => each.name));
  return listed.split(",").map((name) => name.trim()).filter((name) => names.has(name));
}

/**
 * Runs a call of the search tool: its arguments must hold a string `query`. Returns the result for the model
 * and the shown names to load.
 */
export function runSearch(policy: HostPolicy, candidates: readonly Searchable[], args: Record<string, unknown>): { result: CallResult; load: string[] } {
  const { query } = args;
  if (typeof query !== "string" || query.trim() === "") {
    return { result: { ok: false, error: { message: "the search tool needs a non-empty string \"query\"" } }, load: [] };
  }
  const found = searchMatches(policy, candidates, query);
  const text = searchResultText(query, found);
  return { result: { ok: true, content: [{ type: "text", text }] }, load: loadedBySearch(policy, found, text) };
}
