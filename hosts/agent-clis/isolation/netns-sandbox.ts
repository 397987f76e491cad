/**
 * The sandbox an agent CLI runs in (policy). Every CLI process starts as an unprivileged uid (nobody, 65534,
 * with no supplementary group, when the harness is root; the harness's own uid otherwise) that becomes uid 0
 * of a fresh user namespace owning fresh network, mount, PID, IPC and UTS namespaces
 * (`setpriv ... unshare -r -n -m -p -i -u -f --mount-proc`):
 * - files: a root of its own, built from nothing (netns-inside.cjs): the system's folders and the few places
 *   the CLI needs (visible-places.ts, searched for socket files) read-only, private tmpfs for the temp
 *   folders, an empty /run, a /dev of a few nodes, and only the session's home and working directory
 *   writable (owned by the sandbox's uid). The machine's tree is detached: no socket file of any daemon
 *   (the system bus, a container engine, the user's session bus) can be named, let alone connected to;
 * - network: loopback only, so no test traffic, telemetry or DNS query can leave the machine; the listeners
 *   the CLI may talk to (127.0.0.1:<port> for the provider and the fake servers, the stdio relay's socket,
 *   the refusing proxy, the DNS stub) are opened inside the namespace and handed to this process, which
 *   serves them: the bridges to the real ports and the record of outbound attempts live here, in the
 *   harness, out of reach of anything in the sandbox;
 * - processes: a fresh /proc shows only the sandbox's own; its first process is a shell that holds no
 *   capability once the set-up is done (empty bounding set, no_new_privs, like the CLI it starts and reaps),
 *   so no process the CLI can signal, trace or read opens a debug port or holds anything of the harness's.
 * Where the machine cannot build it (no user namespaces, no setpriv, no pivot_root) the adapter refuses to run unless told
 * `--no-isolation` explicitly (`mcp-collide run --agent-no-isolation`). What it protects against, and what it does not: docs/sandbox.md.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, lchownSync, lstatSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import type { Socket as UdpSocket } from "node:dgram";
import { createConnection, type Server, type Socket } from "node:net";
import { basename, dirname, isAbsolute, join } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { machineRoot, requireSystemCommand, SANDBOX_UID, sandboxPrefix } from "../../../harness/index.ts";
import { readablePlaces, SYSTEM_FOLDERS, temporaryFolders, unsafePlaces } from "./visible-places.ts";

const INSIDE = fileURLToPath(new URL("./netns-inside.cjs", import.meta.url));
/** The refusing proxy's port inside the namespace (nothing else listens there). */
const PROXY_PORT = 9;
/** Attempts recorded per CLI process; past it they are only counted (a CLI must not fill the harness's memory). */
const MAX_RECORDED = 10_000;
/** Characters of a recorded name or target. */
const MAX_RECORDED_TEXT = 1_000;

/**
 * PID 1 of the sandbox: runs the set-up (netns-inside.cjs, a child), closes the channel it used, and becomes
 * setpriv with no capabilities, which becomes a shell that starts the CLI in its working directory and waits
 * for it, reaping whatever else is left to it; the sandbox ends with that shell, with the CLI's status.
 */
const FIRST_PROCESS = [
  'node="$1" inside="$2" config="$3" setpriv="$4" shell="$5" cwd="$6"; shift 6',
  '"$node" "$inside" "$config" || exit "$?"',
  "exec 3>&-",
  "unset NODE_CHANNEL_FD NODE_CHANNEL_SERIALIZATION_MODE",
  'cd "$cwd" || exit 2',
  'exec "$setpriv" --bounding-set=-all --inh-caps=-all --no-new-privs -- "$shell" -c \'"$@" & wait "$!"\' sh "$@"',
].join("\n");

const isRoot = machineRoot;

/** A one-line account of the sandbox in force, for the report's `hostEnvironment.isolation`. */
export function sandboxDescription(): string {
  const who = isRoot() ? `uid ${SANDBOX_UID} (nobody) with no supplementary group` : "the harness's own uid (its groups kept: only root can drop them)";
  return `sandbox: each CLI process runs as ${who}, uid 0 of its own user namespace with its own network, mount, PID, IPC and UTS namespaces (${sandboxPrefix().map((word) => basename(word)).join(" ")}); no capabilities (empty bounding set, no_new_privs), the sandbox's first process included once set up; a root of its own: the system's folders, the harness's package, Node's and the CLI's installs read-only (searched for socket files), an empty read-only /run, a /dev of a few nodes, private tmpfs on /tmp, the temp folder, /var/tmp and /dev/shm, only the session's home and working directory writable; a fresh /proc showing only its own processes and a fresh /sys; loopback only: provider and fake servers reached through listeners opened inside and served by the harness; HTTPS_PROXY/HTTP_PROXY at a refusing recorder, DNS at a refusing recorder (private resolv.conf), both recorded in the harness's memory`;
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
  /** Attempts past the recorder's bound, counted only. */
  z.object({ kind: z.literal("unrecorded"), count: z.number().int(), time: z.number() }),
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

/** What the set-up inside hands over, one listener at a time, then that it is done. */
const InsideMessageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("port"), port: z.number().int().min(1).max(65535) }),
  z.object({ kind: z.literal("unix"), index: z.number().int().min(0) }),
  z.object({ kind: z.literal("proxy") }),
  z.object({ kind: z.literal("dns") }),
  z.object({ kind: z.literal("ready") }),
]);

/** The query name and type of a DNS message, or "?" when they cannot be read. */
function questionOf(message: Buffer): { name: string; type: number } {
  const labels: string[] = [];
  let offset = 12;
  while (offset < message.length && message[offset] !== 0 && labels.length < 128) {
    const length = message[offset]!;
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString("latin1"));
    offset += length + 1;
  }
  const type = offset + 2 < message.length ? message.readUInt16BE(offset + 1) : 0;
  return { name: labels.join(".").slice(0, MAX_RECORDED_TEXT) || "?", type };
}

/** One CLI process's sandbox: the listeners it was handed, the places it may write, and what was recorded. */
export class NetnsSandbox {
  private readonly sockets = new Set<Socket>();
  private readonly servers: Array<Server | UdpSocket> = [];
  private readonly recorded: OutboundAttempt[] = [];
  private unrecorded = 0;

  private constructor(
    readonly dir: string,
    private readonly ports: number[],
    private readonly unix: string[],
    private readonly places: SandboxPlaces,
  ) {}

  /**
   * A sandbox for CLI processes that reach `ports` and the Unix sockets `unix`: its root's mount point under
   * `parent`, and `places` (written already: the CLI's configuration) handed to the sandbox's uid.
   */
  static async create(ports: readonly number[], parent: string, places: SandboxPlaces, unix: readonly string[] = []): Promise<NetnsSandbox> {
    const dir = mkdtempSync(join(parent, "netns-"));
    for (const path of [dir, ...places.writable]) handOver(path);
    if (isRoot()) openWayTo(parent);
    return new NetnsSandbox(dir, [...ports], [...unix], places);
  }

  private track(...sockets: Socket[]): void {
    const end = () => sockets.forEach((socket) => socket.destroy());
    for (const socket of sockets) {
      this.sockets.add(socket);
      socket.on("error", end);
      socket.on("close", () => { this.sockets.delete(socket); end(); });
    }
  }

  private record(attempt: Extract<OutboundAttempt, { kind: "proxy" | "dns" }>): void {
    if (this.recorded.length < MAX_RECORDED) this.recorded.push(attempt);
    else this.unrecorded++;
  }

  /** Serves a listener the set-up inside handed over (see InsideMessageSchema). */
  private serve(message: z.infer<typeof InsideMessageSchema>, handle: unknown): void {
    if (message.kind === "ready") return;
    if (message.kind === "dns") {
      const dns = handle as UdpSocket;
      this.servers.push(dns);
      dns.on("error", () => undefined);
      dns.on("message", (query, peer) => {
        if (query.length < 12) return;
        this.record({ kind: "dns", ...questionOf(query), time: Date.now() });
        const answer = Buffer.from(query);
        answer[2] = 0x80 | (query[2]! & 0x01); // a response, recursion desired as asked
        answer[3] = 0x80 | 0x05; // recursion available, REFUSED
        dns.send(answer, peer.port, peer.address);
      });
      return;
    }
    const server = handle as Server;
    this.servers.push(server);
    server.on("error", () => undefined);
    if (message.kind === "proxy") {
      server.on("connection", (socket) => {
        this.track(socket);
        let head = "";
        socket.on("data", (chunk: Buffer) => {
          head += chunk.toString("latin1");
          if (!head.includes("\r\n") && head.length < 8192) return;
          const [method, target] = head.split("\r\n")[0]!.split(" ");
          socket.removeAllListeners("data");
          this.record({ kind: "proxy", method: method?.slice(0, MAX_RECORDED_TEXT), target: target?.slice(0, MAX_RECORDED_TEXT), time: Date.now() });
          socket.end("HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\nconnection: close\r\n\r\n");
        });
      });
      return;
    }
    const to = message.kind === "port" ? { host: "127.0.0.1", port: message.port } : { path: this.unix[message.index]! };
    if (message.kind === "port" ? !this.ports.includes(message.port) : this.unix[message.index] === undefined) return void server.close();
    server.on("connection", (inner) => {
      const outer = createConnection(to);
      this.track(inner, outer);
      inner.pipe(outer).pipe(inner);
    });
  }

  /**
   * Starts `argv` in a sandbox of its own (see the header). Killing the returned process (`unshare`, which
   * stays in its starter's process group) kills every process of the session, however the CLI detached its
   * children: `--kill-child` ends the namespace's first process, and with it the namespace. Throws where a
   * place the sandbox would show holds a socket file (visible-places.ts).
   */
  spawn(argv: readonly string[], env: Record<string, string>, stdio: "pipe" | "ignore" = "pipe"): ChildProcess {
    // The temp folder gets a tmpfs of its own too when TMPDIR moves it: the harness's other files live there.
    const tmp = temporaryFolders();
    const readable = readablePlaces(argv[0], env.PATH);
    const unsafe = unsafePlaces(readable, tmp);
    if (unsafe) throw new Error(`the sandbox would show a socket file: ${unsafe}`);
    const commands = Object.fromEntries(["ip", "mount", "umount", "pivot_root"].map((name) => [name, requireSystemCommand(name)]));
    const config = { root: this.dir, ports: this.ports, unix: this.unix, proxyPort: PROXY_PORT, writable: this.places.writable, tmp, readable, system: SYSTEM_FOLDERS, commands };
    const first = [requireSystemCommand("sh"), "-c", FIRST_PROCESS, "sandbox", process.execPath, INSIDE, JSON.stringify(config), requireSystemCommand("setpriv"), requireSystemCommand("sh"), this.places.cwd];
    const [file, ...args] = [...sandboxPrefix(), ...first, ...argv];
    const child = spawn(file!, args, { cwd: "/", env, stdio: ["ignore", stdio, stdio, "ipc"] });
    child.on("message", (message: unknown, handle: unknown) => {
      const parsed = InsideMessageSchema.safeParse(message);
      if (!parsed.success) return;
      this.serve(parsed.data, handle);
      // Every listener is served: the set-up may end, and the CLI start. The channel is closed for good.
      if (parsed.data.kind === "ready") child.send({ kind: "go" }, () => child.disconnect());
    });
    child.on("error", () => undefined);
    return child;
  }

  /** The environment that points a CLI's HTTP clients at the recording proxy (loopback excepted). */
  proxyEnv(): Record<string, string> {
    const proxy = `http://127.0.0.1:${PROXY_PORT}`;
    return { HTTPS_PROXY: proxy, HTTP_PROXY: proxy, ALL_PROXY: proxy, https_proxy: proxy, http_proxy: proxy, NO_PROXY: "127.0.0.1,localhost", no_proxy: "127.0.0.1,localhost" };
  }

  /** What the CLI processes tried to reach outside, so far (held in this process: nothing in the sandbox can reach it). */
  outbound(): OutboundAttempt[] {
    return this.unrecorded === 0 ? [...this.recorded] : [...this.recorded, { kind: "unrecorded", count: this.unrecorded, time: Date.now() }];
  }

  /** Closes the listeners and every connection, and deletes the root's mount point. Idempotent. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await Promise.all(this.servers.splice(0).map((server) => new Promise<void>((resolve) => {
      try {
        if ("address" in server && "listen" in server) (server as Server).close(() => resolve());
        else (server as UdpSocket).close(() => resolve());
      } catch {
        resolve();
      }
    })));
    rmSync(this.dir, { recursive: true, force: true });
  }
}
