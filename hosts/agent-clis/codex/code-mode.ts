/**
 * Codex's "code mode" wire, as Codex 0.171 sends it for its own default model slug. The request's `tools`
 * is empty; an `additional_tools` input item offers one freeform tool, `exec` (JavaScript run in a V8
 * isolate), plus a few built-ins. MCP tools are not declared to the model at all at first: the prompt
 * lists only "Deferred tool namespaces" (`mcp__<key>`), and the exec tool's description says every nested
 * tool is a function on the global `tools` object, listed with its TypeScript declaration in `ALL_TOOLS`.
 *
 * So a model finds the MCP tools the way this adapter does: one `exec` whose script prints `ALL_TOOLS`;
 * the names there (normalised JavaScript identifiers such as `mcp__alpha__a_b`, no namespace) are how it
 * calls them. A call is one `exec` that awaits `tools[<name>](<arguments>)` and prints the CallToolResult;
 * Codex answers with a `custom_tool_call_output` whose first text says whether the script completed.
 */
import { z } from "zod";
import type { HeldTurn, ModelReply, ProviderToolResult } from "../../../fake-servers/index.ts";
import type { VisibleTool } from "../../../harness/index.ts";

/** The freeform tool every code-mode call goes through. */
export const EXEC_TOOL = "exec";
/** The call id of the listing `exec` run after open. */
export const LISTING_ID = "call_mcpcollide_all_tools";

// A script may run until the driver's own turn bound ends it (Codex yields after 30 s by default, which
// would hand back a cell id instead of the result), and a long tool list must not be cut at Codex's
// default 10,000-token output budget (a cut listing fails to parse, an ERROR, never a shorter surface).
const PRAGMA = `// @exec: ${JSON.stringify({ yield_time_ms: 600_000, max_output_tokens: 1_000_000 })}`;

/** The `exec` that prints every nested tool the model can call, as `ALL_TOOLS` describes them. */
export function listingReply(): ModelReply {
  return { type: "custom-tool-call", id: LISTING_ID, name: EXEC_TOOL, input: `${PRAGMA}\ntext(JSON.stringify(ALL_TOOLS.map(({ name, description }) => ({ name, description }))));` };
}

/**
 * The `exec` that calls nested tool `name` with `args` and prints what it returned. The name is indexed as
 * a string literal and the arguments parsed from JSON, so any name or key reaches Codex exactly (an
 * object literal would turn a `__proto__` key into a prototype).
 */
export function callReply(name: string, args: Record<string, unknown>, id: string): ModelReply {
  const input = `${PRAGMA}\nconst result = await tools[${JSON.stringify(name)}](JSON.parse(${JSON.stringify(JSON.stringify(args))}));\ntext(JSON.stringify(result));`;
  return { type: "custom-tool-call", id, name: EXEC_TOOL, input };
}

const OutputItemsSchema = z.array(z.object({ type: z.string(), text: z.string().optional() }).loose());
const ListingSchema = z.array(z.object({ name: z.string(), description: z.string().optional() }));
const CallToolResultSchema = z.object({ content: z.array(z.object({ type: z.string(), text: z.string().optional() }).loose()).default([]), isError: z.boolean().optional() }).loose();

/** What one `exec` printed, and whether its script completed. */
export function execOutput(result: ProviderToolResult): { completed: boolean; header: string; body: string } {
  let items: z.infer<typeof OutputItemsSchema>;
  try {
    items = OutputItemsSchema.parse(JSON.parse(result.text));
  } catch {
    return { completed: false, header: "", body: result.text };
  }
  const texts = items.map((item) => item.text ?? "");
  const header = texts[0] ?? "";
  return { completed: !result.isError && /^Script completed\b/.test(header), header, body: texts.slice(1).join("\n") };
}

/**
 * The nested tools the listing `exec` printed (the turn after it), or [] on the first turn, before it.
 * Throws when the listing is missing after a tool result, failed, or does not parse (cut short).
 */
export function codeModeSurface(turn: HeldTurn): VisibleTool[] {
  const listing = turn.content.toolResults.find((result) => result.id === LISTING_ID);
  if (!listing) {
    if (turn.content.toolResults.length === 0) return [];
    throw new Error("codex sent no result for the exec that lists ALL_TOOLS");
  }
  const output = execOutput(listing);
  if (!output.completed) throw new Error(`codex: the exec listing ALL_TOOLS did not complete: ${output.header} ${output.body}`.slice(0, 2000));
  let tools: z.infer<typeof ListingSchema>;
  try {
    tools = ListingSchema.parse(JSON.parse(output.body));
  } catch (error) {
    throw new Error(`codex: the ALL_TOOLS listing does not parse (${error instanceof Error ? error.message.slice(0, 200) : String(error)}): ${output.body.slice(0, 500)}`);
  }
  // The description is the one the model reads: the server's, then Codex's TypeScript declaration.
  return tools.map((tool) => ({ name: tool.name, ...(tool.description === undefined ? {} : { description: tool.description }) }));
}

/**
 * The result of call `id` as a tool result: the text of the CallToolResult the script printed, an error
 * when the script failed (an unknown name is `TypeError: tools.x is not a function`) or the tool's result
 * says isError.
 */
export function codeModeResult(results: readonly ProviderToolResult[], id: string): ProviderToolResult | undefined {
  const result = results.find((candidate) => candidate.id === id);
  if (!result) return undefined;
  const output = execOutput(result);
  if (!output.completed) return { ...result, isError: true, text: `${output.header}${output.body}` || result.text };
  let parsed: z.infer<typeof CallToolResultSchema>;
  try {
    parsed = CallToolResultSchema.parse(JSON.parse(output.body));
  } catch {
    return { ...result, isError: true, text: `not a CallToolResult: ${output.body}` };
  }
  const text = parsed.content.map((block) => block.text ?? JSON.stringify(block)).join("\n");
  return { ...result, isError: parsed.isError === true, text };
}
