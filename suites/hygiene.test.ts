/**
 * Nothing outlives a run: after a whole run through HAP/1 with stdio servers (the host spawns one process
 * per server, the harness spawns the host), no process started on our behalf is left.
 */
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { builtinHostArgv, hapLauncher, runClauses } from "../harness/index.ts";
import { clauses } from "./index.ts";

/** Every live process whose ancestry leads to this one (Linux /proc). */
function descendants(root = process.pid): string[] {
  const parents = new Map<number, number>();
  const commands = new Map<number, string>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
      commands.set(Number(entry), readFileSync(`/proc/${entry}/cmdline`, "utf8").replace(/\0/g, " ").trim());
    } catch {
      // The process ended while we looked.
    }
  }
  const isDescendant = (pid: number): boolean => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) if (p === root) return true;
    return false;
  };
  return [...parents.keys()].filter(isDescendant).map((pid) => `${pid} ${commands.get(pid)}`);
}

describe.runIf(process.platform === "linux")("hygiene", () => {
  it("sees a live child process (the check can fail)", async () => {
    const child = spawn("sleep", ["30"]);
    await new Promise((resolve) => child.once("spawn", resolve));
    try {
      expect(descendants().some((line) => line.startsWith(`${child.pid} `))).toBe(true);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("leaves no process behind after a run with stdio servers", async () => {
    const before = descendants();
    const report = await runClauses({
      clauses: clauses.filter((clause) => ["surface/no-silent-loss", "names/deterministic"].includes(clause.id)),
      launcher: hapLauncher({ argv: builtinHostArgv("reference") }),
      seed: 2, runs: 4, transport: "stdio",
    });
    expect(report.clauses.map((clause) => clause.status)).not.toContain("error");
    expect(descendants().filter((line) => !before.includes(line))).toEqual([]);
  }, 120_000);
});
