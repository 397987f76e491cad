import type { MessageRecord } from "../../fake-servers/index.ts";
import type { CallResult } from "../protocol/call-result.ts";
import type { OpenResult } from "../protocol/open-result.ts";
import type { VisibleTool } from "../protocol/tools-result.ts";
import type { ToolIdentity } from "../world/tool-identity.ts";

/** One call the harness made through the host, and what the servers recorded for it. */
export interface ObservedCall {
  /** The name the harness asked the host to call. */
  name: string;
  /** The namespace it was called in, for a host that shows namespaces (see VisibleToolSchema). */
  namespace?: string;
  arguments: Record<string, unknown>;
  result: CallResult;
  /** Every `tools/call` any server of the world received while this call was in flight. */
  deliveries: MessageRecord[];
}

/** One tool of the host's list, with what the harness could tell about it. */
export interface ObservedTool extends VisibleTool {
  /** The (server, tool) its description identifies, when the host kept the description. */
  identity?: ToolIdentity;
}

/** Everything one session showed: the open, the tool list, every call and every server record. */
export interface SessionObservation {
  open: OpenResult;
  tools: ObservedTool[];
  /** Calls of each shown name (once per distinct name), in list order. */
  probes: ObservedCall[];
  /** Calls of names the host does not show. */
  unknown: ObservedCall[];
  records: MessageRecord[];
  /** The servers that answered their first `tools/list`, in the order they sent the answer (see FakeWorld). */
  answerOrder: string[];
  /** Whether no two servers' first lists were ever asked for at once (see FakeWorld); absent: not known. */
  listedOneAtATime?: boolean;
  /** The servers the host asked for their first list only after a wait for them ran out (see FakeWorld); absent: not known. */
  askedAfterWait?: string[];
}
