/**
 * The OpenAI Agents SDK for Python's names with `include_server_in_tool_names` (src/agents/mcp/util.py,
 * `_build_prefixed_tool_base_name`, `_shorten_tool_name`, `_build_prefixed_tool_name_overrides`): each part
 * keeps ASCII letters, digits, `_` and `-` (anything else becomes `_`, and `_` and `-` are stripped from both
 * ends), the name is `mcp_{server}__{tool}`, and a name longer than 64, or one that another tool of the listing
 * also gets, is cut to 55 characters and given `_` and the first 8 hex digits of SHA-1 of `{server}\0{tool}`.
 * So `alpha: b__c` is `mcp_alpha__b__c` alone and `mcp_alpha__b__c_97d64ef4` beside `alpha__b: c`.
 */
import { createHash } from "node:crypto";

const MAX_LENGTH = 64;
const HASH_LENGTH = 8;

/** One part of the name as `_safe_tool_name_part` makes it. */
function safePart(value: string, fallback: string): string {
  const safe = [...value].map((char) => (/^[A-Za-z0-9_-]$/.test(char) ? char : "_")).join("").replace(/^[_-]+|[_-]+$/g, "");
  return safe || fallback;
}

/** `base` as `_shorten_tool_name` gives it: unchanged when short enough and not forced, else cut and hashed. */
function shortened(base: string, seed: string, force: boolean): string {
  if (!force && base.length <= MAX_LENGTH) return base;
  const suffix = `_${createHash("sha1").update(seed, "utf8").digest("hex").slice(0, HASH_LENGTH)}`;
  const stem = base.slice(0, MAX_LENGTH - suffix.length).replace(/[_-]+$/, "") || "mcp";
  return `${stem}${suffix}`;
}

/** The name a tool gets when no other tool of the listing gets the same one. */
export function agentsSdkName(server: string, tool: string): string {
  return shortened(`mcp_${safePart(server, "server")}__${safePart(tool, "tool")}`, `${server}\0${tool}`, false);
}

/** Every name two or more of `routes` would share, renamed with its own hash; the others as they were. */
export function hashContested<Route extends { name: string; server: string; tool: { name: string } }>(routes: readonly Route[]): Map<Route, string> {
  const count = new Map<string, number>();
  for (const route of routes) count.set(route.name, (count.get(route.name) ?? 0) + 1);
  return new Map(routes.map((route) => [route, count.get(route.name)! > 1 ? shortened(route.name, `${route.server}\0${route.tool.name}`, true) : route.name]));
}
