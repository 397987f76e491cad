/**
 * The reference host behind HAP/1, with an adapter that hides what the host can do: it names refresh and
 * pins as false (declared absent) and leaves every other capability unnamed (not declared), so every clause
 * that needs one is NOT_APPLICABLE. Used by hidden-capabilities.test.ts.
 */
import { serveAdapter, type HostAdapter } from "../../harness/index.ts";
import { createHost } from "../../reference/index.ts";

const host = createHost();
// Methods are bound to the real host: it keeps its sessions in private fields.
const hiding: HostAdapter = {
  initialize: async () => ({ ...(await host.initialize()), capabilities: { refresh: false, pins: false } as never }),
  open: (params) => host.open(params),
  tools: (session) => host.tools(session),
  call: (session, name, args) => host.call(session, name, args),
  close: (session) => host.close(session),
  shutdown: () => host.shutdown(),
};
await serveAdapter(hiding);
