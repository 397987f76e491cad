/**
 * What the session driver does where an AgentCli leaves a part out (agent-cli.ts), and how it reads a call's
 * answer. Policy: the driver never guesses a CLI's words. A wire with an error flag (Anthropic's `is_error`,
 * Gemini's `error`) says what failed; on one without (Chat Completions, Responses) only the CLI's own
 * declared `failureTexts` do, and where it declared none the answer is undetermined (HAP/1 `undetermined`),
 * which the clauses leave unjudged: INCONCLUSIVE, never a FAIL read from a related CLI's pattern.
 */
import type { FrontEnd, HeldTurn, ModelReply, ProviderToolResult } from "../../fake-servers/index.ts";
import type { CallResult } from "../protocol/call-result.ts";
import type { HostError } from "../protocol/open-result.ts";
import type { VisibleTool } from "../protocol/tools-result.ts";
import type { AgentCli } from "./agent-cli.ts";

/** The front ends whose tool result carries an error flag the CLI sets itself. */
const FLAGGED: ReadonlySet<FrontEnd> = new Set(["anthropic", "gemini"]);

/** Every tool a turn offers, as offered. */
export function offeredTools(turn: HeldTurn): VisibleTool[] {
  return turn.content.tools.map((tool) => ({
    ...(tool.namespace === undefined ? {} : { namespace: tool.namespace }), name: tool.name, description: tool.description, inputSchema: tool.inputSchema,
  }));
}

/** One tool call of `tool` (in its namespace) with `args`. */
export function toolCallReplies(tool: { name: string; namespace?: string }, args: Record<string, unknown>, id: string): ModelReply[] {
  return [{ type: "tool-call", id, name: tool.name, ...(tool.namespace === undefined ? {} : { namespace: tool.namespace }), arguments: args }];
}

/**
 * The result of call `id`: the one carrying the id, else (an API that may drop ids: Gemini) the last under
 * `name`; an error where the wire flagged it or its text matches one of `failureTexts`.
 */
export function resultByDefault(results: readonly ProviderToolResult[], id: string, name: string, failureTexts: readonly RegExp[] = []): ProviderToolResult | undefined {
  const result = results.find((candidate) => candidate.id === id) ?? results.filter((candidate) => candidate.id === undefined && candidate.name === name).at(-1);
  if (!result) return undefined;
  return !result.isError && failureTexts.some((pattern) => pattern.test(result.text)) ? { ...result, isError: true } : result;
}

/** The result of call `id` as `cli` reads it: its own `resultOf`, else {@link resultByDefault} with its failure texts. */
export function cliResult(cli: AgentCli, results: readonly ProviderToolResult[], id: string, name: string): ProviderToolResult | undefined {
  return cli.resultOf ? cli.resultOf(results, id, name) : resultByDefault(results, id, name, cli.failureTexts);
}

const FAILURE_WORDS = /\b(error|errors|fail|failed|failure|could not|cannot|unable|refused|invalid)\b/i;

/** Each output line that names a configured server (as a word) and says it failed, attributed to that server, channel kept. */
export function serverErrorLines(output: { stdout: string; stderr: string }, keys: readonly string[]): HostError[] {
  const names = (line: string, key: string) => new RegExp(`(^|[^\\w-])${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\w-])`).test(line);
  return (["stderr", "stdout"] as const).flatMap((channel) => output[channel].split("\n")
    .filter((line) => FAILURE_WORDS.test(line))
    .flatMap((line) => {
      const key = keys.find((candidate) => names(line, candidate));
      return key === undefined ? [] : [{ server: key, message: line.trim().slice(0, 2000), channel }];
    })).slice(0, 50);
}

/**
 * A call's answer as HAP/1 says it: an error where the CLI handed it on as one, output where it did not and
 * the driver can tell, undetermined where it cannot (no error flag on the wire, and no failure texts known).
 */
export function callResultOf(cli: AgentCli, result: ProviderToolResult): CallResult {
  if (result.isError) return { ok: false, error: { message: result.text } };
  const content = [{ type: "text", text: result.text }];
  if (FLAGGED.has(cli.frontEnd) || cli.failureTexts !== undefined) return { ok: true, content };
  return { ok: true, content, undetermined: `${cli.id} hands its model a failure as plain text on ${cli.frontEnd}, which has no error flag, and its module declares no failureTexts: whether this answer was a failure cannot be told` };
}
