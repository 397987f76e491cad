/**
 * Registration: from the servers' current tool lists to the list a model is shown. A pure function of the
 * session's state, run after open and after every refresh or re-list, so a refresh removes exactly what a
 * server dropped and touches no other server. Policy carried here:
 * - Local tools are registered first and keep their names: a server tool that would take one fails its
 *   server (ADR D1 last bullet, D3).
 * - Every server's names are planned before any is registered, so a name two servers would share fails
 *   every claimant at once (defense in depth behind the injective naming); nobody wins by arriving first.
 * - A server registers all of the tools it contributes or none, with one error naming it and every
 *   missing wire name (D3): a bad name, a held (pinned) tool, a hostile schema, an occupied name or a
 *   misconfiguration all count. A server whose latest listing failed keeps its last tools, with an error.
 * - Servers replay in the policy's order over lists that were complete before replay started.
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { invalidHeaderReason, type Diagnostic, type HostError, type HostServerConfig, type LocalShape, type Outcome } from "../harness/index.ts";
import type { HostPolicy } from "./host-policy.ts";
import { pinDrift } from "./pins.ts";
import type { Validate } from "./schema-check.ts";
import { hashContested } from "./hash-on-collision.ts";
import { keptByRegistry } from "./registry-keeping.ts";
import { adoptedTools, configProblems } from "./server-options.ts";
import { argumentCheck, refuseTool } from "./tool-admission.ts";

/** One configured server as registration sees it. */
export interface ServerState {
  key: string;
  /** Position in the configuration (array order). */
  index: number;
  /** Position among the servers that answered tools/list at open, first answer 0. */
  arrival: number;
  config: HostServerConfig;
  serverInfo?: { name: string; version: string };
  /** The last complete tool list the server gave; undefined while it never answered one. */
  tools?: Tool[];
  /** Why the latest attempt to reach or list it failed, naming it; its last tools stay registered. */
  failure?: string;
  /** Whether that attempt failed because the connection broke below MCP (refused, reset), not on an answer. */
  brokenConnection?: boolean;
}

/** A tool registered locally, before or beside the servers. */
export interface LocalEntry {
  name: string;
  shape: LocalShape;
}

/** One shown name and what a call of it does. */
export type Route =
  | { kind: "local"; name: string; shape: LocalShape }
  | {
      kind: "server";
      name: string;
      /** Configuration key of the server that owns the tool. */
      server: string;
      /** The tool as the server advertised it; `tool.name` is the wire name (ADR D2). */
      tool: Tool;
      /** Why arguments may not be sent (request schema, then the tool's own input schema), or undefined. */
      check: Validate;
    };

/** What registration came to: the routes in shown order, and the outcome the host reports. */
export interface Registration {
  routes: Route[];
  outcome: Outcome;
  diagnostics: Diagnostic[];
}

type ServerRoute = Extract<Route, { kind: "server" }>;
type Listed = ServerState & { tools: Tool[] };

/** One server's intended routes, the tools it contributes, and every reason it cannot have them. */
interface Plan {
  server: Listed;
  adopted: Tool[];
  routes: ServerRoute[];
  problems: string[];
  /** Tools left out as the MCP spec requires (an invalid x-mcp-header), each with the warning that says so. */
  excluded: string[];
}

const quote = (text: string) => JSON.stringify(text);

function plan(policy: HostPolicy, server: Listed, holders: Map<string, number>, locals: Set<string>): Plan {
  const adopted = adoptedTools(policy, server.config, server.tools);
  const label = policy.label(server);
  const labelProblem = policy.refuseLabel(label);
  if (labelProblem !== undefined) return { server, adopted, routes: [], problems: [labelProblem], excluded: [] };
  const result: Plan = { server, adopted, routes: [], problems: configProblems(policy, server.config, server.tools), excluded: [] };
  const drift = server.config.pin === undefined ? new Map<string, string>() : pinDrift(server.config.pin, adopted, policy.fingerprint);
  for (const tool of adopted) {
    // MCP 2026-07-28: a tool with an invalid x-mcp-header is excluded and the rest kept, with a warning.
    const badHeader = invalidHeaderReason(tool.inputSchema);
    if (badHeader !== undefined) {
      result.excluded.push(`tool ${quote(tool.name)} of server ${quote(server.key)} was excluded, as MCP 2026-07-28 requires of an invalid x-mcp-header: ${badHeader}`);
      continue;
    }
    const name = policy.name(label, tool.name, (holders.get(tool.name) ?? 0) > 1);
    const nameProblem = policy.refuseName(name, label, tool.name);
    if (nameProblem !== undefined) {
      if (policy.shortfall === "fail-server") result.problems.push(nameProblem);
      continue;
    }
    const toolProblem = refuseTool(policy, tool, drift.get(tool.name));
    if (toolProblem !== undefined) result.problems.push(toolProblem);
    else if (locals.has(name) && policy.localOccupant === "fail-server") {
      result.problems.push(`the name ${quote(name)} for tool ${quote(tool.name)} is already held by a local tool; load the server under another configuration key`);
    } else result.routes.push({ kind: "server", name, server: server.key, tool, check: argumentCheck(policy, server.config, tool, name) });
  }
  return result;
}

/** How many servers advertise each wire name: what "qualify on collision" looks at. */
function countHolders(servers: Listed[]): Map<string, number> {
  const holders = new Map<string, number>();
  for (const server of servers) {
    for (const tool of new Set(server.tools.map((t) => t.name))) holders.set(tool, (holders.get(tool) ?? 0) + 1);
  }
  return holders;
}

/** Fails every plan holding a name another route also holds, naming the other claimants. */
function refuseContested(plans: Plan[]): void {
  const claims = new Map<string, Plan[]>();
  for (const p of plans.filter((p) => p.problems.length === 0)) {
    for (const route of p.routes) claims.set(route.name, [...(claims.get(route.name) ?? []), p]);
  }
  for (const [name, claimants] of claims) {
    if (claimants.length < 2) continue;
    for (const p of new Set(claimants)) {
      const others = [...new Set(claimants.filter((c) => c !== p).map((c) => quote(c.server.key)))];
      p.problems.push(others.length > 0
        ? `the name ${quote(name)} would also be shown for server ${others.join(", ")}; load one of them under another configuration key`
        : `the name ${quote(name)} would be shown for two of its own tools`);
    }
  }
}

/**
 * A host-wide cap that refuses rather than drops: in registration order, each server whose tools would take
 * the total shown past `max` fails whole, its error naming it and (as every failure does) its tools.
 */
function refuseOverLimit(plans: Plan[], max: number): void {
  let shown = 0;
  for (const p of plans.filter((p) => p.problems.length === 0)) {
    if (shown + p.routes.length <= max) shown += p.routes.length;
    else p.problems.push(`its ${p.routes.length} tool(s) would take the tools shown past the host's limit of ${max} (${shown} shown already); disable some of its tools or another server's`);
  }
}

function failure(p: Plan): string {
  const missing = [...new Set(p.adopted.map((t) => t.name))].sort();
  const head = `server ${quote(p.server.key)} advertised ${p.server.tools.length} tool(s) but none were registered: ${p.problems.join("; ")}`;
  return missing.length > 0 ? `${head}; missing: ${missing.map(quote).join(", ")}` : head;
}

/** The whole configuration refused, with one error that names no server: only `kept` (local tools) stay. */
function refuseOpen(servers: readonly ServerState[], kept: readonly LocalEntry[], message: string): Registration {
  const registered: Record<string, string[]> = Object.fromEntries([...servers].sort((a, b) => a.index - b.index).map((server) => [server.key, []]));
  return { routes: kept.map(({ name, shape }) => ({ kind: "local", name, shape })), outcome: { registered, errors: [{ message }] }, diagnostics: [] };
}

/** Registers `locals` and then `servers` under `policy`; a server that never listed registers nothing. */
export function registerServers(policy: HostPolicy, servers: readonly ServerState[], locals: readonly LocalEntry[] = []): Registration {
  const diagnostics: Diagnostic[] = [];
  const warn = (message: string) => diagnostics.push({ level: "warning", message });
  const listed = keptByRegistry(policy, servers.filter((s): s is Listed => s.tools !== undefined), (server) => server.key, "server", warn);
  const ordered = [...listed].sort((a, b) => (policy.order === "config" ? a.index - b.index : a.arrival - b.arrival));
  const holders = countHolders(listed);
  const shared = [...holders].filter(([, count]) => count > 1).map(([name]) => name);
  if (policy.duplicates === "refuse-open" && shared.length > 0) {
    return refuseOpen(servers, locals, `duplicate tool names across MCP servers (${shared.map(quote).join(", ")}); the configuration was refused`);
  }
  // One server that never loaded refuses everything, as a bare Promise.all or asyncio.gather over the servers does.
  const unloaded = servers.filter((s) => s.tools === undefined && s.failure !== undefined).sort((a, b) => a.index - b.index);
  // A broken connection cancels the whole group, and what surfaces names no server (python-sdk#915).
  if (policy.brokenConnection === "cancel-open" && unloaded.some((s) => s.brokenConnection === true)) {
    return refuseOpen(servers, locals, "RuntimeError: Attempted to exit cancel scope in a different task than it was entered in");
  }
  if (policy.loadFailure === "refuse-open" && unloaded.length > 0) {
    return refuseOpen(servers, locals, `${unloaded[0]!.failure}; no server's tools were loaded`);
  }
  const localNames = new Set(locals.map((local) => local.name));
  const plans = ordered.map((server) => plan(policy, server, holders, localNames));
  if (policy.localOccupant === "refuse-open") {
    const occupied = [...new Set(plans.flatMap((p) => p.routes.map((route) => route.name)).filter((name) => localNames.has(name)))];
    if (occupied.length > 0) return refuseOpen(servers, [], `two tools share a name (${occupied.map(quote).join(", ")}); the configuration was refused`);
  }
  if (policy.collision === "refuse-all") refuseContested(plans);
  if (policy.collision === "hash-suffix") {
    // Every claimant of a shared name gets its own hashed name: what a name is depends on the other servers.
    const live = plans.filter((p) => p.problems.length === 0);
    const renamed = hashContested(live.flatMap((p) => p.routes));
    for (const p of live) p.routes = p.routes.map((route) => ({ ...route, name: renamed.get(route)! }));
  }
  if (policy.toolLimit?.beyond === "refuse-server") refuseOverLimit(plans, policy.toolLimit.max);
  // Server tools shown so far, against a cap that drops the rest with no word.
  const dropBeyond = policy.toolLimit?.beyond === "drop-silently" ? policy.toolLimit.max : Infinity;
  let shownServerTools = 0;

  const routes: Route[] = locals.map(({ name, shape }) => ({ kind: "local", name, shape }));
  // Where each name stands in `routes` (its first holder) and where locals of that name still stand, so
  // each lookup is constant time: registration stays linear in the number of tools.
  const firstAt = new Map<string, number>();
  const localsAt = new Map<string, number[]>();
  routes.forEach((route, at) => {
    const standing = localsAt.get(route.name);
    if (standing) standing.push(at);
    else {
      localsAt.set(route.name, [at]);
      firstAt.set(route.name, at);
    }
  });
  // fromEntries makes own properties even of keys like "__proto__", which plain assignment would not.
  const registered: Record<string, string[]> = Object.fromEntries([...servers].sort((a, b) => a.index - b.index).map((server) => [server.key, []]));
  // A server that never listed and is dropped by policy leaves a debug line, not an error.
  const dropped = (s: ServerState) => s.tools === undefined && policy.loadFailure === "drop-silently";
  const errors: (HostError & { index: number })[] = servers
    .filter((s) => s.failure !== undefined && !dropped(s))
    .map((s) => ({ server: s.key, message: s.failure!, index: s.index }));
  for (const s of servers) if (s.failure !== undefined && dropped(s)) diagnostics.push({ level: "debug", message: s.failure });

  for (const p of plans) {
    const { key, index } = p.server;
    if (policy.invalidHeader === "exclude-logged") for (const message of p.excluded) diagnostics.push({ level: "warning", message });
    if (p.problems.length > 0) {
      errors.push({ server: key, message: failure(p), index });
      continue;
    }
    // A server's tools go into its registry by wire name once they passed every check, as hosts store what they load.
    for (const route of keptByRegistry(policy, p.routes, (kept) => kept.tool.name, `tool of server ${quote(key)}`, warn)) {
      const taken = (policy.collision === "show-both" ? localsAt.get(route.name)?.[0] : firstAt.get(route.name)) ?? -1;
      const holder = taken >= 0 ? routes[taken]! : undefined;
      if (holder?.kind === "server" && policy.collision === "first-wins") {
        diagnostics.push({ level: "warning", message: `tool ${quote(route.tool.name)} of server ${quote(key)} was skipped: ${quote(route.name)} is already registered for server ${quote(holder.server)}` });
        continue;
      }
      // Past a cap that drops silently, a new tool is not shown, and nothing says so (Cursor's first 40).
      if (taken < 0 && shownServerTools >= dropBeyond) continue;
      // Replacing in place keeps the first claimant's position, as an object spread `{...a, ...b}` does.
      if (holder?.kind === "local") localsAt.get(route.name)!.shift();
      if (taken >= 0) routes[taken] = route;
      else {
        firstAt.set(route.name, routes.length);
        routes.push(route);
        shownServerTools++;
      }
      registered[key]!.push(route.name);
    }
    if (policy.emptyIsError && registered[key]!.length === 0) {
      errors.push({ server: key, message: `server ${quote(key)} registered no tools`, index });
    }
  }
  errors.sort((a, b) => a.index - b.index);
  const reported = errors.map(({ server, message }) =>
    policy.errorsNameServer ? { server, message } : { message: "failed to register MCP tools" });
  return { routes, outcome: { registered, errors: reported }, diagnostics };
}
