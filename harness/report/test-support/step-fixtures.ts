/**
 * Hand-built steps of a case's records, for the tests of the facts read across them (clause-facts.test.ts): a
 * world started, an open, a tool list, a call, a refresh, and what each fake server received.
 */
import { describeTool } from "../../world/tool-identity.ts";
import { finding, server } from "./defect-fixtures.ts";
import type { EvidenceStep, Finding } from "../report-model.ts";

/** A world's servers: each key with the tools it advertises. */
export type Servers = Array<[key: string, tools: string[]]>;
/** One message a fake server received. */
export type Message = Extract<EvidenceStep, { kind: "received" }>["messages"][number];
type Errors = Array<{ server?: string; message: string }>;

/** World `number` of `servers` started (over memory), those in `unreachable` not served. */
export const world = (number: number, servers: Servers, unreachable: string[] = []): EvidenceStep => ({
  kind: "world", world: number, transport: "memory", servers: servers.map(([key, names]) => ({ key, tools: names, ...(unreachable.includes(key) ? { unreachable: true } : {}) })),
});
/** Session `session` opened on `servers` (each with its options), answering `errors`. */
export const open = (session: number, servers: Array<Record<string, unknown>>, errors: Errors = []): EvidenceStep => ({
  kind: "host", method: "open", session, request: { servers: servers.map((entry) => ({ transport: "memory", ...entry })) }, answer: { outcome: { registered: {}, errors }, diagnostics: [] },
});
/** The host's tool list: each server's tools under mcp__{key}__{tool}. */
export const tools = (session: number, shown: Servers): EvidenceStep => ({
  kind: "host", method: "tools", session, request: {}, answer: { tools: shown.flatMap(([key, names]) => names.map((tool) => ({ name: `mcp__${key}__${tool}`, description: describeTool(key, tool) }))) },
});
/** A call of `key`'s `tool` with `args`: answered, or refused with the error the lost-call-sticks host gives. */
export const call = (session: number, key: string, tool: string, args: Record<string, unknown>, ok = true): EvidenceStep => ({
  kind: "host", method: "call", session, request: { name: `mcp__${key}__${tool}`, arguments: args }, answer: ok ? { ok: true, content: [] } : { ok: false, error: { message: "its answer was lost" } },
});
/** A refresh of `key` (undefined: every server), answering `errors`. */
export const refresh = (session: number, key: string | undefined, errors: Errors = []): EvidenceStep => ({
  kind: "host", method: "refresh", session, request: key ? { server: key } : {}, answer: { outcome: { registered: {}, errors }, diagnostics: [] },
});
/** What `key` of world `number` received. */
export const received = (number: number, key: string, messages: Message[]): EvidenceStep => ({ kind: "received", world: number, server: key, messages });
/** A connection's initialize and tools/list. */
export const list = (connection = 1): Message[] => [{ method: "initialize", connection }, { method: "tools/list", connection }];
/** A tools/call of `tool` with `args`, as a server received it. */
export const arrived = (tool: string, args: Record<string, unknown>): Message => ({ method: "tools/call", connection: 1, tool, arguments: args });

/** A finding of case `number` whose main world is `servers`, with the records `steps`. */
export function found(number: number, servers: Servers, steps: EvidenceStep[]): Finding {
  return { ...finding(number, servers.map(([key, names]) => server(key, names)), []), evidence: { steps, omitted: 0 } };
}
