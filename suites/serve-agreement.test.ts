/**
 * Serve mode agrees with the full run: built-in hosts, driven through HAP/1 by a small script that reads only
 * the generic mcpServers configuration `mcp-collide serve` prints (as a person copying it into an app would),
 * are judged from the served world's records, and every clause serve could judge (PASS, FAIL or WARN) agrees
 * with the answer key (suites/expected-failures.ts: what the full run of that host fails). Each one-bug host
 * here fails one of serve's clauses in the full run, so each comparison can fail both ways.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { builtinHostArgv, driveServedWorld, paced, servedDepartures, startServeProcess, type Report } from "../harness/index.ts";
import { expectedFailures } from "./expected-failures.ts";

const scratch = mkdtempSync(join(tmpdir(), "mcp-collide-serve-agreement-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Serves `world` (extra serve flags in `flags`), lets `host` use it, stops serve with SIGINT, and returns its report. */
async function served(host: string, world: string, flags: string[] = [], hold?: (stdout: (text: string) => Promise<void>) => Promise<void>): Promise<Report> {
  const out = join(scratch, `${host}-${world}`);
  const serve = await startServeProcess([world, "--out", out, "--app", host, ...flags]);
  try {
    await driveServedWorld(builtinHostArgv(host), serve.endpoints, { requestTimeoutMs: paced(30_000), ...(hold ? { hold: () => hold(serve.printed) } : {}) });
  } finally {
    const stopped = await serve.stop("SIGINT");
    expect(stopped.report, stopped.stderr).toBeDefined();
    serveReports.push(stopped.report!);
  }
  return serveReports.at(-1)!;
}
const serveReports: Report[] = [];

/** Every clause serve judged, with its verdict; the rest must be NOT-APPLICABLE or INCONCLUSIVE. */
const judged = (report: Report) => report.clauses.filter((clause) => ["pass", "fail", "warn"].includes(clause.status));

/** Departures from the answer key: the full run of `host` fails exactly the clauses the key lists, and passes the rest. */
const departures = (host: string, report: Report) => servedDepartures(report, (id) => ((expectedFailures[host] ?? []).includes(id) ? "fail" : "pass"));

// The list-changed bound serve is told, and how long the app stays after the notification: past that bound.
const bound = paced(1_500);
const afterNotify = (printed: (text: string) => Promise<void>) => printed("sent notifications/tools/list_changed").then(() => new Promise<void>((resolve) => setTimeout(resolve, bound + paced(500))));

describe("serve mode agrees with the full run", () => {
  it("a blind cursor follower fails failing-server-named from the records alone; the reference does not", async () => {
    const blind = await served("cursor-followed-blindly", "stuck-cursor");
    expect(judged(blind).map((clause) => `${clause.id} ${clause.status}`)).toEqual(["surface/failing-server-named fail"]);
    expect(departures("cursor-followed-blindly", blind)).toEqual([]);
    const reference = await served("reference", "stuck-cursor");
    expect(judged(reference)).toEqual([]);
    expect(reference.clauses.find((clause) => clause.id === "surface/failing-server-named")?.status).toBe("inconclusive");
  }, paced(120_000));

  it("a host that takes two keys of one launch command for one server fails identity-by-key over stdio", async () => {
    const deduping = await served("dedupes-by-command", "same-launch-command");
    expect(judged(deduping).map((clause) => `${clause.id} ${clause.status}`)).toEqual(["wire/identity-by-key fail"]);
    expect(departures("dedupes-by-command", deduping)).toEqual([]);
    const reference = await served("reference", "same-launch-command");
    expect(departures("reference", reference)).toEqual([]);
  }, paced(120_000));

  it("a host that keeps one connection per origin fails identity-by-key over HTTP", async () => {
    const origin = await served("one-connection-per-origin", "same-origin");
    expect(judged(origin).map((clause) => `${clause.id} ${clause.status}`)).toEqual(["wire/identity-by-key fail"]);
    expect(departures("one-connection-per-origin", origin)).toEqual([]);
  }, paced(120_000));

  it("a host that ignores list_changed warns on drift/list-changed; the reference re-lists", async () => {
    const flags = ["--list-changed-timeout", String(bound)];
    const ignoring = await served("list-changed-ignored", "list-changed", flags, afterNotify);
    expect(judged(ignoring).map((clause) => `${clause.id} ${clause.status}`)).toEqual(["drift/list-changed warn"]);
    expect(departures("list-changed-ignored", ignoring)).toEqual([]);
    const reference = await served("reference", "list-changed", flags, afterNotify);
    expect(judged(reference)).toEqual([]);
    expect(reference.clauses.find((clause) => clause.id === "drift/list-changed")?.reason).toMatch(/asked "alpha" for its list again/);
  }, paced(120_000));

  it("every served report says serve mode made it, and every clause it cannot judge says so", () => {
    expect(serveReports.length).toBeGreaterThanOrEqual(7);
    for (const report of serveReports) {
      expect(report.mode).toBe("serve");
      for (const clause of report.clauses.filter((candidate) => candidate.status === "not-applicable")) expect(clause.reason).toMatch(/^serve mode cannot see this/);
    }
  });
});
