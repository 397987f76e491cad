/**
 * What the operator configured per server beyond its transport: allow and deny lists (tesserix) and
 * request schemas (ADR-0112 D5). Policy carried here:
 * - A server contributes what its allow list names (absent or `*`: everything) and its deny list does not.
 * - Every entry must name something real: an allow entry or a request-schema key the server does not
 *   advertise, or one tool in both lists, is a configuration error reported at open, never dropped.
 * - Request schemas are keyed by the server's own tool name, read by that same name, in one place.
 * - A tool named "" is contributed like any other, and refused when it is named (registration), unless the
 *   policy drops nameless tools before anything looks at them (or, likewise, names `{server}__{tool}` cannot
 *   split at one `__`).
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { HostServerConfig } from "../harness/index.ts";
import type { HostPolicy } from "./host-policy.ts";
import { compileSchema } from "./schema-check.ts";

const quote = (text: string) => JSON.stringify(text);
const listed = (names: Iterable<string>) => [...names].map(quote).join(", ");

/**
 * The tools a server contributes under its allow and deny lists, in its own order. A host that drops
 * nameless tools silently never counts them among them, so their loss fails nothing and names nothing.
 */
export function adoptedTools(policy: HostPolicy, config: HostServerConfig, tools: readonly Tool[]): Tool[] {
  const allow = config.allow;
  const allowed = (name: string) => allow === undefined || allow.includes("*") || allow.includes(name);
  const denied = (name: string) => policy.honourDeny && (config.deny ?? []).some((entry) => entry === "*" || entry === name);
  const dropped = (name: string) => (name === "" && policy.emptyToolName === "drop-silently") ||
    (policy.toolNameShape === "one-separator" && (name.includes("__") || name.startsWith("_")));
  return tools.filter((tool) => allowed(tool.name) && !denied(tool.name) && !dropped(tool.name));
}

/** Every way the server's configuration does not fit what it advertises; each one fails the server. */
export function configProblems(policy: HostPolicy, config: HostServerConfig, tools: readonly Tool[]): string[] {
  const advertised = new Set(tools.map((tool) => tool.name));
  const problems: string[] = [];
  const ghosts = (config.allow ?? []).filter((name) => name !== "*" && !advertised.has(name));
  if (ghosts.length > 0) problems.push(`its allow list names ${listed(ghosts)}, which it does not advertise`);
  const both = (config.allow ?? []).filter((name) => name !== "*" && (config.deny ?? []).includes(name));
  if (both.length > 0) problems.push(`${listed(both)} is in both its allow and its deny list`);
  // A host that reads options by the visible name never matches a wire-name key, and never says so (P7).
  if (policy.requestSchemaKey === "visible") return problems;
  for (const [key, schema] of Object.entries(config.requestSchemas ?? {})) {
    if (!advertised.has(key)) problems.push(`a request schema is given for ${quote(key)}, which it does not advertise`);
    const compiled = compileSchema(schema);
    if (typeof compiled === "string") problems.push(`the request schema for ${quote(key)} does not compile (${compiled})`);
  }
  return problems;
}

/** The request schema that applies to a call of `tool`, shown as `visible`: looked up where the policy says. */
export function requestSchemaFor(policy: HostPolicy, config: HostServerConfig, tool: Tool, visible: string): unknown {
  const key = policy.requestSchemaKey === "wire" ? tool.name : visible;
  const schemas = config.requestSchemas ?? {};
  return Object.hasOwn(schemas, key) ? schemas[key] : undefined;
}
