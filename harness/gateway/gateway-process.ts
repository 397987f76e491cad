/**
 * One gateway process for one HAP/1 session (policy): the module writes its configuration in a fresh home,
 * and the process starts either in a sandbox (an isolation the adapter passes in: the agent CLIs' netns
 * sandbox, loopback only, from hosts/gateways/gateway-main.ts) or, unisolated, in a process group and PID
 * namespace of its own. Either way it dies with the session: `close` kills the sandbox (its PID namespace
 * with it) or the group and namespace, and removes every file. A sandboxed gateway is reached through a
 * relay on a socket file in its home (gateway-relay.cjs): an http or sse gateway through a listener on
 * 127.0.0.1 here that forwards to it, a stdio one through the socket itself.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { pidNamespacePrefix, pidNamespaceUnavailable } from "../adapter/pid-namespace.ts";
import type { ServerConfig } from "../protocol/open-params.ts";
import type { Diagnostic } from "../protocol/open-result.ts";
import { GatewayLaunchSchema, type GatewayLaunch, type GatewayModule } from "./gateway-module.ts";
import { StreamTransport } from "../../fake-servers/index.ts";

const RELAY = fileURLToPath(new URL("./gateway-relay.cjs", import.meta.url));
/** The port a sandboxed http gateway listens on inside its own network namespace (MCP Hub's default), or the next free one. */
const INNER_PORT = 37373;

/** One sandbox for one gateway process (see {@link GatewayIsolation}). */
export interface GatewaySandbox {
  /** Starts `argv` inside, stdout and stderr piped, no stdin; killing the returned process kills everything inside. */
  spawn(argv: readonly string[], env: Record<string, string>): ChildProcess;
  /** Environment that points the gateway's HTTP clients at the sandbox's recording proxy. */
  proxyEnv(): Record<string, string>;
  /** Closes its listeners and removes its files. */
  close(): Promise<void>;
}

/**
 * How gateway processes are isolated: the harness's adapter main passes the agent CLIs' sandbox
 * (hosts/gateways/gateway-main.ts), which the harness may not import itself; none means unisolated.
 */
export interface GatewayIsolation {
  /** One line for the report's `hostEnvironment.isolation`. */
  description: string;
  /** A sandbox in which a gateway reaches `servers` (their 127.0.0.1 ports and socket files) and writes only `places.home`. */
  create(servers: readonly ServerConfig[], places: { scratch: string; home: string; shown: readonly string[] }): Promise<GatewaySandbox>;
  /** What the sandboxes recorded over the run (outbound attempts), for `shutdown`. */
  diagnostics(): Diagnostic[];
}

/** How sessions start their gateway. */
export interface GatewayProcessOptions {
  bin: string;
  /** The adapter's scratch folder: each session's home goes under it. */
  scratch: string;
  isolation?: GatewayIsolation;
}

/** A bounded text buffer: the first `limit` characters of a stream. */
export class Head {
  text = "";
  constructor(private readonly limit: number) {}
  push(chunk: string): void {
    if (this.text.length < this.limit) this.text += chunk.slice(0, this.limit - this.text.length);
  }
}

/** A free port on 127.0.0.1 (for an unisolated http gateway: it binds it itself). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The ports of `servers`' http URLs, which a sandboxed gateway's own port must not take. */
const serverPorts = (servers: readonly ServerConfig[]) => new Set(servers.flatMap((server) => (server.transport.type === "http" ? [Number(new URL(server.transport.url).port)] : [])));

/** A running gateway: its process, its console, and how to reach its MCP endpoint. */
export class GatewayProcess {
  readonly stdout = new Head(256 * 1024);
  readonly stderr = new Head(64 * 1024);
  exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  readonly exit: Promise<void>;
  private readonly listeners: Server[] = [];
  private readonly sockets = new Set<Socket>();
  /** `http://127.0.0.1:<port>` where an http or sse gateway is reached from here. */
  origin = "";

  private constructor(
    readonly launch: GatewayLaunch,
    private readonly child: ChildProcess,
    private readonly scratch: string,
    private readonly sandbox: GatewaySandbox | undefined,
    private readonly relaySocket: string,
    readonly stdioEndpoint: boolean,
  ) {
    if (sandbox || !stdioEndpoint) child.stdout?.on("data", (chunk: Buffer) => this.stdout.push(chunk.toString("utf8")));
    child.stderr?.on("data", (chunk: Buffer) => this.stderr.push(chunk.toString("utf8")));
    child.on("error", (error) => this.stderr.push(`\n${error.message}\n`));
    this.exit = new Promise((resolve) => child.on("exit", (code, signal) => { this.exited = { code, signal }; resolve(); }));
  }

  /** Writes the configuration for `servers` and starts the gateway (it may not be listening yet). */
  static async start(module: GatewayModule, servers: readonly ServerConfig[], options: GatewayProcessOptions): Promise<GatewayProcess> {
    const scratch = mkdtempSync(join(options.scratch, "session-"));
    const home = join(scratch, "home");
    mkdirSync(home, { mode: 0o700 });
    let sandbox: GatewaySandbox | undefined;
    try {
      let port = INNER_PORT;
      if (options.isolation) for (const taken = serverPorts(servers); taken.has(port);) port++;
      else port = await freePort();
      const launch = GatewayLaunchSchema.parse(module.launch({ servers, home, port, bin: options.bin })) as GatewayLaunch;
      const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", ...launch.env };
      const stdio = module.manifest.endpoint === "stdio";
      const relaySocket = join(home, "mcp-collide-relay.sock");
      let child: ChildProcess;
      if (options.isolation) {
        sandbox = await options.isolation.create(servers, { scratch, home, shown: [options.bin] });
        child = sandbox.spawn([process.execPath, RELAY, stdio ? "stdio" : `tcp:${port}`, relaySocket, "--", ...launch.argv], { ...env, ...sandbox.proxyEnv() });
      } else {
        // A group of its own, and where the machine allows one a PID namespace, so what it leaves (its servers) dies with it.
        const argv = pidNamespaceUnavailable() === undefined ? [...pidNamespacePrefix(), ...launch.argv] : launch.argv;
        child = spawn(argv[0]!, argv.slice(1), { cwd: home, env, detached: true, stdio: [stdio ? "pipe" : "ignore", "pipe", "pipe"] });
      }
      const gateway = new GatewayProcess(launch, child, scratch, sandbox, relaySocket, stdio);
      gateway.origin = sandbox && !stdio ? await gateway.forward() : `http://127.0.0.1:${port}`;
      return gateway;
    } catch (error) {
      await sandbox?.close();
      rmSync(scratch, { recursive: true, force: true });
      throw error;
    }
  }

  /** A listener on 127.0.0.1 here whose connections go to the relay's socket file (and so to the gateway's port inside). */
  private async forward(): Promise<string> {
    const listener = createServer((outer) => {
      const inner = createConnection({ path: this.relaySocket });
      this.track(outer, inner);
      outer.pipe(inner).pipe(outer);
    });
    this.listeners.push(listener);
    await new Promise<void>((resolve, reject) => listener.once("error", reject).listen(0, "127.0.0.1", resolve));
    return `http://127.0.0.1:${(listener.address() as { port: number }).port}`;
  }

  private track(...sockets: Socket[]): void {
    const end = () => sockets.forEach((socket) => socket.destroy());
    for (const socket of sockets) {
      this.sockets.add(socket);
      socket.on("error", end);
      socket.on("close", () => { this.sockets.delete(socket); end(); });
    }
  }

  /** A transport to a stdio gateway: its own pipes, or (sandboxed) the relay's socket once it listens. */
  async stdioTransport(): Promise<Transport> {
    if (!this.sandbox) return new StreamTransport(this.child.stdout!, this.child.stdin!);
    const socket = await new Promise<Socket>((resolve, reject) => {
      const attempt = createConnection({ path: this.relaySocket });
      attempt.once("connect", () => resolve(attempt)).once("error", reject);
    });
    this.track(socket);
    return new StreamTransport(socket, socket);
  }

  /** Kills the gateway and everything it started (its sandbox, or its group and PID namespace); removes its files. Idempotent. */
  async close(graceMs = 3_000): Promise<void> {
    if (!this.exited) {
      this.signal("SIGTERM");
      const timer = setTimeout(() => this.signal("SIGKILL"), graceMs);
      await this.exit;
      clearTimeout(timer);
    }
    this.signal("SIGKILL");
    for (const socket of this.sockets) socket.destroy();
    await Promise.all(this.listeners.splice(0).map((listener) => new Promise((resolve) => listener.close(resolve))));
    await this.sandbox?.close();
    rmSync(this.scratch, { recursive: true, force: true });
  }

  private signal(signal: NodeJS.Signals): void {
    if (this.child.pid === undefined) return;
    try {
      if (this.sandbox) this.child.kill(signal);
      else process.kill(-this.child.pid, signal);
    } catch {
      // gone already
    }
  }
}
