/**
 * What every agent CLI's report entry (hosts/agent-clis/<id>/hosts.ts) shares: how `npm run reports` runs
 * it (`--agent`, with its defaults: the coverage plan, then a few random cases per clause, since each case
 * costs CLI sessions of seconds) and why the capability clauses a black-box CLI cannot be driven through do
 * not apply.
 */
import { AGENT_DEFAULT_RUNS } from "../../harness/index.ts";
import { adapter } from "../test-support.ts";

/** Why each capability clause does not apply to an agent CLI driven black box. */
export const notApplicable: Record<string, string> = {
  "guard/every-shape": "a CLI has no API to register a local tool from outside; its own built-ins are fixed",
  "guard/local-occupant": "a CLI takes no local tools from outside; the adapter tells its built-ins apart by a no-server baseline",
  "drift/refresh-tracks-list": "a CLI cannot be asked from outside to re-list a server mid-session",
  "drift/unreachable-prunes-nothing": "a CLI cannot be asked from outside to re-list a server mid-session",
  "drift/list-changed": "not declared: whether the CLI re-lists on list_changed between model turns is not driven yet",
  "drift/pin-holds-changes": "none of these CLIs pins a server's tool definitions",
  "options/keyed-by-wire": "none of these CLIs takes per-tool request schemas",
  "options/unknown-key": "none of these CLIs takes per-tool request schemas",
  "surface/allow-deny": "per-server tool filters exist (Codex enabled_tools, Gemini includeTools) but are not driven yet",
  "names/profile": "no CLI claims a naming profile; pass --profile to judge one",
};

/** The run settings of the report of CLI `id` (a registered folder name) in `variant` (none: `default`). */
export const agent = (id: string, variant?: string) => ({
  notApplicable,
  argv: adapter(`agent-clis/${id}`, ...(variant ? ["--variant", variant] : [])),
  runArgs: ["--agent", id, ...(variant ? ["--agent-variant", variant] : [])],
  runs: AGENT_DEFAULT_RUNS,
  // The pinned CLI, and the sandbox its adapter refuses to run without.
  needs: [`agent-cli:${id}` as const, "sandbox" as const],
});
