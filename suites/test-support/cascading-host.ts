/**
 * The reference host inside a host that lets one server's failure escape as its own, as the MCP Python SDK's
 * `ClientSessionGroup` over HTTP cancels its caller's task when one server refuses the connection: an open in
 * which a server fails to load throws instead of answering, and so does a call that fails. In process it
 * throws; behind HAP/1 (run this file: `node --import tsx suites/test-support/cascading-host.ts`) its adapter
 * answers those requests with a JSON-RPC error. A world in which nothing fails it serves as the reference does.
 */
import { serveAdapter, type HostAdapter } from "../../harness/index.ts";
import { createHost } from "../../reference/index.ts";

/** What the host raises: the cancellation a failing server caused elsewhere. */
export const CANCELLED = "asyncio.exceptions.CancelledError: Cancelled by cancel scope (a server of the group refused its connection)";

/** A cascading host around a fresh reference host. */
export function cascadingHost(): HostAdapter {
  const host = createHost();
  // Methods are bound to the real host: it keeps its sessions in private fields.
  return {
    initialize: () => host.initialize(),
    open: async (params) => {
      const opened = await host.open(params);
      // A server that could not be loaded (not one the host refused for its names) cancels the whole open.
      if (opened.outcome.errors.some((error) => /could not be loaded/.test(error.message))) {
        await host.close(opened.session);
        throw new Error(CANCELLED);
      }
      return opened;
    },
    tools: (session) => host.tools(session),
    call: async (session, name, args) => {
      const result = await host.call(session, name, args);
      if (!result.ok && /lost|dropped|closed|connection/i.test(result.error.message)) throw new Error(CANCELLED);
      return result;
    },
    close: (session) => host.close(session),
    shutdown: () => host.shutdown(),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stderr.write("cascading-host: serving HAP/1\n");
  await serveAdapter(cascadingHost());
}
