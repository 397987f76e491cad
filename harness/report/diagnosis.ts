/**
 * Policy: a verdict's explanation says what the host did, read from the records (the host's answers to the
 * harness's requests, and every message each fake server received, in order), never from the label of the
 * world the generator meant to build. A host that read one page of three shows as `tools/list` once, with no
 * cursor; a server that crashed shows as one that received its last request and nothing after. Host text is
 * data: every string the host wrote is quoted (JSON) and clipped.
 */
import { z } from "zod";
import { CallResultSchema } from "../protocol/call-result.ts";
import { OpenResultSchema, RefreshResultSchema } from "../protocol/open-result.ts";
import { ToolsResultSchema } from "../protocol/tools-result.ts";
import { contextHostLine } from "./context-lines.ts";
import type { Evidence, EvidenceStep } from "./report-model.ts";

/** Longest host string quoted in a line, and most names listed before "and N more". */
const MAX_QUOTE = 160;
const MAX_NAMES = 8;

const quote = (text: string) => JSON.stringify(text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE)}…` : text);
const names = (list: readonly string[]) =>
  list.length === 0 ? "nothing" : `${list.slice(0, MAX_NAMES).map(quote).join(", ")}${list.length > MAX_NAMES ? ` and ${list.length - MAX_NAMES} more` : ""}`;

type HostStep = Extract<EvidenceStep, { kind: "host" }>;
type Received = Extract<EvidenceStep, { kind: "received" }>;
type WorldStep = Extract<EvidenceStep, { kind: "world" }>;

const ErrorsSchema = z.object({ outcome: z.object({ errors: z.array(z.object({ message: z.string() })) }) });

/** The errors an open or refresh answer reported, quoted; "no error" when none. */
function errorsOf(answer: unknown): string {
  const parsed = ErrorsSchema.safeParse(answer);
  if (!parsed.success) return "an answer that is not an outcome";
  const errors = parsed.data.outcome.errors.map((error) => quote(error.message));
  return errors.length === 0 ? "no error" : `error${errors.length > 1 ? "s" : ""} ${errors.join(", ")}`;
}

/** One host request in a line: what the host answered. */
function hostLine(step: HostStep): string | undefined {
  const session = step.session !== undefined ? ` (session ${step.session})` : "";
  const request = (step.request ?? {}) as Record<string, unknown>;
  if (step.error !== undefined) return `${step.method}${session}: the adapter failed: ${quote(step.error)}`;
  switch (step.method) {
    case "open": {
      const open = OpenResultSchema.omit({ session: true }).safeParse(step.answer);
      if (!open.success) return `open${session}: answered something that is not an open result`;
      const registered = Object.entries(open.data.outcome.registered).map(([key, list]) => `${quote(key)}: [${list.map(quote).join(", ")}]`);
      return `open${session}: registered ${registered.join(", ") || "nothing"}; ${errorsOf(step.answer)}`;
    }
    case "tools": {
      const tools = ToolsResultSchema.safeParse(step.answer);
      if (!tools.success) return `tools${session}: answered something that is not a tool list`;
      const shown = tools.data.tools.map((tool) => (tool.namespace ? `${tool.namespace}/${tool.name}` : tool.name));
      return `tools${session}: showed ${shown.length} (${names(shown)})`;
    }
    case "call": {
      const result = CallResultSchema.safeParse(step.answer);
      const answered = !result.success ? "answered garbage" : result.data.ok ? "answered ok" : `answered an error: ${quote(result.data.error.message)}`;
      return `call ${quote(String(request.name ?? ""))}${session}: ${answered}`;
    }
    case "refresh": {
      const refreshed = RefreshResultSchema.safeParse(step.answer);
      const target = typeof request.server === "string" ? ` ${quote(request.server)}` : " all";
      return `refresh${target}${session}: ${refreshed.success ? errorsOf(step.answer) : "answered something that is not an outcome"}`;
    }
    case "registerLocal": {
      const result = CallResultSchema.or(z.object({ ok: z.literal(true) })).safeParse(step.answer);
      const answered = !result.success ? "answered garbage" : result.data.ok ? "accepted" : `refused: ${quote(result.data.error.message)}`;
      return `registerLocal ${quote(String(request.name ?? ""))} as ${String(request.shape ?? "?")}${session}: ${answered}`;
    }
    default:
      return contextHostLine(step.method, request, step.answer, session, quote, names);
  }
}

/**
 * For a healthy server that pages its list: how many of its pages the host asked for, and whether it ever
 * followed a cursor (a host that reads one page of three shows as `asked for 1 of 3 pages`).
 */
function pagesNote(step: Received, server: WorldStep["servers"][number] | undefined): string {
  if (!server?.pageSize || server.failure !== undefined || server.unreachable) return "";
  const pages = Math.max(1, Math.ceil(server.tools.length / server.pageSize));
  if (pages < 2) return "";
  const asked = new Set(step.messages.filter((message) => message.method === "tools/list").map((message) => message.cursor ?? ""));
  const followed = [...asked].filter((cursor) => cursor !== "").length;
  return followed === 0
    ? ` (its list is ${pages} pages of ${server.pageSize}: the host asked for page 1 and never for the next cursor)`
    : ` (its list is ${pages} pages of ${server.pageSize}: the host asked for ${Math.min(asked.size, pages)} of them)`;
}

/** `items` with each run of equal neighbours made one item by `fold` (a host polled 200 times reads as one line). */
function foldRuns(items: readonly string[], fold: (item: string, run: number) => string): string[] {
  const folded: string[] = [];
  for (let at = 0; at < items.length;) {
    let run = 1;
    while (items[at + run] === items[at]) run++;
    folded.push(run > 1 ? fold(items[at]!, run) : items[at]!);
    at += run;
  }
  return folded;
}

/** What one server received, in order, repeats folded: `initialize, tools/list ×2, tools/call "request"`. */
function receivedLine(step: Received, server?: WorldStep["servers"][number]): string {
  const said = step.messages.map((message) => {
    if (message.tool !== undefined) return `${message.method} ${quote(message.tool)}`;
    if (message.prompt !== undefined) return `${message.method} ${quote(message.prompt)}`;
    if (message.uri !== undefined) return `${message.method} ${quote(message.uri)}`;
    return message.cursor !== undefined ? `${message.method} (cursor ${quote(message.cursor)})` : message.method;
  });
  const folded = foldRuns(said, (item, run) => `${item} ×${run}`);
  return `server ${quote(step.server)} (world ${step.world}) received ${folded.join(", ") || "nothing"}${pagesNote(step, server)}`;
}

/** What the host did in a case, line by line, from its evidence: each answer, then what each server received. */
export function diagnosis(evidence: Evidence): string[] {
  const lines: string[] = [];
  const worlds = new Map<number, WorldStep>();
  for (const step of evidence.steps) {
    if (step.kind === "world") worlds.set(step.world, step);
    else if (step.kind === "host") {
      const line = hostLine(step);
      if (line) lines.push(line);
    } else lines.push(receivedLine(step, worlds.get(step.world)?.servers.find((server) => server.key === step.server)));
  }
  if (evidence.omitted > 0) lines.push(`(${evidence.omitted} more steps or messages left out)`);
  return foldRuns(lines, (line, run) => `${line} (${run} times in a row)`);
}

/** In one line, what the host made of each open of a case: what it showed and what it reported. */
export function hostSummary(evidence: Evidence): string {
  const parts: string[] = [];
  for (const step of evidence.steps) {
    if (step.kind !== "host") continue;
    if (step.error !== undefined) parts.push(`${step.method}: the adapter failed: ${quote(step.error)}`);
    else if (step.method === "open") parts.push(`open: ${errorsOf(step.answer)}`);
    else if (step.method === "tools") {
      const tools = ToolsResultSchema.safeParse(step.answer);
      parts.push(tools.success ? `showed ${tools.data.tools.length} tool(s)` : "answered garbage to tools");
    }
  }
  return parts.join("; ") || "the host was asked nothing";
}
