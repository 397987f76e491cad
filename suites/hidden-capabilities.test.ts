/**
 * An adapter that declares fewer capabilities than its host has turns the clauses that need them into
 * NOT_APPLICABLE; a run cannot tell that from a host that lacks them. So the report says which capability
 * each such clause lacked and how the adapter declared it (named false: declared absent; not named: not
 * declared), the badge counts the MUST clauses that did not apply, and `--require CAP` turns a clause left
 * NOT_APPLICABLE for want of CAP into a failure (exit 1). Through the CLI, on the reference host behind an
 * adapter that hides every capability (test-support/hiding-reference.ts).
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ownedTempDir } from "../fake-servers/index.ts";
import { badgeSvg, packageRoot, tsxNodeArgv, type Report, paced } from "../harness/index.ts";

const dir = ownedTempDir("mcp-collide-hidden-");
afterAll(() => dir.release());

const adapter = [...tsxNodeArgv(), join(packageRoot, "suites/test-support/hiding-reference.ts")];
/** A clause per capability it needs, and one that needs none. */
const needing = {
  "drift/refresh-tracks-list": "refresh", "drift/pin-holds-changes": "pins", "drift/list-changed": "listChanged", "guard/every-shape": "registerLocal",
  "guard/local-occupant": "localTools", "options/keyed-by-wire": "requestSchemas", "surface/allow-deny": "allowDeny",
} as const;

/** Runs the clauses above and surface/empty-server-ok against the hiding adapter; the exit code, stderr and report. */
function run(name: string, ...extra: string[]): { code: number | null; stderr: string; report?: Report } {
  const clauses = [...Object.keys(needing), "surface/empty-server-ok"].flatMap((id) => ["--clause", id]);
  const out = join(dir.path, name);
  const cli = join(packageRoot, "harness/bin/mcp-collide.js");
  const result = spawnSync(process.execPath, [cli, "run", ...clauses, "--runs", "1", "--seed", "1", "--workers", "1", "--out", out, ...extra, "--", ...adapter], {
    encoding: "utf8", timeout: paced(110_000), env: { ...process.env, NO_COLOR: "1" },
  });
  const { status: code, stderr } = result;
  let report: Report | undefined;
  try {
    report = JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as Report;
  } catch {
    report = undefined;
  }
  return { code, stderr, report };
}

describe("capabilities an adapter does not declare", () => {
  it("are named per NOT_APPLICABLE clause, declared absent apart from not declared, and counted on the badge", () => {
    const { code, report } = run("hidden");
    expect(code).toBe(0);
    const byId = Object.fromEntries(report!.clauses.map((clause) => [clause.id, clause]));
    for (const [id, capability] of Object.entries(needing)) {
      expect(byId[id], id).toMatchObject({ status: "not-applicable", capability });
      expect(byId[id]!.reason, id).toContain(capability === "refresh" || capability === "pins" ? `declared absent: the adapter names ${capability}` : `not declared: the adapter's initialize does not name ${capability}`);
    }
    expect(byId["surface/empty-server-ok"]).toMatchObject({ status: "pass" });
    expect(byId["surface/empty-server-ok"]!.capability).toBeUndefined();
    expect(report!.capabilityDeclarations).toEqual({
      refresh: "declared-absent", pins: "declared-absent", listChanged: "not-declared", localTools: "not-declared", registerLocal: "not-declared",
      requestSchemas: "not-declared", allowDeny: "not-declared",
    });
    const mustNotApplicable = report!.clauses.filter((clause) => clause.level === "MUST" && clause.status === "not-applicable").length;
    expect(badgeSvg(report!, "hiding")).toContain(`MUST 1/1 · ${mustNotApplicable} N/A`);
  }, paced(120_000));

  it("fail the clauses that need them under --require, which the repro line repeats; the others stay NOT_APPLICABLE", () => {
    const { code, report } = run("required", "--require", "refresh", "--require", "listChanged");
    expect(code).toBe(1);
    const byId = Object.fromEntries(report!.clauses.map((clause) => [clause.id, clause]));
    expect(byId["drift/refresh-tracks-list"]).toMatchObject({ status: "fail", capability: "refresh" });
    expect(byId["drift/refresh-tracks-list"]!.reason).toMatch(/^--require refresh: the host was said to have it, but the host does not declare refresh/);
    expect(byId["drift/refresh-tracks-list"]!.repro).toContain("--require refresh --require listChanged");
    expect(byId["drift/list-changed"]).toMatchObject({ status: "fail", capability: "listChanged" });
    expect(byId["drift/pin-holds-changes"]).toMatchObject({ status: "not-applicable", capability: "pins" });
    expect(report!.requiredCapabilities).toEqual(["refresh", "listChanged"]);
  }, paced(120_000));

  it("refuses --require naming no capability a clause can need (exit 2)", () => {
    const { code, stderr } = run("unknown", "--require", "teleport");
    expect(code).toBe(2);
    expect(stderr).toContain("a capability a clause can need: refresh, listChanged, localTools, registerLocal, requestSchemas, pins, allowDeny");
  }, paced(60_000));
});
