/**
 * Clause `wire/tool-error-reaches-model`: a tool's own error (an MCP result with `isError: true`) reaches the
 * model marked as an error, with the text the tool gave, and an ordinary result is not marked.
 *
 * How HAP/1 says it (docs/hap-1.md, `session/call`): `ok: false` with the error, or `ok: true` with
 * `isError: true` beside the content. `ok: true` without `isError` means the content went to the model as
 * ordinary output, as `ok: true` always meant: a host that does not send the field is read as not marking
 * the error, never as marking it, so silence cannot pass. `ok: true` with `undetermined` (an adapter that
 * cannot tell, docs/hap-1.md) judges nothing either way.
 */
import fc from "fast-check";
import {
  constructed, defineClause, lifecycleWorld, probeOf, scriptedToolError, visibleLabel,
  type CallResult, type World,
} from "../harness/index.ts";

/** `world` with some of its tools answering tool errors: tool j of all of them where `marks[j]`, and at least one. */
function withErrors(world: World, marks: readonly boolean[]): World {
  let j = 0;
  const servers = world.servers.map((server) => {
    const failing = server.tools.filter(() => marks[j++] === true).map((tool) => tool.name);
    return failing.length > 0 ? { ...server, errorTools: failing } : server;
  });
  if (servers.some((server) => server.errorTools !== undefined) || servers[0]?.tools[0] === undefined) return { servers };
  return { servers: [{ ...servers[0]!, errorTools: [servers[0]!.tools[0]!.name] }, ...servers.slice(1)] };
}

/**
 * Whether `handed` carries the tool's text `said`: as it is, or inside JSON that a host (or HAP/1's own
 * `content` field, read here as JSON) wrapped it in, up to three levels deep. A host that serialises the MCP
 * result into its error message hands the model the text with its quotes escaped (`tool \"fail\"`), which
 * is still the text; reading only the raw form made every such host a false WARN.
 */
export function carriesText(handed: string, said: string): boolean {
  let form = said;
  for (let depth = 0; depth <= 3; depth += 1) {
    if (handed.includes(form)) return true;
    form = JSON.stringify(form).slice(1, -1);
  }
  return false;
}

/** Whether the host marked a result as an error, and the text it handed on. */
function reading(result: CallResult): { marked: boolean; text: string } {
  if (!result.ok) return { marked: true, text: result.error.message };
  return { marked: result.isError === true, text: JSON.stringify(result.content) };
}

export const toolErrorReachesModel = defineClause({
  id: "wire/tool-error-reaches-model",
  level: "SHOULD",
  summary: "hand the model a tool result marked isError: true as an error, with the text the tool gave (an ordinary result unmarked)",
  why:
    "A tool reports its own failure in its result, with isError: true, so that the model can see that the " +
    "call failed and correct itself (the MCP specification's CallToolResult). A host that forwards the " +
    "content as ordinary output makes the failure look like data: the agent narrates an error message as a " +
    "result, records a failed call as completed, and may retry forever or never. gemini-cli and opencode " +
    "both shipped it. It is a SHOULD: the error text still reaches the model, unmarked.",
  sources: ["MCP spec Tools: error handling", "google-gemini/gemini-cli PR#6194", "anomalyco/opencode#16969"],
  checkSituations: {
    "tool-error-call": "a call of a shown tool reached its server, which answered isError: true (the tool's own error, or an unknown name)",
  },
  arbitrary: () =>
    fc.record({ world: lifecycleWorld({ maxServers: 3 }), marks: fc.array(fc.boolean(), { maxLength: 6 }) }).map(({ world, marks }) => withErrors(world, marks)),
  // A failing tool beside an ordinary one of its server, and on a server of its own beside another.
  coverage: () => constructed(["tool-error", "tool-error-two-servers"]),
  worlds: (value: World) => [value],
  requires: ["tool-error", "tool-error-call"],
  async check(env, value) {
    const observation = await env.observe(value);
    const problems: string[] = [];
    let called = false;
    for (const tool of observation.tools) {
      const call = tool.identity ? probeOf(observation, tool) : undefined;
      const [only] = call?.deliveries.length === 1 ? call.deliveries : [];
      // Judged only where the call reached the tool's own server, once: a misrouted call is the wire clauses'.
      // What the server answered follows from its script and the name it received (its own, or another).
      if (!call || !only || only.server !== tool.identity!.server) continue;
      // An answer the adapter could not read as a failure or as output (HAP/1 `undetermined`) judges nothing.
      if (call.result.ok && call.result.undetermined !== undefined) continue;
      const server = value.servers.find((candidate) => candidate.key === only.server)!;
      const said = scriptedToolError(server, server.tools, only.tool ?? "");
      const { marked, text } = reading(call.result);
      const shown = JSON.stringify(visibleLabel(tool));
      if (said !== undefined) {
        called = true;
        if (!marked) problems.push(`${shown} answered isError: true, and the host handed on ${text.slice(0, 300)} as ordinary output (ok: true${call.result.ok && call.result.isError === false ? ", isError: false" : ", no isError"})`);
        else if (!carriesText(text, said)) problems.push(`${shown} answered isError: true with ${JSON.stringify(said)}, and the host marked an error without that text: ${JSON.stringify(text.slice(0, 300))}`);
      } else if (marked) {
        problems.push(`${shown} answered an ordinary result, and the host marked it as an error: ${JSON.stringify(text.slice(0, 300))}`);
      }
    }
    const judged = [...await env.judge(value, observation), ...(called ? ["tool-error-call"] : [])];
    if (problems.length === 0) return { ok: true, judged };
    return { ok: false, judged, expected: "a tool's error marked as an error (ok: false, or isError: true), with its text; an ordinary result unmarked", observed: problems.join("; ") };
  },
});

/** The `wire/tool-error-reaches-model` clause (catalogue order: after `wire/unknown-name`). */
export const toolErrorClauses = [toolErrorReachesModel];
