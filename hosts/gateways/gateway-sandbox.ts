/**
 * The sandbox a gateway process runs in: the agent CLIs' (../agent-clis/isolation/netns-sandbox.ts; what it
 * keeps a process from: docs/sandbox.md), one per session, as a GatewayIsolation for the harness's gateway
 * driver, which may not import hosts/. The gateway reaches the world's fake servers (their 127.0.0.1 ports
 * and the stdio relay's socket files, bridged in), writes only its session's home, and every outbound
 * attempt it makes through the proxy or the DNS stub is refused and kept for the report's diagnostics.
 */
import type { GatewayIsolation } from "../../harness/index.ts";
import { NetnsSandbox, outboundDiagnostics, portsOf, sandboxDescription, socketsOf, type OutboundAttempt } from "../../harness/agent-kit.ts";

/** A GatewayIsolation of one netns sandbox per gateway process. */
export function netnsIsolation(): GatewayIsolation {
  const outbound: OutboundAttempt[] = [];
  return {
    description: `${sandboxDescription().replace("each CLI process", "each gateway process")}; the gateway reached from outside through a relay on a socket file in its home (its port or its stdio)`,
    async create(servers, places) {
      const urls = servers.flatMap((server) => (server.transport.type === "http" ? [server.transport.url] : []));
      const words = servers.flatMap((server) => (server.transport.type === "stdio" ? [...server.transport.args, ...Object.values(server.transport.env ?? {})] : []));
      const sandbox = await NetnsSandbox.create(portsOf(urls, words), places.scratch, { writable: [places.home], cwd: places.home }, socketsOf(words));
      return {
        spawn: (argv, env) => sandbox.spawn(argv, env, "pipe", places.shown),
        proxyEnv: () => sandbox.proxyEnv(),
        async close() {
          outbound.push(...sandbox.outbound());
          await sandbox.close();
        },
      };
    },
    diagnostics: () => outboundDiagnostics(outbound),
  };
}
