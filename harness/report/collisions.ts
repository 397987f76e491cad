/**
 * Which names in a counterexample world collide, and why: the renderers highlight them, because a report
 * about a merge bug is read by finding the two names that met. A tool name collides when two servers
 * advertise it, when it differs from another server's only in case, or when a naive join of key and name
 * (`{key}_{tool}`, `mcp__{key}__{tool}`, that joined name cut at 64) gives the same string for two
 * different (server, tool) pairs; a server that is unreachable or fails at load lists nothing. A key collides when it differs from another only in case or sanitises to
 * the same label. A name that may pass for another (mixed scripts, a letter that looks ASCII: look-alike.ts)
 * is marked the same way, whether or not the name it looks like is in the world.
 */
import { lookAlike, skeleton } from "./look-alike.ts";
import type { ReportServer } from "./report-model.ts";

/** The collisions of one world: reasons per tool of each server and per server key (empty when none). */
export interface WorldCollisions {
  /** Why tool `tool` of the server at `server` (its index in the world) collides; empty when it does not. */
  tool(server: number, tool: string): string[];
  /** Why the key of the server at `server` collides with another key; empty when it does not. */
  key(server: number): string[];
  /** True when anything in the world collides. */
  any: boolean;
}

interface Pair {
  server: number;
  key: string;
  tool: string;
}

/** A projection under which two distinct pairs meeting is a collision worth showing. */
interface Join {
  image(pair: Pair): string;
  /** Two pairs from one server only count when the join itself mixes key and name. */
  acrossServersOnly: boolean;
  why(image: string, other: Pair): string;
}

const show = (pair: Pair) => `${JSON.stringify(pair.key)}/${JSON.stringify(pair.tool)}`;

const joins: Join[] = [
  { image: (pair) => pair.tool, acrossServersOnly: true, why: (_, other) => `also advertised by ${JSON.stringify(other.key)}` },
  {
    image: (pair) => pair.tool.toLowerCase(), acrossServersOnly: true,
    why: (_, other) => `differs from ${show(other)} only in case`,
  },
  { image: (pair) => `${pair.key}_${pair.tool}`, acrossServersOnly: false, why: (image, other) => `{key}_{tool} gives ${JSON.stringify(image)}, as ${show(other)} does` },
  { image: (pair) => `mcp__${pair.key}__${pair.tool}`, acrossServersOnly: false, why: (image, other) => `mcp__{key}__{tool} gives ${JSON.stringify(image)}, as ${show(other)} does` },
  {
    image: (pair) => `mcp__${pair.key}__${pair.tool}`.slice(0, 64), acrossServersOnly: false,
    why: (_, other) => `mcp__{key}__{tool} cut to 64 characters equals that of ${show(other)}`,
  },
  { image: (pair) => skeleton(pair.tool), acrossServersOnly: false, why: (_, other) => `looks like ${show(other)} (letters of other scripts that look alike)` },
];

/** Finds every collision in `servers` (one world, in configuration order). */
export function collisionsOf(servers: readonly ReportServer[]): WorldCollisions {
  // A server that is unreachable or fails at load lists nothing, so its tools meet no other (as situations.ts counts).
  const listed = (server: ReportServer) => (server.unreachable || server.failure !== undefined ? [] : server.tools);
  const pairs: Pair[] = servers.flatMap((server, index) => listed(server).map((tool) => ({ server: index, key: server.key, tool })));
  const toolReasons = new Map<string, string[]>();
  const slot = (server: number, tool: string) => `${server}\u0000${tool}`;
  for (const join of joins) {
    const groups = new Map<string, Pair[]>();
    for (const pair of pairs) groups.set(join.image(pair), [...(groups.get(join.image(pair)) ?? []), pair]);
    for (const [image, group] of groups) {
      for (const pair of group) {
        const other = group.find((candidate) =>
          candidate !== pair && (join.acrossServersOnly ? candidate.server !== pair.server : !(candidate.server === pair.server && candidate.tool === pair.tool)) &&
          // A plain duplicate is already said by the first join; say the stronger reason once.
          !(join !== joins[0] && candidate.tool === pair.tool && candidate.server !== pair.server));
        if (!other || (join === joins.at(-1) && other.tool === pair.tool)) continue;
        const reasons = toolReasons.get(slot(pair.server, pair.tool)) ?? [];
        const reason = join.why(image, other);
        if (!reasons.includes(reason)) reasons.push(reason);
        toolReasons.set(slot(pair.server, pair.tool), reasons);
      }
    }
  }
  const keyReasons = servers.map((server, index) => {
    const reasons: string[] = [];
    for (const [otherIndex, other] of servers.entries()) {
      if (otherIndex === index || other.key === server.key) continue;
      if (other.key.toLowerCase() === server.key.toLowerCase()) reasons.push(`differs from key ${JSON.stringify(other.key)} only in case`);
      const label = (key: string) => key.replace(/[^A-Za-z0-9_-]/g, "_");
      if (label(other.key) === label(server.key)) reasons.push(`sanitises to ${JSON.stringify(label(server.key))}, as key ${JSON.stringify(other.key)} does`);
      if (skeleton(other.key) === skeleton(server.key)) reasons.push(`looks like key ${JSON.stringify(other.key)} (letters of other scripts that look alike)`);
    }
    const looks = lookAlike(server.key);
    if (looks !== undefined) reasons.push(`look-alike: ${looks}`);
    return reasons;
  });
  for (const pair of pairs) {
    const looks = lookAlike(pair.tool);
    if (looks === undefined) continue;
    toolReasons.set(slot(pair.server, pair.tool), [...(toolReasons.get(slot(pair.server, pair.tool)) ?? []), `look-alike: ${looks}`]);
  }
  return {
    tool: (server, tool) => toolReasons.get(slot(server, tool)) ?? [],
    key: (server) => keyReasons[server] ?? [],
    any: toolReasons.size > 0 || keyReasons.some((reasons) => reasons.length > 0),
  };
}
