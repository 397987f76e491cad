/**
 * The sandbox an agent CLI runs in (policy). Every CLI process starts as an unprivileged uid (nobody, 65534,
 * when the harness is root; the harness's own uid otherwise) that becomes uid 0 of a fresh user namespace
 * owning fresh network, mount, PID, IPC and UTS namespaces (`setpriv ... unshare -r -n -m -p -i -u -f --mount-proc`):
 * - network: loopback only, so no test traffic, telemetry or DNS query can leave the machine; each port
 *   the CLI needs (the provider's, the fake servers') is bridged in (inside: a listener on 127.0.0.1:<same
 *   port>; the two halves meet over a Unix socket in a directory the CLI cannot see); outbound attempts are
 *   recorded inside (netns-inside.cjs: a refusing proxy the CLI is pointed at, a DNS stub behind a private
 *   resolv.conf) and read back here;
 * - processes: a fresh /proc shows only the sandbox's own; the CLI runs with no capabilities (empty bounding
 *   set, no_new_privs), so it can enter no namespace and read no other process's memory or environment;
 * - files: every mount of the machine read-only, a private tmpfs on /tmp, the temp folder and /dev/shm, a fresh /sys, and
 *   only the session's home and working directory writable (owned by the sandbox's uid).
 * Where the machine cannot build it (no user namespaces, no setpriv) the adapter refuses to run unless told
 * `--no-isolation` explicitly (`mcp-collide run --agent-no-isolation`). What it protects against, and what it does not: docs/sandbox.md.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, lchownSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { basename, dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { machineRoot } from "../../adapter/pid-namespace.ts";
import { packageRoot } from "../../cli/builtin-host.ts";
import { SANDBOX_UID, sandboxPrefix } from "../../optional-installs.ts";

const INSIDE = fileURLToPath(new URL("./netns-inside.cjs", import.meta.url));
/** The refusing proxy's port inside the namespace (nothing else listens there). */
const PROXY_PORT = 9;

const isRoot = machineRoot;

/** A one-line account of the sandbox in force, for the report's `hostEnvironment.isolation`. */
export function sandboxDescription(): string {
  const who = isRoot() ? `uid ${SANDBOX_UID} (nobody)` : "the harness's own uid";
  return `sandbox: each CLI process runs as ${who}, uid 0 of its own user namespace with its own network, mount, PID, IPC and UTS namespaces (${sandboxPrefix().join(" ")}); no capabilities (empty bounding set, no_new_privs); a fresh /proc showing only its own processes and a fresh /sys; every mount of the machine read-only, a private tmpfs on /tmp, the temp folder and /dev/shm, only the session's home and working directory writable; loopback only: provider and fake servers bridged in over Unix sockets out of its view; HTTPS_PROXY/HTTP_PROXY at a refusing recorder, DNS at a refusing recorder (private resolv.conf)`;
}

/** Where a CLI may write: its home and working directory (bound back at their own paths), and where it starts. */
export interface SandboxPlaces {
  writable: readonly string[];
  cwd: string;
}

/** Hands `path` and everything under it to the sandbox's uid (a no-op unless the harness is root). */
function handOver(path: string): void {
  if (!isRoot()) return;
  const stat = lstatSync(path);
  lchownSync(path, SANDBOX_UID, SANDBOX_UID);
  if (stat.isDirectory()) for (const name of readdirSync(path)) handOver(join(path, name));
}

/**
 * Makes the harness's own temp directories on the way to `path` (`path` itself, then each ancestor named
 * `mcp-collide-*`: the adapter's scratch and temp folder) searchable by the sandbox's uid: 0711, never
 * readable or writable. Only needed when the harness is root, whose 0700 directories nobody cannot enter.
 */
function openWayTo(path: string): void {
  for (let dir = path; dir !== dirname(dir); dir = dirname(dir)) {
    if (dir !== path && !basename(dir).startsWith("mcp-collide-")) return;
    chmodSync(dir, 0o711);
  }
}

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

/**
 * The Unix sockets a CLI must reach: the words of its stdio servers that name one (the stdio relay's
 * address, in a directory of the harness's the sandbox cannot see). Each is bridged in at its own path.
 */
export function socketsOf(words: readonly string[]): string[] {
  return [...new Set(words.filter((word) => {
    try {
      return isAbsolute(word) && lstatSync(word).isSocket();
    } catch {
      return false;
    }
  }))].sort();
}

/**
 * What the CLI must still read where a private tmpfs would hide it (a checkout under /tmp): the package, and
 * the install a CLI binary outside it comes from (`--agent-bin`: the folder holding its outermost node_modules).
 */
function readablePlaces(bin: string | undefined): string[] {
  // The harness's package: the CLIs' installs and the fake stdio servers' shim live in it.
  const places = [resolve(packageRoot)];
  if (bin && isAbsolute(bin)) {
    const real = existsSync(bin) ? realpathSync(bin) : bin;
    const at = real.indexOf("/node_modules/");
    places.push(at > 0 ? real.slice(0, at) : dirname(real));
  }
  return places;
}

/** One CLI process's sandbox: the bridges, the places it may write, and what was recorded inside. */
export class NetnsSandbox {
  private readonly sockets = new Set<Socket>();

  private constructor(
    readonly dir: string,
    private readonly ports: number[],
    private readonly unix: string[],
    private readonly servers: Server[],
    private readonly places: SandboxPlaces,
  ) {}

  /**
   * Opens the outside half of a bridge for each port (Unix socket → 127.0.0.1:<port>) and each of `unix`
   * (Unix socket → that socket), its files under `parent`, and hands the bridge directory and `places`
   * (written already: the CLI's configuration) to the sandbox's uid.
   */
  static async create(ports: readonly number[], parent: string, places: SandboxPlaces, unix: readonly string[] = []): Promise<NetnsSandbox> {
    const dir = mkdtempSync(join(parent, "netns-"));
    writeFileSync(join(dir, "resolv.conf"), "nameserver 127.0.0.1\noptions attempts:1 timeout:1\n");
    writeFileSync(join(dir, "outbound.jsonl"), "");
    const servers: Server[] = [];
    const sandbox = new NetnsSandbox(dir, [...ports], [...unix], servers, places);
    const targets = [...ports.map((port) => ({ name: `${port}.sock`, to: { host: "127.0.0.1", port } })), ...unix.map((path, index) => ({ name: `unix-${index}.sock`, to: { path } }))];
    for (const { name, to } of targets) {
      const server = createServer((inner) => {
        const outer = createConnection(to);
        sandbox.track(inner, outer);
        inner.pipe(outer).pipe(inner);
      });
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject);
        server.listen(join(dir, name), resolve);
      });
      servers.push(server);
    }
    for (const path of [dir, ...places.writable]) handOver(path);
    if (isRoot()) openWayTo(parent);
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
   * Starts `argv` in the sandbox. Killing the returned
   * process (`unshare`, which stays in its starter's process group) kills every process of the session,
   * however the CLI detached its children: `--kill-child` ends the namespace's first process, and with it
   * the namespace.
   */
  spawn(argv: readonly string[], env: Record<string, string>, stdio: "pipe" | "ignore" = "pipe"): ChildProcess {
    // The temp folder gets a tmpfs of its own too when TMPDIR moves it: the harness's other files live there.
    const tmp = [...new Set(["/tmp", tmpdir()])];
    const config = { dir: this.dir, ports: this.ports, unix: this.unix, proxyPort: PROXY_PORT, writable: this.places.writable, cwd: this.places.cwd, tmp, readable: readablePlaces(argv[0]) };
    const [file, ...args] = [...sandboxPrefix(), process.execPath, INSIDE, JSON.stringify(config), "--", ...argv];
    return spawn(file!, args, { cwd: "/", env, stdio: ["ignore", stdio, stdio] });
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
