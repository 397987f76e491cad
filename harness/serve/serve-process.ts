/**
 * `mcp-collide serve` as a child process, for a script that points an app (or a library host's adapter) at a
 * served world: starts it, reads the generic `mcpServers` configuration it prints, and stops it with a signal,
 * handing back its exit code and report. The self-test drives hosts through it; so can a user's own script.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { ReportSchema, type Report } from "../report/report-model.ts";
import { packageRoot } from "../cli/builtin-host.ts";
import { hapLauncher } from "../runner/host-launcher.ts";
import { endpointsOfGenericConfig, type ServedEndpoint } from "./host-configs.ts";

/** A running `mcp-collide serve`. */
export interface ServeProcess {
  child: ChildProcess;
  endpoints: ServedEndpoint[];
  /** Everything it printed so far. */
  stdout(): string;
  /** Resolves once it printed a line containing `text` (or rejects when it exits first). */
  printed(text: string): Promise<void>;
  /** Sends `signal`, waits for the exit, and reads the report it wrote (undefined when it wrote none). */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null; report?: Report; stderr: string }>;
}

/** The JSON block printed under `--- mcp-servers.json: ... ---`, up to the next `---` line. */
export function genericConfigOf(stdout: string): unknown {
  const lines = stdout.split("\n");
  const start = lines.findIndex((line) => line.startsWith("--- mcp-servers.json:"));
  if (start < 0) throw new Error("serve printed no mcp-servers.json block");
  const end = lines.findIndex((line, at) => at > start && line.startsWith("---"));
  return JSON.parse(lines.slice(start + 1, end < 0 ? undefined : end).join("\n"));
}

/** Starts `mcp-collide serve ARGS` (give --out) and resolves once it is serving, with its servers read from what it printed. */
export async function startServeProcess(args: readonly string[], options: { startTimeoutMs?: number } = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [join(packageRoot, "harness/bin/mcp-collide.js"), "serve", ...args], { cwd: packageRoot, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  const waiters: Array<{ text: string; resolve(): void; reject(error: Error): void }> = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const settle = () => {
    for (const waiter of [...waiters]) {
      if (out.includes(waiter.text)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  child.stdout!.on("data", (chunk: Buffer) => {
    out += chunk.toString();
    settle();
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  void exited.then(() => {
    for (const waiter of waiters.splice(0)) waiter.reject(new Error(`serve exited before printing ${JSON.stringify(waiter.text)}; stderr: ${err}`));
  });
  const printed = (text: string) => (out.includes(text) ? Promise.resolve() : new Promise<void>((resolve, reject) => waiters.push({ text, resolve, reject })));
  const outDir = args[args.indexOf("--out") + 1];
  const stop: ServeProcess["stop"] = async (signal = "SIGINT") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    const { code, signal: by } = await exited;
    let report: Report | undefined;
    if (outDir !== undefined && args.includes("--out")) {
      report = await readFile(join(outDir, "report.json"), "utf8").then((text) => ReportSchema.parse(JSON.parse(text)), () => undefined);
    }
    return { code, signal: by, report, stderr: err };
  };
  const timer = setTimeout(() => child.kill("SIGKILL"), options.startTimeoutMs ?? 60_000);
  try {
    await printed("serving until");
  } catch (error) {
    await stop("SIGKILL");
    throw error;
  } finally {
    clearTimeout(timer);
  }
  return { child, endpoints: endpointsOfGenericConfig(genericConfigOf(out)), stdout: () => out, printed, stop };
}

/**
 * What a person does in an app pointed at a served world, done by a HAP/1 adapter (`argv`): open the
 * configured servers, read the list, call every shown tool once, and, while `hold` runs (a world that
 * changes), keep the session open, then read the list again; close, and stop the adapter whatever happens.
 */
export async function driveServedWorld(argv: readonly string[], endpoints: readonly ServedEndpoint[], options: { hold?: () => Promise<void>; requestTimeoutMs?: number } = {}): Promise<void> {
  const handle = await hapLauncher({ argv, requestTimeoutMs: options.requestTimeoutMs ?? 30_000 }, []).launch();
  try {
    const { adapter } = handle;
    await adapter.initialize();
    const { session } = await adapter.open({ servers: endpoints.map(({ key, transport }) => ({ key, transport })) });
    const { tools } = await adapter.tools(session);
    for (const tool of tools) {
      await (tool.namespace === undefined ? adapter.call(session, tool.name, { probe: "by-hand" }) : adapter.call(session, tool.name, { probe: "by-hand" }, tool.namespace));
    }
    if (options.hold) {
      await options.hold();
      await adapter.tools(session);
    }
    await adapter.close(session);
  } finally {
    await handle.stop();
  }
}
