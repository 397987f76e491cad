/**
 * Policy: an adapter, and everything it starts, dies with the run. Where the machine allows it (Linux with
 * `unshare`; `-r`, a user namespace, when the harness is not root) each adapter is the first process of a
 * PID namespace of its own (`unshare -p -f --kill-child --mount-proc`): when it ends, or when the harness
 * kills `unshare` (its process group), the kernel kills every process in the namespace, including those that
 * left the group (`setsid`) or dropped the reap marker from their environment (`env -u`), which
 * process-groups.ts cannot find. Each adapter also gets a temp folder of its own (`TMPDIR`), removed
 * once it is gone, since its pid inside the namespace (1) cannot name the temp directories it leaves.
 * `unshare` waits for the namespace holding a copy of whatever stdio it was given, so the adapter's stdout
 * reaches the harness through a FIFO in that temp folder instead, opened by the adapter alone: an adapter
 * that closes its stdout while it lives is seen at once, as without a namespace.
 * Where no PID namespace can be made, {@link pidNamespaceUnavailable} says why: the group kill and the
 * marker sweep remain, and the run's report says so (host-launcher.ts). `MCP_COLLIDE_NO_PID_NAMESPACE=1`
 * turns it off (to see what a machine without one does). unshare, mkfifo and sh are the system's own, never
 * found on PATH (system-command.ts).
 */
import { spawnSync } from "node:child_process";
import { accessSync, closeSync, constants, open, openSync, readFileSync, statSync } from "node:fs";
import { Socket } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { PassThrough, type Readable } from "node:stream";
import { ownedTempDir } from "../../fake-servers/owned-temp-dir.ts";
import { missingSystemCommand, requireSystemCommand } from "./system-command.ts";

/** The variable that turns the PID namespace off for a run. */
export const NO_PID_NAMESPACE_VARIABLE = "MCP_COLLIDE_NO_PID_NAMESPACE";

/** True when this process is root of the machine, not uid 0 of a user namespace (whose uid_map is not the identity). */
export function machineRoot(): boolean {
  if (process.getuid?.() !== 0) return false;
  try {
    return readFileSync("/proc/self/uid_map", "utf8").trim().split(/\s+/).join(" ") === "0 0 4294967295";
  } catch {
    return true;
  }
}

/**
 * The command that starts an adapter in a PID namespace of its own (a user namespace too, when not root),
 * with the system's unshare (system-command.ts); throws where there is none ({@link pidNamespaceUnavailable} says so first).
 */
export function pidNamespacePrefix(): string[] {
  return [requireSystemCommand("unshare"), ...(machineRoot() ? [] : ["-r"]), "-p", "-f", "--kill-child", "--mount-proc", "--propagation", "private"];
}

let probed: { why: string | undefined } | undefined;

/** Undefined when adapters run in a PID namespace here, else why not. The machine is probed once per process. */
export function pidNamespaceUnavailable(): string | undefined {
  if (process.env[NO_PID_NAMESPACE_VARIABLE] === "1") return `${NO_PID_NAMESPACE_VARIABLE}=1 turned it off`;
  probed ??= { why: probe() };
  return probed.why;
}

function probe(): string | undefined {
  if (process.platform !== "linux") return `no PID namespaces on ${process.platform}`;
  const missing = missingSystemCommand("unshare", "mkfifo", "sh", "true");
  if (missing) return missing;
  const [file, ...args] = [...pidNamespacePrefix(), requireSystemCommand("true")];
  const result = spawnSync(file!, args, { encoding: "utf8", timeout: 10_000 });
  if (result.error) return `${file} could not run: ${result.error.message}`;
  return result.status === 0 ? undefined : `${[file, ...args.slice(0, -1)].join(" ")} failed (exit ${result.status}: ${result.stderr.trim() || "no message"})`;
}

/** How one adapter process is started, and what to remove once it is gone. */
export interface AdapterLaunch {
  argv: string[];
  env: Record<string, string>;
  /** Undefined when the adapter runs in a PID namespace of its own, else why not. */
  withoutPidNamespace: string | undefined;
  /** What the process's own stdout should be: "ignore" when the adapter writes to the FIFO instead. */
  stdout: "pipe" | "ignore";
  /** The adapter's stdout: `own` (the process's stdout pipe) or the FIFO's contents; it ends when the adapter closes it. */
  stdoutOf(own: Readable | null, exited: Promise<unknown>): Readable;
  /** Removes the adapter's temp folder (call once every process of it is dead). Idempotent. */
  release(): void;
}

/** Wraps `argv` in a PID namespace where the machine allows one, and gives it a temp folder of its own under `env.TMPDIR` (or the temp folder). */
export function adapterLaunch(argv: readonly string[], env: Record<string, string | undefined> = {}): AdapterLaunch {
  let why = pidNamespaceUnavailable();
  const temp = ownedTempDir("mcp-collide-adapter-", env.TMPDIR ?? tmpdir());
  const fifo = join(temp.path, "stdout");
  // A command that cannot be found is started unwrapped, so it fails as it would without a namespace (ENOENT,
  // "could not be started"), not as a wrapper's exit 127; nothing runs, so there is nothing to contain.
  const direct = why === undefined && !findable(argv[0], env.PATH ?? process.env.PATH);
  if (why === undefined && !direct) {
    const made = spawnSync(requireSystemCommand("mkfifo"), ["-m", "600", fifo], { encoding: "utf8" });
    if (made.status !== 0) why = `mkfifo failed: ${made.error?.message ?? made.stderr.trim()}`;
  }
  const own = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  return {
    // sh opens the FIFO, then becomes the adapter: the namespace's first process, the FIFO's only writer.
    argv: why === undefined && !direct ? [...pidNamespacePrefix(), requireSystemCommand("sh"), "-c", 'exec "$@" >"$0"', fifo, ...argv] : [...argv],
    env: { ...own, TMPDIR: temp.path },
    withoutPidNamespace: why,
    stdout: why === undefined && !direct ? "ignore" : "pipe",
    stdoutOf: (stream, exited) => (why === undefined && !direct ? fifoReader(fifo, exited) : stream!),
    release: () => temp.release(),
  };
}

/** True when `command` names an executable file, by its path or on `path`. */
function findable(command: string | undefined, path: string | undefined): boolean {
  if (!command) return false;
  const executable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  if (command.includes("/")) return executable(command);
  return (path ?? "").split(delimiter).some((folder) => folder !== "" && executable(join(folder, command)));
}

/**
 * The read end of `fifo` as a stream. The open waits (off the event loop) for the adapter to open its end;
 * if the process ends first, a writer opened and closed here lets that open finish, and the stream ends.
 */
function fifoReader(fifo: string, exited: Promise<unknown>): Readable {
  const out = new PassThrough();
  let opened = false;
  open(fifo, constants.O_RDONLY, (error, fd) => {
    opened = true;
    if (error) return out.end();
    const socket = new Socket({ fd, readable: true, writable: false });
    socket.on("error", () => out.end());
    socket.pipe(out);
  });
  void exited.then(() => {
    if (opened) return;
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      // The reader's open finished meanwhile (ENXIO: no reader waits), or the folder is gone.
    }
  });
  return out;
}
