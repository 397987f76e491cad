/**
 * Policy: an ERROR blames the adapter only when the adapter itself broke (it crashed, hung, wrote garbage or
 * broke the protocol). An adapter that answers a request with a JSON-RPC error is alive and speaking HAP/1: it
 * is passing on an exception of the host inside it (an in-process adapter throws it). When the case's own
 * records show a server of its world failing (unreachable, failing while it is loaded, losing the answer to a
 * call, answering a tool error), that exception is the host's answer to the failing server: a host that lets
 * one server's failure escape as its own (a task cancelled by a connection refused elsewhere, an exception
 * raised from a transport) has not contained it. The case is then a violation of the clause in flight, whose
 * case put that server there, told as what the records show ("the host failed while "alpha" was
 * unreachable"), never a story about the clause's own hazard; the adapter's stderr tail is kept. It is the
 * host's only where the host is seen to work without the failing server: it answered an earlier request of the
 * case, or the run's open of a world with nothing in it to fail (an adapter that fails every request is
 * broken). With no failing server in the records, nothing tells the host's failure from the adapter's: ERROR.
 */
import type { ServerScript } from "../../fake-servers/index.ts";
import { isAdapterError } from "../adapter/adapter-error.ts";
import type { Finding } from "../report/report-model.ts";
import type { CaseTranscript } from "./case-transcript.ts";
import type { CheckOutcome } from "./clause.ts";

/** A case the host failed because a server of its world failed: the violation, and what the adapter said. */
export interface HostFailure {
  outcome: Extract<CheckOutcome, { ok: false }>;
  error: NonNullable<Finding["error"]>;
}

/** The HAP/1 method of each adapter request. */
const HAP_METHOD: Record<string, string> = {
  initialize: "initialize", open: "session/open", tools: "session/tools", call: "session/call", refresh: "session/refresh",
  registerLocal: "session/registerLocal", pin: "session/pin", close: "session/close",
};

/** How a server's scripted failure reads in a sentence (after its key). */
const FAILURE_TEXT: Record<NonNullable<ServerScript["failure"]>, string> = {
  "initialize-error": "answered initialize with an error",
  "list-error": "answered tools/list with an error",
  "list-unanswered": "never answered tools/list",
  "list-crash": "died while it listed its tools",
  "nameless-tool": "listed a tool without a name",
  "schema-not-object": "listed a tool whose inputSchema is not an object",
  "stuck-cursor": "repeated its tools/list cursor for ever",
  "repeated-page": "repeated a page of its tools/list",
};

/** What each failing server of `scripts` does wrong, in a phrase each; `calls`: count what fails only when called. */
function failingServers(scripts: readonly ServerScript[], calls: boolean): string[] {
  return scripts.flatMap((script) => {
    const key = JSON.stringify(script.key);
    if (script.unreachable) return [`${key} was unreachable`];
    if (script.failure !== undefined) return [`${key} ${FAILURE_TEXT[script.failure]}`];
    if (calls && (script.loseAnswers?.length ?? 0) > 0) return [`${key} lost the answer to a call`];
    if (calls && (script.errorTools?.length ?? 0) > 0) return [`a tool of ${key} answered an error`];
    return [];
  });
}

const joined = (parts: readonly string[]) => (parts.length <= 1 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`);

/**
 * The violation a thrown `error` stands for, when the policy above says it is the host's failure on a failing
 * server of the case (read from `transcript`), else undefined (the adapter broke: ERROR). `cleanWorldAnswered`:
 * the host answered the run's open of a world with nothing in it to fail.
 */
export function hostFailure(error: unknown, transcript: CaseTranscript, stderrTail: string, cleanWorldAnswered: boolean): HostFailure | undefined {
  // Crash, hang, garbage, protocol: the adapter broke, whatever the servers did.
  if (isAdapterError(error) ? error.kind !== "rpc-error" : (error as { hang?: boolean } | undefined)?.hang) return undefined;
  const thrown = transcript.thrownBy(error);
  if (!thrown || !(thrown.answeredBefore || cleanWorldAnswered)) return undefined;
  const afterCalls = thrown.method !== "open" && thrown.method !== "tools";
  const here = failingServers(thrown.world, afterCalls);
  const before = failingServers(thrown.earlier, true);
  if (here.length === 0 && before.length === 0) return undefined;
  const message = transcript.stable(error instanceof Error ? error.message : String(error));
  const method = HAP_METHOD[thrown.method] ?? thrown.method;
  const when = here.length > 0 ? `while ${joined(here)}` : `after ${joined(before)} earlier in the case`;
  const how = isAdapterError(error) ? message : `${method} threw: ${message}`;
  return {
    outcome: {
      ok: false,
      expected: "every request answered with a result while a server fails: a server the host cannot load is an error in the open's outcome, a call that fails is ok: false; the host itself keeps serving",
      observed: `the host failed on ${method} ${when} (${how})`,
      judged: [],
    },
    error: { kind: "host-failure", message, stderrTail },
  };
}
