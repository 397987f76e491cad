/**
 * A world as plain text lines, one per server, for the console and for JUnit bodies: names are JSON-quoted
 * so empty names, spaces and separators stay visible, a colliding name is marked with `!`, and a look-alike
 * name (look-alike.ts) says so.
 */
import { collisionsOf } from "./collisions.ts";
import { loadBehaviour } from "./load-behaviour.ts";
import { lookAlikeNote } from "./look-alike.ts";
import type { ReportServer } from "./report-model.ts";

/** `"alpha" [serverInfo alpha 1.0.0]: "search"!, "fetch"` per server; `!` marks a colliding name. */
export function worldLines(servers: readonly ReportServer[]): string[] {
  const collisions = collisionsOf(servers);
  return servers.map((server, index) => {
    const tools = server.tools.map((tool) => `${JSON.stringify(tool)}${collisions.tool(index, tool).length > 0 ? "!" : ""}${lookAlikeNote(tool)}`);
    const info = server.serverInfo.name === server.key ? "" : ` [serverInfo ${JSON.stringify(server.serverInfo.name)}]`;
    const behaviour = loadBehaviour(server);
    const flags = behaviour === undefined ? "" : ` (${behaviour})`;
    return `${JSON.stringify(server.key)}${collisions.key(index).length > 0 ? "!" : ""}${lookAlikeNote(server.key)}${info}${flags}: ${tools.length > 0 ? tools.join(", ") : "(no tools)"}`;
  });
}
