/**
 * Runs a command in a fresh agent CLI sandbox through the launch path every session uses
 * (NetnsSandbox.create + spawn, a home and working directory as a session makes them), for the sandbox's
 * tests. Run as a program (`node --import tsx in-sandbox.ts '<json>'`, the JSON being {ports, unix, argv}),
 * it prints the result as one JSON line: the tests run it as an unprivileged user to try the sandbox the
 * harness builds when it is not root.
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ownedTempDir } from "../../../../fake-servers/index.ts";
import { NetnsSandbox, type OutboundAttempt } from "../netns-sandbox.ts";

/** What a command run in the sandbox printed, how it ended, its home, and what the sandbox recorded. */
export interface SandboxRun {
  stdout: string;
  stderr: string;
  code: number | null;
  home: string;
  outbound: OutboundAttempt[];
}

/** Runs `argv` in a fresh sandbox on `ports` (and the Unix sockets `unix`) with a session's home and working directory under `scratch`. */
export async function inSandbox(scratch: string, ports: number[], argv: string[], unix: string[] = []): Promise<SandboxRun> {
  const session = join(scratch, `session-${randomBytes(4).toString("hex")}`);
  const home = join(session, "home");
  const cwd = join(session, "work");
  mkdirSync(home, { recursive: true, mode: 0o700 });
  mkdirSync(cwd, { mode: 0o700 });
  const sandbox = await NetnsSandbox.create(ports, session, { writable: [home, cwd], cwd }, unix);
  try {
    const child: ChildProcess = sandbox.spawn(argv, { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home, ...sandbox.proxyEnv() });
    let stdout = "";
    let stderr = "";
    child.stdout!.on("data", (chunk: Buffer) => { stdout += chunk.toString("utf8"); });
    child.stderr!.on("data", (chunk: Buffer) => { stderr += chunk.toString("utf8"); });
    const code = await new Promise<number | null>((done) => child.on("exit", (exit) => done(exit)));
    return { stdout, stderr, code, home, outbound: sandbox.outbound() };
  } finally {
    await sandbox.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { ports, unix, argv } = JSON.parse(process.argv[2]!) as { ports: number[]; unix: string[]; argv: string[] };
  const scratch = ownedTempDir("mcp-collide-agents-");
  try {
    process.stdout.write(`${JSON.stringify(await inSandbox(scratch.path, ports, argv, unix))}\n`);
  } finally {
    scratch.release();
  }
}
