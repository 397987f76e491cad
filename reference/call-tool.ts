/**
 * Sending one call to the server that owns a route. Policy carried here:
 * - Arguments are checked before anything leaves: the request schema given under the tool's wire name,
 *   then the tool's own input schema (ADR D5). A call that fails either reaches no server.
 * - A call whose answer was lost (the connection dropped, or the request timed out, after it was sent) is
 *   sent again only if the policy says so; the reference re-sends only tools annotated `idempotentHint`
 *   (adonis: "an approved action is never issued twice"). A server that answered, even with an error, is
 *   never asked again.
 * - A request whose answer came is never cancelled (the policy may cancel it anyway, after the answer).
 * - Every failure names the server and the tool; a tool's own error (`isError: true`) reaches the model as
 *   an error, with the text the tool gave.
 */
import { CallToolResultSchema, ErrorCode, McpError, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { CallResult } from "../harness/index.ts";
import type { HostPolicy } from "./host-policy.ts";
import type { Route } from "./register-servers.ts";
import type { ServerSlot } from "./server-slot.ts";

const quote = (text: string) => JSON.stringify(text);
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The text blocks of an MCP result, for an error message. */
function textOf(content: unknown[]): string {
  return content.map((block) => (block as { text?: unknown }).text).filter((t) => typeof t === "string").join(" ");
}

/** True when the server may have run the call but its answer never came back. */
function answerLost(error: unknown): boolean {
  return !(error instanceof McpError) || error.code === ErrorCode.ConnectionClosed || error.code === ErrorCode.RequestTimeout;
}

/**
 * The JSON-RPC id the SDK client gives its next request (Protocol's private counter, read just before the
 * request is made): what a host that cancels a finished call names. Undefined where the SDK keeps it otherwise.
 */
function nextRequestId(client: object): number | undefined {
  const counter: unknown = (client as { _requestMessageId?: unknown })._requestMessageId;
  return typeof counter === "number" ? counter : undefined;
}

/** Sends `notifications/cancelled` for request `id`, whose answer already came (what policy `settledCalls: "cancel"` does). */
async function cancelSettled(client: { notification(notification: { method: "notifications/cancelled"; params: { requestId: number; reason: string } }): Promise<void> }, id: number): Promise<void> {
  await client.notification({ method: "notifications/cancelled", params: { requestId: id, reason: "the call is over" } }).catch(() => undefined);
}

function mayResend(policy: HostPolicy, tool: Tool): boolean {
  return policy.retryLostAnswer === "always" || tool.annotations?.idempotentHint === true;
}

/**
 * Calls `route` on `slot` with `args`, sending the server its own tool name unless the policy says otherwise.
 * `hooks.dropServer` removes the slot's tools from the session (what a policy that drops a dead server does);
 * `hooks.onLost` hears of a call whose answer was lost (the host may remember it: see HostPolicy.lostAnswerScope).
 */
export async function callTool(
  policy: HostPolicy, slot: ServerSlot, route: Extract<Route, { kind: "server" }>, args: Record<string, unknown>,
  hooks: { dropServer?: () => void; onLost?: () => void } = {},
): Promise<CallResult> {
  const wire = policy.wireName === "server" ? route.tool.name : route.name;
  const about = `server ${quote(route.server)}`;
  const problem = route.check(args);
  if (problem !== undefined) {
    return { ok: false, error: { message: `${about}: the arguments for tool ${quote(wire)} were refused before sending (${problem}); no call was sent` } };
  }
  // A server found dead: the policy may drop its tools and say only that no such tool exists (claude-code#57513).
  const dropped = (): CallResult | undefined => {
    if (policy.lostServer !== "drop-tools") return undefined;
    hooks.dropServer?.();
    return { ok: false, error: { message: `no such tool available: ${quote(route.name)}` } };
  };
  let client;
  try {
    client = await slot.liveClient();
  } catch (error) {
    return dropped() ?? { ok: false, error: { message: `${about} could not be reached for tool ${quote(wire)} (${reason(error)}); no call was sent` } };
  }
  // client.request rather than callTool: the host routes answers, it does not judge them.
  const request = { method: "tools/call" as const, params: { name: wire, arguments: args } };
  let result;
  const id = nextRequestId(client);
  try {
    result = await client.request(request, CallToolResultSchema);
    if (policy.settledCalls === "cancel" && id !== undefined) await cancelSettled(client, id);
  } catch (error) {
    const failed = `${about} failed the call of tool ${quote(wire)}: ${reason(error)}`;
    if (!answerLost(error)) return { ok: false, error: { message: failed } };
    hooks.onLost?.();
    const gone = dropped();
    if (gone) return gone;
    if (!mayResend(policy, route.tool)) {
      return { ok: false, error: { message: `${failed}; its answer was lost, and the call is not sent again because the tool is not marked idempotent` } };
    }
    try {
      await slot.enqueue(() => slot.reconnect());
      result = await slot.client!.request(request, CallToolResultSchema);
    } catch (again) {
      return { ok: false, error: { message: `${failed}; sent again after reconnecting, it failed too: ${reason(again)}` } };
    }
  }
  if (!result.isError || policy.toolErrors === "output") return { ok: true, content: result.content };
  return { ok: false, error: { message: `${about} answered an error for tool ${quote(wire)}: ${textOf(result.content)}` } };
}
