/**
 * Replay events as text for a terminal: the world as servers and tools, each request to the host with its
 * answer, and every message each server received. Host-supplied text is JSON-quoted and passed through
 * terminalText, so no escape sequence from a host reaches the terminal.
 */
import type { ServerScript } from "../../fake-servers/index.ts";
import { terminalText } from "../report/escape.ts";
import type { ReportServer } from "../report/report-model.ts";
import { worldLines } from "../report/world-lines.ts";
import type { ReplayEvent } from "./replay-environment.ts";

/** Longest single value a line prints; a verbose replay should still fit a terminal's scrollback. */
const CLIP = 2000;

const json = (value: unknown) => {
  const text = terminalText(JSON.stringify(value) ?? "undefined");
  return text.length > CLIP ? `${text.slice(0, CLIP)}… (${text.length - CLIP} more)` : text;
};

/** A server script as the report draws it. */
export function reportServerOf(script: ServerScript): ReportServer {
  return { key: script.key, tools: script.tools.map((tool) => tool.name), serverInfo: script.serverInfo, latency: script.latency, unreachable: script.unreachable,
    ...(script.failure !== undefined ? { failure: script.failure } : {}) };
}

function hostLines(event: Extract<ReplayEvent, { kind: "host" }>): string[] {
  const head = `  → host.${event.method}(${event.params.map(json).join(", ")})`;
  const result = event.result as Record<string, unknown> | undefined;
  if (event.error !== undefined && event.method !== "open") return [head, `    ✗ threw after ${event.ms} ms: ${terminalText(event.error)}`];
  if (event.method === "tools" && Array.isArray(result?.tools)) {
    const tools = result.tools as Array<{ name: string; description?: string }>;
    return [head, `    ← ${tools.length} tool(s) (${event.ms} ms)`, ...tools.map((tool) => `      ${json(tool.name)}${tool.description ? `  — ${json(tool.description)}` : ""}`)];
  }
  if (event.method === "open") {
    // Transport specs carry per-world URLs and tokens: noise in a repro; the kind is what matters.
    const params = event.params[0] as { servers?: Array<{ transport?: { type?: string } }> } | undefined;
    const shown = { ...params, servers: params?.servers?.map((server) => ({ ...server, transport: server.transport?.type ?? "?" })) };
    const call = `  → host.open(${json(shown)})`;
    return event.error !== undefined ? [call, `    ✗ threw after ${event.ms} ms: ${terminalText(event.error)}`] : [call, `    ← ${json(result)} (${event.ms} ms)`];
  }
  return [head, `    ← ${json(event.result)} (${event.ms} ms)`];
}

/** One event as lines of text. */
export function formatReplayEvent(event: ReplayEvent): string[] {
  switch (event.kind) {
    case "world":
      return [`── world started (${event.transport}): ${event.servers.length} server(s), configuration order`, ...worldLines(event.servers.map(reportServerOf)).map((line) => `   ${terminalText(line)}`)];
    case "host":
      return hostLines(event);
    case "records": {
      const byServer = new Map<string, typeof event.records>();
      for (const record of event.records) byServer.set(record.server, [...(byServer.get(record.server) ?? []), record]);
      const lines = [`── world closed; every message each server received:`];
      if (byServer.size === 0) lines.push("   (none)");
      for (const [server, records] of byServer) {
        lines.push(`   ${json(server)}:`);
        for (const record of records) {
          const call = record.method === "tools/call" ? ` ${json(record.tool)} ${json(record.arguments)}` : "";
          lines.push(`     +${Math.round(record.time)}ms conn ${record.connection} ${terminalText(record.method)}${call}`);
        }
      }
      return lines;
    }
    case "observation": {
      const { observation } = event;
      const lines = [`── session observed: ${observation.tools.length} tool(s) shown, ${observation.open.outcome.errors.length} error(s)`];
      for (const error of observation.open.outcome.errors) lines.push(`   error${error.server !== undefined ? ` [server ${json(error.server)}]` : ""}: ${json(error.message)}`);
      for (const call of [...observation.probes, ...observation.unknown]) {
        const where = call.deliveries.map((delivery) => `${json(delivery.server)}/${json(delivery.tool)}`);
        lines.push(`   call ${json(call.name)} → ${call.result.ok ? "ok" : `refused ${json(call.result.error.message)}`}; delivered to ${where.length > 0 ? where.join(", ") : "no server"}`);
      }
      return lines;
    }
  }
}
