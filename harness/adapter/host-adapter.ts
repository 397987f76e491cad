import type { MemoryTransportSpec } from "../../fake-servers/memory-transport-spec.ts";
import type { WireTransportSpec } from "../../fake-servers/transport-spec.ts";
import type { CallResult, PinResult, RegisterLocalResult } from "../protocol/call-result.ts";
import type { PromptGetResult, PromptsResult, ResourceReadResult, ResourcesResult } from "../protocol/context-result.ts";
import type { InitializeResult, LocalShape } from "../protocol/initialize-result.ts";
import type { LocalTool, OpenTls, ServerConfig } from "../protocol/open-params.ts";
import type { OpenResult, RefreshResult } from "../protocol/open-result.ts";
import type { ShutdownResult } from "../protocol/shutdown-result.ts";
import type { ToolsResult } from "../protocol/tools-result.ts";

/** How a host reaches a server: over the wire (HAP/1) or, in-process only, in memory. */
export type TransportSpec = WireTransportSpec | MemoryTransportSpec;

/** One configured server as an in-process host receives it. */
export type HostServerConfig = Omit<ServerConfig, "transport"> & { transport: TransportSpec };

/** Params of `open` for an in-process host; array order is configuration order. */
export interface HostOpenParams {
  servers: HostServerConfig[];
  localTools?: LocalTool[];
  /** The run's CA, when its fake servers serve https (HAP/1's optional `tls`). */
  tls?: OpenTls;
  /** Load no deferred tool on the model's behalf (HAP/1's optional `keepDeferred`, capability `deferredTools`). */
  keepDeferred?: boolean;
}

/**
 * The adapter contract, in-process. It mirrors HAP/1 one method to one method, so a suite cannot tell an
 * in-process host from one behind {@link HapClient}. What the host does (refuses a server, rejects a call)
 * is a result; a thrown error means the adapter itself broke and earns ERROR.
 */
export interface HostAdapter {
  initialize(): Promise<InitializeResult>;
  open(params: HostOpenParams): Promise<OpenResult>;
  tools(session: string): Promise<ToolsResult>;
  /** Calls the tool shown as `name` (in `namespace`, for a host that shows namespaces). */
  call(session: string, name: string, args: Record<string, unknown>, namespace?: string): Promise<CallResult>;
  refresh?(session: string, server?: string): Promise<RefreshResult>;
  registerLocal?(session: string, name: string, shape: LocalShape): Promise<RegisterLocalResult>;
  pin?(session: string): Promise<PinResult>;
  /** The prompts the host shows (capability `prompts`). */
  prompts?(session: string): Promise<PromptsResult>;
  /** Gets the prompt shown as `name` (in `namespace`) the way the host's user would (capability `prompts`). */
  getPrompt?(session: string, name: string, args: Record<string, string>, namespace?: string): Promise<PromptGetResult>;
  /** The resources (and templates) the host shows (capability `resources`). */
  resources?(session: string): Promise<ResourcesResult>;
  /** Reads the resource shown as `uri` (in `namespace`) the way the host's model or user would (capability `resources`). */
  readResource?(session: string, uri: string, namespace?: string): Promise<ResourceReadResult>;
  close(session: string): Promise<void>;
  /** Closes everything; may return run-wide diagnostics for the report (see ShutdownResultSchema). */
  shutdown(): Promise<void | ShutdownResult>;
}
