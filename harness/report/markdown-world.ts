/**
 * Pieces of report.md that the verdicts and the defects share: a world as a table of servers and tools
 * (colliding names in bold, explained below it), and a clause id linked to the catalogue. Every host string
 * goes through escape.ts.
 */
import { clauseLink, type RenderOptions } from "./clause-docs.ts";
import { collisionsOf } from "./collisions.ts";
import { markdownCode, markdownText } from "./escape.ts";
import { loadBehaviour } from "./load-behaviour.ts";
import type { ReportServer } from "./report-model.ts";

/** Clause `id` as code, linked to its section of the catalogue when the report knows where that is. */
export function clauseName(id: string, options: RenderOptions): string {
  return options.clauseDocs ? `[${markdownCode(id)}](${clauseLink(options.clauseDocs, id)})` : markdownCode(id);
}

/** A world as a table of servers and tools; colliding names are bold and explained below it. */
export function worldTable(servers: readonly ReportServer[]): string[] {
  const collisions = collisionsOf(servers);
  const notes: string[] = [];
  const rows = servers.map((server, index) => {
    const keyClash = collisions.key(index);
    const key = keyClash.length > 0 ? `**${markdownCode(server.key)}** ⚠` : markdownCode(server.key);
    for (const reason of keyClash) notes.push(`- key ${markdownCode(server.key)}: ${markdownText(reason)}`);
    const tools = server.tools.map((tool) => {
      const reasons = collisions.tool(index, tool);
      for (const reason of reasons) notes.push(`- ${markdownCode(tool)} of ${markdownCode(server.key)}: ${markdownText(reason)}`);
      return reasons.length > 0 ? `**${markdownCode(tool)}**` : markdownCode(tool);
    });
    const info = `${markdownText(server.serverInfo.name)} ${markdownText(server.serverInfo.version)}`;
    const flags = [
      markdownText(loadBehaviour(server) ?? ""),
      server.latency && (server.latency.initialize > 0 || server.latency.toolsList > 0) ? `latency ${server.latency.initialize}/${server.latency.toolsList} ms` : "",
    ].filter(Boolean).join(", ");
    return `| ${key} | ${info} | ${tools.length === 0 ? "*(no tools)*" : tools.join(", ")} | ${flags || " "} |`;
  });
  const table = ["| Server (config key) | serverInfo | Tools | Behaviour |", "|---|---|---|---|", ...rows];
  return notes.length > 0 ? [...table, "", "Colliding names (bold):", ...notes] : table;
}
