/**
 * Network isolation for an agent CLI (policy): every CLI process runs in a fresh network + mount namespace
 * whose only interface is loopback (`unshare -n -m`, as root), so no test traffic, telemetry or DNS query
 * can leave the machine. The fake provider and fake MCP servers live in the root namespace; each port the
 * CLI needs is bridged in (inside: a listener on 127.0.0.1:<same port>; the two halves meet over a Unix
 * socket in a 0700 temp dir). Outbound attempts are recorded inside (netns-inside.cjs: a refusing proxy the
 * CLI is pointed at, and a DNS stub behind a private resolv.conf) and read back here.
 * Where namespaces are unavailable the adapter refuses to run unless told `--no-isolation` explicitly.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const INSIDE = fileURLToPath(new URL("./netns-inside.cjs", import.meta.url));
/** The refusing proxy's port inside the namespace (nothing else listens there). */
const PROXY_PORT = 9;

/** One outbound attempt the CLI made from inside the namespace. */
export const OutboundAttemptSchema = z.union([
  z.object({ kind: z.literal("proxy"), method: z.string().optional(), target: z.string().optional(), time: z.number() }),
  z.object({ kind: z.literal("dns"), name: z.string(), type: z.number().optional(), time: z.number() }),
]);
/** One outbound attempt the CLI made from inside the namespace. */
export type OutboundAttempt = z.infer<typeof OutboundAttemptSchema>;

/** The loopback ports a CLI must reach: the provider's, and those its servers' transports name. */
export function portsOf(urls: readonly string[], words: readonly string[]): number[] {
  const ports = new Set<number>();
  for (const url of urls) {
    const parsed = new URL(url);
    if (parsed.hostname === "127.0.0.1" || parsed.hostname === "localhost") ports.add(Number(parsed.port || 80));
  }
  for (const word of words) {
    const match = /^127\.0\.0\.1:(\d{1,5})$/.exec(word);
    if (match) ports.add(Number(match[1]));
  }
  return [...ports].filter((port) => port > 0 && port < 65536 && port !== PROXY_PORT && port !== 53).sort((a, b) => a - b);
}

/** One CLI process's namespace: the bridges, the temp dir and what was recorded inside. */
export class NetnsSandbox {
  private readonly sockets = new Set<Socket>();

  private constructor(readonly dir: string, private readonly ports: number[], private readonly servers: Server[]) {}

  /** Opens the outside half of a bridge for each port (Unix socket → 127.0.0.1:<port>), its files under `parent`. */
  static async create(ports: readonly number[], parent = tmpdir()): Promise<NetnsSandbox> {
    const dir = mkdtempSync(join(parent, "netns-"));
    writeFileSync(join(dir, "resolv.conf"), "nameserver 127.0.0.1\noptions attempts:1 timeout:1\n");
    writeFileSync(join(dir, "outbound.jsonl"), "");
    const servers: Server[] = [];
    const sandbox = new NetnsSandbox(dir, [...ports], servers);
    for (const port of ports) {
      const server = createServer((inner) => {
        const outer = createConnection({ host: "127.0.0.1", port });
        sandbox.track(inner, outer);
        inner.pipe(outer).pipe(inner);
      });
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(join(dir, `${port}.sock`), resolve);
      });
      servers.push(server);
    }
    return sandbox;
  }

  private track(...sockets: Socket[]): void {
    const end = () => sockets.forEach((socket) => socket.destroy());
    for (const socket of sockets) {
      this.sockets.add(socket);
      socket.on("error", end);
      socket.on("close", () => { this.sockets.delete(socket); end(); });
    }
  }

  /**
   * `argv` run inside the namespace. A PID namespace too (`-p -f --kill-child`): killing the `unshare`
   * process kills every process of the session, however the CLI detached its children, and `unshare` stays
   * in its starter's process group, so a harness that kills the adapter's group kills the CLI with it.
   */
  wrap(argv: readonly string[]): string[] {
    return ["unshare", "-n", "-m", "-p", "-f", "--kill-child", "--propagation", "private", process.execPath, INSIDE, this.dir, this.ports.join(","), String(PROXY_PORT), "--", ...argv];
  }

  /** The environment that points a CLI's HTTP clients at the recording proxy (loopback excepted). */
  proxyEnv(): Record<string, string> {
    const proxy = `http://127.0.0.1:${PROXY_PORT}`;
    return { HTTPS_PROXY: proxy, HTTP_PROXY: proxy, ALL_PROXY: proxy, https_proxy: proxy, http_proxy: proxy, NO_PROXY: "127.0.0.1,localhost", no_proxy: "127.0.0.1,localhost" };
  }

  /** What the CLI tried to reach outside, so far. */
  outbound(): OutboundAttempt[] {
    const file = join(this.dir, "outbound.jsonl");
    if (!existsSync(file)) return [];
    return readFileSync(file, "utf8").split("\n").filter(Boolean).flatMap((line) => {
      try {
        const parsed = OutboundAttemptSchema.safeParse(JSON.parse(line));
        return parsed.success ? [parsed.data] : [];
      } catch {
        return [];
      }
    });
  }

  /** Closes the bridges and deletes the temp dir. Idempotent. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await Promise.all(this.servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    this.servers.length = 0;
    rmSync(this.dir, { recursive: true, force: true });
  }
}
