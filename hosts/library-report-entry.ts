/**
 * What every library host's report entry (hosts/<id>/hosts.ts) shares: how `npm run reports` starts its
 * adapter, which packages it judges and what it needs beyond `npm ci`, all read from the folder's
 * host.json (harness/cli/host-registry.ts), and the reasons no library host here has pins or per-tool
 * request schemas. The agent CLIs' counterpart is hosts/agent-clis/agent-report-entry.ts.
 */
import { catalogueIds, hostEntry, nodeRuntime, type HostEntry, type OptionalInstall } from "../harness/index.ts";

/** The manifest of host folder `id`; throws when hosts/<id>/host.json is missing. */
export function manifestOf(id: string): HostEntry {
  const entry = hostEntry(id);
  if (entry === undefined) throw new Error(`hosts/${id}/host.json is missing`);
  return entry;
}

/**
 * The Node binary host `entry`'s adapter runs on: the pinned runtime of the major its host.json names
 * (hosts/node-runtimes/, relative to the package root), else `node`, the harness's own.
 */
export function nodeOf(entry: HostEntry): string {
  if (entry.node === undefined) return "node";
  const runtime = nodeRuntime(entry.node);
  if (runtime === undefined) throw new Error(`hosts/${entry.id}/host.json: no Node ${entry.node} in hosts/node-runtimes/package.json`);
  return runtime.bin;
}

/** The adapter command of host folder `id` (run from the package root), with the adapter's own `flags`. */
export function adapterArgv(entry: HostEntry, ...flags: string[]): string[] {
  if (entry.runtime === "python") {
    return [entry.install === "venv" ? `hosts/${entry.id}/.venv/bin/python` : "python3", `hosts/${entry.id}/adapter.py`, ...flags];
  }
  // tsx is the harness's (the package root's node_modules); HAP/1 is a process boundary, so it runs on the host's Node.
  return [nodeOf(entry), "--import", "tsx", `hosts/${entry.id}/adapter.ts`, ...flags];
}

/**
 * What host `entry` needs beyond `npm ci`: its own install and the Node it runs on, or Python 3 for a host
 * that is only its runtime.
 */
export function needsOf(entry: HostEntry): OptionalInstall[] {
  const node: OptionalInstall[] = entry.node === undefined ? [] : [`node-runtime:${entry.node}`];
  if (entry.install === "folder" || entry.install === "venv") return [`library-host:${entry.id}`, ...node];
  return entry.install === "system" && entry.runtime === "python" ? ["python3"] : node;
}

/**
 * The run settings of a report of host folder `id` started with `flags`: its adapter command, the packages
 * it judges (host.json's, in order; a host that is only its runtime judges the runtime) and its needs.
 */
export function library(id: string, ...flags: string[]): { argv: string[]; packages: string[]; needs?: OptionalInstall[] } {
  const entry = manifestOf(id);
  const needs = needsOf(entry);
  const packages = Object.keys(entry.packages);
  return {
    argv: adapterArgv(entry, ...flags),
    packages: packages.length > 0 ? packages : [entry.runtime === "python" ? "python3" : "node"],
    ...(needs.length > 0 ? { needs } : {}),
  };
}

/** The pin clause: no library host here has the feature. */
export const noPins = (host: string, source: string) => ({
  "drift/pin-holds-changes": `${host} has no way to pin a server's tool definitions (${source}): nothing to hold a changed tool against.`,
});

/** The two request-schema clauses: no library host here has the feature. */
export const noRequestSchemas = (host: string, source: string) => ({
  "options/keyed-by-wire": `${host} takes no per-tool request schema beside the server's own (${source}).`,
  "options/unknown-key": `${host} takes no per-tool request schema, so there is no key to be unknown (${source}).`,
});

/** The prompt and resource clauses (issue 37), read from the catalogue so a new one needs no edit here. */
const contextClauses = catalogueIds.filter((id) => id.startsWith("prompts/") || id.startsWith("resources/"));

/**
 * The prompt and resource clauses, for a host whose adapter declares none of them: `prompts` says why for the
 * seven prompts/ clauses, `resources` for the six resources/ ones (what the host lacks, or that the adapter does
 * not drive an API the host has: not judged, never a pass).
 */
export const noContext = (prompts: string, resources: string): Record<string, string> =>
  Object.fromEntries(contextClauses.map((id) => [id, id.startsWith("prompts/") ? prompts : resources]));

/**
 * The seven prompts/ clauses alone, for a host whose adapter declares resources but not prompts: `reason` says
 * why (the host has no prompt API; never a pass).
 */
export const noPrompts = (reason: string): Record<string, string> =>
  Object.fromEntries(contextClauses.filter((id) => id.startsWith("prompts/")).map((id) => [id, reason]));

/** surface/deferred-reachable: the host offers every tool as it is, with no search tool holding some back. */
export const noDeferral = (host: string) => ({
  "surface/deferred-reachable": `${host} offers the model every MCP tool as it is: no search tool holds some back (the adapter declares no deferredTools).`,
});
