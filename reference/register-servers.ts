/**
 * Registration: from loaded servers to the list a model is shown. Policy carried here:
 * - Every server's names are planned before any is registered, so a name two servers would share fails
 *   every claimant at once (defense in depth behind the injective naming); nobody wins by arriving first.
 * - A server registers all of its tools or none, with one error naming it and every missing wire name (D3).
 * - Servers replay in the policy's order over a list that was complete before replay started, so the
 *   result cannot depend on which server answered first unless the policy says so.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { Diagnostic, HostError, Outcome } from "../harness/index.ts";
import type { HostPolicy } from "./host-policy.ts";
import type { LoadedServer, UnreachableServer } from "./load-server.ts";

/** One shown name and where a call of it goes: the visible name kept beside the server's own (ADR D2). */
export interface Route {
  name: string;
  /** Configuration key of the server that owns the tool. */
  server: string;
  /** The tool as the server advertised it; `tool.name` is the wire name. */
  tool: Tool;
  client: Client;
}

/** What registration came to: the routes in shown order, and the outcome the host reports. */
export interface Registration {
  routes: Route[];
  outcome: Outcome;
  diagnostics: Diagnostic[];
}

/** One server's intended routes, and every reason it cannot have them. */
interface Plan {
  server: LoadedServer;
  routes: Route[];
  problems: string[];
}

const quote = (text: string) => JSON.stringify(text);

function plan(policy: HostPolicy, server: LoadedServer, holders: Map<string, number>): Plan {
  const label = policy.label(server);
  const labelProblem = policy.refuseLabel(label);
  if (labelProblem !== undefined) return { server, routes: [], problems: [labelProblem] };
  const result: Plan = { server, routes: [], problems: [] };
  for (const tool of server.tools) {
    const name = policy.name(label, tool.name, (holders.get(tool.name) ?? 0) > 1);
    const problem = policy.refuseName(name, label, tool.name);
    if (problem === undefined) result.routes.push({ name, server: server.key, tool, client: server.client });
    else if (policy.shortfall === "fail-server") result.problems.push(problem);
  }
  return result;
}

/** How many servers advertise each wire name: what "qualify on collision" looks at. */
function countHolders(servers: LoadedServer[]): Map<string, number> {
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

function failure(p: Plan): string {
  const missing = [...new Set(p.server.tools.map((t) => t.name))].sort();
  const head = `server ${quote(p.server.key)} advertised ${p.server.tools.length} tool(s) but none were registered: ${p.problems.join("; ")}`;
  return missing.length > 0 ? `${head}; missing: ${missing.map(quote).join(", ")}` : head;
}

/** Registers loaded servers under `policy`; unreachable servers are reported and register nothing. */
export function registerServers(policy: HostPolicy, loaded: LoadedServer[], unreachable: UnreachableServer[]): Registration {
  const ordered = [...loaded].sort((a, b) => (policy.order === "config" ? a.index - b.index : a.arrival - b.arrival));
  const holders = countHolders(loaded);
  const plans = ordered.map((server) => plan(policy, server, holders));
  if (policy.collision === "refuse-all") refuseContested(plans);

  const routes: Route[] = [];
  // fromEntries makes own properties even of keys like "__proto__", which plain assignment would not.
  const registered: Record<string, string[]> = Object.fromEntries(
    [...loaded, ...unreachable].sort((a, b) => a.index - b.index).map((server) => [server.key, []]));
  const errors: (HostError & { index: number })[] = unreachable.map((u) => ({ server: u.key, message: u.message, index: u.index }));
  const diagnostics: Diagnostic[] = [];

  for (const p of plans) {
    const { key, index } = p.server;
    if (p.problems.length > 0) {
      errors.push({ server: key, message: failure(p), index });
      continue;
    }
    for (const route of p.routes) {
      const taken = policy.collision === "show-both" ? -1 : routes.findIndex((r) => r.name === route.name);
      if (taken >= 0 && policy.collision === "first-wins") {
        diagnostics.push({ level: "warning", message: `tool ${quote(route.tool.name)} of server ${quote(key)} was skipped: ${quote(route.name)} is already registered for server ${quote(routes[taken].server)}` });
        continue;
      }
      // Replacing in place keeps the first claimant's position, as an object spread `{...a, ...b}` does.
      if (taken >= 0) routes[taken] = route;
      else routes.push(route);
      registered[key].push(route.name);
    }
    if (policy.emptyIsError && registered[key].length === 0) {
      errors.push({ server: key, message: `server ${quote(key)} registered no tools`, index });
    }
  }
  errors.sort((a, b) => a.index - b.index);
  const reported = errors.map(({ server, message }) =>
    policy.errorsNameServer ? { server, message } : { message: "failed to register MCP tools" });
  return { routes, outcome: { registered, errors: reported }, diagnostics };
}
