/**
 * A case's evidence as plain text lines, for every format: the worlds started, each request the harness
 * made to the host (`→`) with the host's answer (`←`), and what each fake server received. Host strings are
 * JSON-quoted here; each renderer still escapes the lines for its own format.
 */
import { contextAnswerText, contextServerText } from "./context-lines.ts";
import type { Evidence, EvidenceStep } from "./report-model.ts";

const json = (value: unknown) => JSON.stringify(value) ?? "undefined";
const session = (step: Extract<EvidenceStep, { kind: "host" }>) => (step.session === undefined ? "" : ` (session ${step.session})`);

/** The request of a host step, in a line. */
function requestText(step: Extract<EvidenceStep, { kind: "host" }>): string {
  const request = (step.request ?? {}) as Record<string, unknown>;
  switch (step.method) {
    case "open": {
      const servers = (request.servers as Array<Record<string, unknown>> | undefined) ?? [];
      const shown = servers.map(({ key, transport, ...config }) => `${json(key)} ${String(transport)}${Object.keys(config).length > 0 ? ` ${json(config)}` : ""}`);
      return `open${session(step)}: servers [${shown.join(", ")}]${request.localTools ? `, local tools ${json(request.localTools)}` : ""}`;
    }
    case "call": return `call${session(step)}: ${request.namespace === undefined ? "" : `${json(request.namespace)} / `}${json(request.name)} with arguments ${json(request.arguments)}`;
    case "getPrompt": return `getPrompt${session(step)}: ${request.namespace === undefined ? "" : `${json(request.namespace)} / `}${json(request.name)} with arguments ${json(request.arguments)}`;
    case "readResource": return `readResource${session(step)}: ${request.namespace === undefined ? "" : `${json(request.namespace)} / `}${json(request.uri)}`;
    default: return `${step.method}${session(step)}${Object.keys(request).length > 0 ? `: ${json(request)}` : ""}`;
  }
}

/** The host's answer to a host step, in a line. */
function answerText(step: Extract<EvidenceStep, { kind: "host" }>): string {
  if (step.error !== undefined) return `the adapter broke: ${step.error}`;
  const answer = step.answer as Record<string, unknown> | undefined;
  if (answer === undefined) return "(no answer)";
  if (step.method === "tools") {
    const tools = (answer.tools as Array<{ name: string }> | undefined) ?? [];
    return `${tools.length} tool(s): ${tools.map((tool) => json(tool.name)).join(", ") || "none"}`;
  }
  const context = contextAnswerText(step.method, answer);
  if (context !== undefined) return context;
  if (step.method === "call" && typeof answer.ok === "boolean") {
    return answer.ok ? `ok ${json(answer.content)}` : `error ${json((answer.error as { message?: unknown } | undefined)?.message)}`;
  }
  return json(answer);
}

/** Every step as lines; a server that received nothing gets one line saying so. */
export function evidenceLines(evidence: Evidence): string[] {
  const lines: string[] = [];
  for (const step of evidence.steps) {
    if (step.kind === "world") {
      const servers = step.servers.map((server) =>
        `${json(server.key)} ${json(server.tools)}${server.unreachable ? " unreachable" : ""}${server.failure ? ` fails: ${server.failure}` : ""}${server.pageSize !== undefined ? ` pages of ${server.pageSize}` : ""}${contextServerText(server)}`);
      lines.push(`world ${step.world} started (${step.transport}): ${servers.join("; ")}`);
    } else if (step.kind === "host") {
      lines.push(`→ ${requestText(step)}`, `  ← ${answerText(step)}`);
    } else {
      const messages = step.messages.map((message) =>
        message.method === "tools/call" ? `tools/call ${json(message.tool)} ${json(message.arguments)}`
          : message.prompt !== undefined ? `prompts/get ${json(message.prompt)}${message.arguments !== undefined ? ` ${json(message.arguments)}` : ""}`
          : message.uri !== undefined ? `resources/read ${json(message.uri)}`
          : message.cursor !== undefined ? `${message.method} (cursor ${json(message.cursor)})` : message.method);
      lines.push(`${json(step.server)} (world ${step.world}) received: ${messages.join("; ") || "nothing"}`);
    }
  }
  if (evidence.omitted > 0) lines.push(`… ${evidence.omitted} more step(s) and message(s) left out (the repro line replays them all)`);
  return lines;
}
