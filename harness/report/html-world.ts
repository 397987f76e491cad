/**
 * A world drawn in HTML: one card per server, in configuration order, with its tools; a name that collides
 * (see collisions.ts) is highlighted and says why beneath it, so the reader sees the two names that met.
 */
import { collisionsOf } from "./collisions.ts";
import { escapeHtml } from "./escape.ts";
import { loadBehaviour } from "./load-behaviour.ts";
import { lookAlike } from "./look-alike.ts";
import type { ReportServer } from "./report-model.ts";

/** A look-alike marker for a name that may pass for another (look-alike.ts), else "". */
export function htmlLookAlike(name: string): string {
  const why = lookAlike(name);
  return why === undefined ? "" : ` <span class="look-alike" title="${escapeHtml(why)}">⚠ look-alike (${escapeHtml(why)})</span>`;
}

/** A name as HTML code, with an explicit marker for the empty name and one for a look-alike name. */
export function htmlName(name: string): string {
  return name === "" ? `<span class="empty">(empty name)</span>` : `<code>${escapeHtml(name)}</code>${htmlLookAlike(name)}`;
}

function serverCard(server: ReportServer, index: number, collisions: ReturnType<typeof collisionsOf>): string {
  const keyReasons = collisions.key(index);
  const flags: string[] = [];
  const behaviour = loadBehaviour(server);
  if (behaviour !== undefined) flags.push(`<span class="flag">${escapeHtml(behaviour)}</span>`);
  if (server.serverInfo.name !== server.key) flags.push(`<span class="flag" title="serverInfo.name is not the configuration key">reports another name</span>`);
  if (server.latency && (server.latency.initialize > 0 || server.latency.toolsList > 0)) {
    flags.push(`<span class="chip">answers after ${server.latency.initialize}/${server.latency.toolsList} ms</span>`);
  }
  const tools = server.tools.map((tool) => {
    const reasons = collisions.tool(index, tool);
    const why = reasons.map((reason) => `<span class="why-clash">${escapeHtml(reason)}</span>`).join("");
    return `<li class="tool${reasons.length > 0 ? " clash" : ""}"${reasons.length > 0 ? ` title="${escapeHtml(reasons.join("\n"))}"` : ""}>${htmlName(tool)}${why}</li>`;
  });
  return [
    `<div class="server${keyReasons.length > 0 ? " clash-key" : ""}" data-server-key="${escapeHtml(server.key)}">`,
    `<div class="server-head"><span class="idx">#${index + 1}</span>${server.key === "" ? htmlName("") : `<code class="key">${escapeHtml(server.key)}</code>${htmlLookAlike(server.key)}`}${flags.join("")}`,
    `<span class="info">serverInfo: ${escapeHtml(server.serverInfo.name)} ${escapeHtml(server.serverInfo.version)} · ${server.tools.length} tool(s)</span>`,
    ...keyReasons.map((reason) => `<span class="why-clash">key ${escapeHtml(reason)}</span>`),
    `</div>`,
    tools.length > 0 ? `<ul class="tools">${tools.join("")}</ul>` : `<ul class="tools"><li class="empty">advertises no tools</li></ul>`,
    `</div>`,
  ].join("");
}

/** The servers of one world as cards. */
export function htmlWorld(servers: readonly ReportServer[]): string {
  const collisions = collisionsOf(servers);
  const cards = servers.map((server, index) => serverCard(server, index, collisions)).join("");
  return `<div class="servers">${cards || `<p class="empty">no servers</p>`}</div>`;
}

/** What the highlight means; shown once under a failure's worlds when any of them collides. */
export function htmlWorldLegend(worlds: ReadonlyArray<readonly ReportServer[]>): string {
  if (!worlds.some((servers) => collisionsOf(servers).any)) return "";
  return `<p class="legend"><code>highlighted</code> names collide: the same name in two servers, equal ignoring case, or equal under a naive join of key and name (<span class="mono">{key}_{tool}</span>, <span class="mono">mcp__{key}__{tool}</span>, cut at 64), or they look alike (mixed scripts, letters that look ASCII).</p>`;
}
