/**
 * What every agent CLI's report entry (hosts/agent-clis/<id>/hosts.ts, hosts/agent-modules/<name>/hosts.ts) shares: how `npm run reports` runs
 * it (`--agent`, with its defaults: the coverage plan, then a few random cases per clause, since each case
 * costs CLI sessions of seconds) and why the capability clauses a black-box CLI cannot be driven through do
 * not apply.
 */
import { noContext } from "../library-report-entry.ts";
import { AGENT_DEFAULT_RUNS, agentCliEntry, type OptionalInstall } from "../../harness/index.ts";

/**
 * One end-to-end drive of a CLI in `npm run test:agents` (agent-clis.agents.test.ts): the world `alpha` [search, a.b] +
 * `beta` [search] through its real binary, and the names (and namespaces) it shows, in order.
 */
export interface AgentDrive {
  id: string;
  variant?: string;
  names: string[];
  /** The namespace of each shown tool (default: none). */
  namespaces?: Array<string | undefined>;
  /** A name whose call must reach alpha's `search`, where the names alone do not say which server is whose. */
  alphaSearch?: string;
  /** Text the result of a call of a name the CLI does not show must hold (the CLI's own words). */
  unknownSays?: string;
}

/**
 * Why each capability clause does not apply to an agent CLI driven black box. Every CLI is judged on
 * `guard/local-occupant` through its built-ins (HAP/1 `builtinTools`, learnt from its no-server baseline)
 * and on `drift/mid-session-loss` (a server dies between two calls of one CLI process), which needs nothing;
 * `drift/list-changed` applies where the CLI re-lists a server on list_changed (AgentCli.relists): a CLI that
 * does takes {@link relisting}, one that does not says why (the default, {@link notRelisting}, says it was
 * not measured).
 */
export const relisting: Record<string, string> = {
  "guard/every-shape": "a CLI has no API to register a local tool from outside; its own built-ins are fixed (guard/local-occupant judges them)",
  "drift/refresh-tracks-list": "a CLI cannot be asked from outside to re-list a server mid-session",
  "drift/unreachable-prunes-nothing": "a CLI cannot be asked from outside to re-list a server mid-session",
  "drift/pin-holds-changes": "none of these CLIs pins a server's tool definitions",
  "options/keyed-by-wire": "none of these CLIs takes per-tool request schemas",
  "options/unknown-key": "none of these CLIs takes per-tool request schemas",
  "surface/allow-deny": "per-server tool filters exist (Codex enabled_tools, Gemini includeTools) but are not driven yet",
  "names/profile": "no CLI claims a naming profile; pass --profile to judge one",
};

/**
 * The prompt and resource clauses (catalogue 4) for a CLI whose adapter drives neither its prompt commands nor
 * its resource tools yet (issue 37): not judged, never a pass. Only for a report made at catalogue 4.
 */
export const contextNotDriven = (cli: string): Record<string, string> => noContext(
  `Not judged yet: the adapter does not drive ${cli}'s MCP prompts (it declares no prompts capability).`,
  `Not judged yet: the adapter does not drive ${cli}'s MCP resources (it declares no resources capability).`,
);

/**
 * surface/deferred-reachable for a variant whose adapter declares no search tool for deferred tools; `why` says
 * what the CLI did instead (by default: it offered every MCP tool as it is).
 */
export const noSearchTool = (cli: string, why = "offered the model every MCP tool as it is in every world of this report"): Record<string, string> => ({
  "surface/deferred-reachable": `Not judged: this variant's adapter declares no search tool for deferred tools (no deferredTools): ${cli} ${why}.`,
});

/** {@link relisting}, for a CLI whose re-listing on list_changed was not measured (its adapter declares no `listChanged`). */
export const notRelisting: Record<string, string> = {
  ...relisting,
  "drift/list-changed": "not declared: whether this CLI re-lists a server on notifications/tools/list_changed within one process was not measured yet",
};

/** The pinned Node CLI `id` needs (its cli.json `node`), as an optional install; none when it runs on the PATH's. */
const nodeOf = (id: string): OptionalInstall[] => {
  const major = agentCliEntry(id)?.node;
  return major === undefined ? [] : [`node-runtime:${major}`];
};

/** The adapter command a report of the agent module at `path` (from the package root) records as its hostCommand. */
const moduleArgv = (path: string, variant?: string) =>
  ["node", "--import", "tsx", "harness/agent/agent-module-main.ts", "--module", path, ...(variant ? ["--variant", variant] : [])];

/** The run settings of the report of CLI `id` (a registered folder name) in `variant` (none: `default`). */
export const agent = (id: string, variant?: string) => ({
  // The default: a CLI not known to re-list.
  notApplicable: notRelisting,
  // What `mcp-collide run --agent ID` runs, and records as the report's hostCommand: the CLI's module.
  argv: moduleArgv(`hosts/agent-clis/${id}/${id}.ts`, variant),
  // A CLI re-lists in turns that cost seconds: drift/list-changed gets 15 s, not the library hosts' 2 s.
  runArgs: ["--agent", id, ...(variant ? ["--agent-variant", variant] : []), "--list-changed-timeout", "15000"],
  runs: AGENT_DEFAULT_RUNS,
  // The pinned CLI, the sandbox its adapter refuses to run without, and the pinned Node it needs, if any.
  needs: [`agent-cli:${id}` as const, "sandbox" as const, ...nodeOf(id)],
});

/**
 * The run settings of the report of an agent module (`--agent-module PATH`, the path from the package root)
 * in `variant`, whose CLI is installed beside it (`install`: an example module, hosts/agent-modules/<name>).
 */
export const agentModule = (path: string, install: string, variant?: string) => ({
  notApplicable: notRelisting,
  argv: moduleArgv(path, variant),
  runArgs: ["--agent-module", path, ...(variant ? ["--agent-variant", variant] : []), "--list-changed-timeout", "15000"],
  runs: AGENT_DEFAULT_RUNS,
  needs: [`agent-module:${install}` as const, "sandbox" as const],
});
