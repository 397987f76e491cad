import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";

/**
 * A server reachable in-process only. Every `connect()` is a fresh connection to a fresh server
 * instance, as a new spawn would be; the host owns the returned transport and closes it.
 */
export interface MemoryTransportSpec {
  type: "memory";
  connect(): Promise<Transport>;
}
