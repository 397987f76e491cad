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
import { builtinHostArgv, hapLauncher, paced, startServeProcess, type Report, type ServedEndpoint } from "../harness/index.ts";
import { expectedFailures } from "./expected-failures.ts";

const scratch = mkdtempSync(join(tmpdir(), "mcp-collide-serve-agreement-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/**
 * What a person does in the app: open the configured servers, read the list, call every tool once, and (for a
 * world that changes) stay until `hold` resolves, reading the list again; then close.
 */
async function drive(host: string, endpoints: readonly ServedEndpoint[], hold?: () => Promise<void>): Promise<void> {
  const handle = await hapLauncher({ argv: builtinHostArgv(host), requestTimeoutMs: paced(30_000) }, [], host).launch();
  try {
    await handle.adapter.initialize();
    const { session } = await handle.adapter.open({ servers: endpoints.map(({ key, transport }) => ({ key, transport })) });
    const { tools } = await handle.adapter.tools(session);
    for (const tool of tools) await (tool.namespace === undefined ? handle.adapter.call(session, tool.name, { probe: "by-hand" }) : handle.adapter.call(session, tool.name, { probe: "by-hand" }, tool.namespace));
    if (hold) {
      await hold();
      await handle.adapter.tools(session);
    }
    await handle.adapter.close(session);
  } finally {
    await handle.stop();
  }
}

/** Serves `world` (extra serve flags in `flags`), lets `host` use it, stops serve with SIGINT, and returns its report. */
async function served(host: string, world: string, flags: string[] = [], hold?: (stdout: (text: string) => Promise<void>) => Promise<void>): Promise<Report> {
  const out = join(scratch, `${host}-${world}`);
  const serve = await startServeProcess([world, "--out", out, "--app", host, ...flags]);
  try {
    await drive(host, serve.endpoints, hold && (() => hold(serve.printed)));
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

/** Departures from the answer key: a clause serve failed that the full run passes, or passed that it fails. */
function departures(host: string, report: Report): string[] {
  const key = new Set(expectedFailures[host] ?? []);
  return judged(report).flatMap((clause) => {
    const failed = clause.status === "fail" || clause.status === "warn";
    return failed === key.has(clause.id) ? [] : [`${clause.id}: serve ${clause.status.toUpperCase()}, the full run ${key.has(clause.id) ? "fails" : "passes"} it (${clause.reason})`];
  });
}

// The list-changed bound serve is told, and how long the app stays after the notification: past that bound.
const bound = paced(3_000);
const afterNotify = (printed: (text: string) => Promise<void>) => printed("sent notifications/tools/list_changed").then(() => new Promise<void>((resolve) => setTimeout(resolve, bound + paced(1_000))));

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
    const deduping = await served("dedupes-by-command", "two-servers");
    expect(judged(deduping).map((clause) => `${clause.id} ${clause.status}`)).toEqual(["wire/identity-by-key fail"]);
    expect(departures("dedupes-by-command", deduping)).toEqual([]);
    const reference = await served("reference", "two-servers");
    expect(departures("reference", reference)).toEqual([]);
  }, paced(120_000));

  it("a host that keeps one connection per origin fails identity-by-key over HTTP", async () => {
    const origin = await served("one-connection-per-origin", "two-servers", ["--transport", "http"]);
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
