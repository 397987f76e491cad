/**
 * The Python host (standard library only) through the mcp-collide CLI, as any user would run it:
 * `mcp-collide run -- python3 hosts/python-host/adapter.py`. A correct host written in another
 * language passes the clauses the way the reference host does: no clause fails, warns or errors.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { missingInstall, packageRoot, skipTitle, paced } from "../../harness/index.ts";

const python = missingInstall("python3");
const adapter = ["python3", "hosts/python-host/adapter.py"];

interface Verdicts {
  exitCode: number;
  host: { name: string };
  transport: string;
  clauses: Array<{ id: string; status: string; reason: string }>;
}

/** One CLI run against the Python adapter; returns report.json. */
function run(args: string[]): Verdicts {
  const out = mkdtempSync(join(tmpdir(), "mcp-collide-python-"));
  try {
    const result = spawnSync(process.execPath, [join(packageRoot, "harness/bin/mcp-collide.js"), "run", ...args, "--out", out, "--", ...adapter], {
      cwd: packageRoot, encoding: "utf8",
    });
    if (result.status === 2) throw new Error(`the run broke:\n${result.stdout}\n${result.stderr}`);
    return JSON.parse(readFileSync(join(out, "report.json"), "utf8"));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

/** Clauses the host got wrong, or that could not be judged because something broke. */
const wrong = (report: Verdicts) => report.clauses.filter((clause) => ["fail", "warn", "error"].includes(clause.status)).map((c) => `${c.id}: ${c.status} ${c.reason}`);

describe.skipIf(python !== undefined)(skipTitle("Python host (stdlib MCP over stdio and HTTP)", python), () => {
  it("passes every clause over http: none fails, warns or errors", () => {
    const report = run(["--runs", "3", "--seed", "11"]);
    expect(report.host.name).toBe("mcp-collide python-host");
    expect(report.transport).toBe("http");
    expect(wrong(report)).toEqual([]);
    // With three cases a clause may not judge every situation it is about: that is INCONCLUSIVE, never a
    // verdict about the host. Everything else passes.
    for (const clause of report.clauses) {
      if (clause.status === "inconclusive") expect(clause.reason, clause.id).toMatch(/were never judged/);
      else expect(["pass", "not-applicable"], clause.id).toContain(clause.status);
    }
    expect(report.clauses.filter((clause) => clause.status === "pass").length).toBeGreaterThanOrEqual(10);
  }, paced(90_000));

  it("speaks https with the run's CA (--https): its client verifies the certificate against tls.caFile alone", () => {
    const report = run(["--runs", "2", "--seed", "5", "--https", "--clause", "wire/passthrough"]);
    expect(report.transport).toBe("http");
    expect(wrong(report)).toEqual([]);
    expect(report.clauses.map((clause) => clause.status)).toEqual(["pass"]);
  }, paced(90_000));

  it("speaks stdio too: routing passes with servers it spawns", () => {
    const report = run(["--runs", "2", "--seed", "5", "--transport", "stdio", "--clause", "wire/passthrough"]);
    expect(report.transport).toBe("stdio");
    expect(wrong(report)).toEqual([]);
  }, paced(90_000));
});

