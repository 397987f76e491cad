/**
 * The reference host behind HAP/1 that dies mid-session: on its Nth `session/open` (argv[2]) it writes a
 * last word to stderr and exits 9, as a crashing host would. Used by the fault tests.
 */
import { serveHap, type HostAdapter } from "../../harness/index.ts";
import { createHost } from "../../reference/index.ts";

const dieOn = Number(process.argv[2] ?? 3);
const host = createHost();
let opens = 0;
// Methods are bound to the real host: it keeps its sessions in private fields.
const dying: HostAdapter = {
  initialize: () => host.initialize(),
  open: async (params) => {
    if (++opens === dieOn) {
      process.stderr.write(`dying-reference: segfault-like death on open #${opens}\n`);
      process.exit(9);
    }
    return host.open(params);
  },
  tools: (session) => host.tools(session),
  call: (session, name, args) => host.call(session, name, args),
  close: (session) => host.close(session),
  shutdown: () => host.shutdown(),
};
await serveHap(dying);
await host.shutdown();
process.exit(0);
