/**
 * A CPU load to run the self-test beside (`npm run load -- [--procs N] [--seconds S]`): N busy processes
 * (default 4x the cores) for S seconds (default 1800), then nothing. Each process ends itself at the deadline
 * too, so none outlives the bound even if this script is killed. Prints the load averages every 30 s and, at
 * the end, the highest 1-minute load average reached, so a run beside it can say under what load it passed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { availableParallelism, loadavg } from "node:os";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const USAGE = "Usage: npm run load -- [--procs N] [--seconds S]   (N busy processes, default 4x the cores; S default 1800)";

/** The options, or a usage error. */
export function loadOptions(argv: string[]): { procs: number; seconds: number } {
  const { values } = parseArgs({ args: argv, options: { procs: { type: "string" }, seconds: { type: "string" }, help: { type: "boolean" } } });
  if (values.help) throw new Error(USAGE);
  const count = (text: string | undefined, fallback: number) => {
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1) throw new Error(`not a positive whole number: ${text}\n${USAGE}`);
    return value;
  };
  return { procs: count(values.procs, 4 * availableParallelism()), seconds: count(values.seconds, 1800) };
}

/** The busy loop each process runs: spin until the deadline (epoch ms), checking the clock now and then. */
const BUSY = "const end = Number(process.argv[1]); let x = 0; while (Date.now() < end) { for (let i = 0; i < 1e6; i++) x += i; }";

const line = () => loadavg().map((value) => value.toFixed(2)).join(" / ");

async function main(): Promise<void> {
  let options: { procs: number; seconds: number };
  try {
    options = loadOptions(process.argv.slice(2));
  } catch (error) {
    const text = (error as Error).message;
    process.stdout.write(`${text}\n`);
    process.exit(text === USAGE ? 0 : 2);
  }
  const deadline = Date.now() + options.seconds * 1000;
  const children: ChildProcess[] = Array.from({ length: options.procs }, () => spawn(process.execPath, ["-e", BUSY, String(deadline)], { stdio: "ignore" }));
  let highest = loadavg()[0]!;
  process.stdout.write(`load: ${options.procs} busy processes on ${availableParallelism()} cores for ${options.seconds} s; load averages (1/5/15 min) now ${line()}\n`);
  const stop = () => {
    for (const child of children) child.kill("SIGKILL");
  };
  process.on("SIGINT", () => { stop(); process.exit(130); });
  process.on("SIGTERM", () => { stop(); process.exit(143); });
  await new Promise<void>((resolve) => {
    const sample = setInterval(() => {
      highest = Math.max(highest, loadavg()[0]!);
      process.stdout.write(`load: ${new Date().toISOString()} ${line()}\n`);
    }, 30_000);
    setTimeout(() => { clearInterval(sample); resolve(); }, Math.max(0, deadline - Date.now()));
  });
  stop();
  highest = Math.max(highest, loadavg()[0]!);
  process.stdout.write(`load: done; highest 1-minute load average ${highest.toFixed(2)} (${(highest / availableParallelism()).toFixed(1)}x the cores); now ${line()}\n`);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
