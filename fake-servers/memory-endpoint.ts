import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { LiveServer } from "./live-server.ts";
import type { MemoryTransportSpec } from "./memory-transport-spec.ts";

/**
 * The in-process way to reach `server`: each `connect()` links a fresh transport pair to a fresh
 * server instance. A server that is down (or absent) rejects every connect at once, as a refused
 * connection would.
 */
export function memoryEndpoint(key: string, server: LiveServer | undefined): MemoryTransportSpec {
  return {
    type: "memory",
    async connect(): Promise<Transport> {
      if (!server || server.isClosed) throw new Error(`fake server ${JSON.stringify(key)} is unreachable`);
      const [hostSide, serverSide] = InMemoryTransport.createLinkedPair();
      await server.open(serverSide);
      return hostSide;
    },
  };
}
