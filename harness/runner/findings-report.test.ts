/**
 * A report whose clauses carry several findings goes through everything that reads a report as one with a single
 * failing case did: the schema, writing and reading it back (its hash), every format, a baseline, a merge of
 * shards and the matrix; each finding has its own repro line, and the clause's own fields are its first finding's.
 */
import { rm } from "node:fs/promises";
import { PassThrough } from "node:stream";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { ownedTempDir } from "../../fake-servers/index.ts";
import { AdapterError } from "../adapter/adapter-error.ts";
import type { HostAdapter } from "../adapter/host-adapter.ts";
import { ConsoleReporter } from "../cli/console-reporter.ts";
import { CapabilitiesSchema, type InitializeResult } from "../protocol/initialize-result.ts";
import { applyBaseline, baselineOf } from "../report/baseline.ts";
import { readReport } from "../report/read-report.ts";
import { ReportSchema, type Report } from "../report/report-model.ts";
import { renderHtml } from "../report/render-html.ts";
import { renderJunit } from "../report/render-junit.ts";
import { renderMarkdown } from "../report/render-markdown.ts";
import { renderMatrixMarkdown } from "../report/render-matrix.ts";
import { writeReport } from "../report/write-report.ts";
import type { World } from "../world/world.ts";
import { defineClause } from "./clause.ts";
import type { HostLauncher } from "./host-launcher.ts";
import { mergeReports } from "./merge-reports.ts";
import { runClauses } from "./run-clauses.ts";
import { shardOf } from "./shard.ts";

// Owned: removed at exit even when a filtered run skips every test here (and afterAll with them).
const dir = ownedTempDir("mcp-collide-findings-").path;
afterAll(() => rm(dir, { recursive: true, force: true }));

const world = (name: string): World => ({
  servers: [{ key: "alpha", serverInfo: { name: "alpha", version: "1" }, tools: [{ name, inputSchema: { type: "object" } }], latency: { initialize: 0, toolsList: 0 }, unreachable: false }],
});

/** Fails on `one` and `three`, breaks the host on `four` (when `breaks`), holds elsewhere: no session is opened. */
const clause = (id: string, breaks: boolean) => defineClause({
  id, level: "MUST", summary: "holds", sources: [], requires: ["exact-duplicate"],
  arbitrary: () => fc.constantFrom("a", "b").map(world),
  coverage: () => ["one", "two", "three", "four"].map((name) => ({ hazard: "exact-duplicate", title: `case ${name}`, value: world(name) })),
  worlds: (value: World) => [value],
  async check(_env, value: World) {
    const name = value.servers[0]!.tools[0]!.name;
    if (breaks && name === "four") throw new AdapterError("crash", "adapter exited");
    return ["one", "three"].includes(name) ? { ok: false, expected: "no bug", observed: `bug in ${name}`, judged: ["exact-duplicate"] } : { ok: true, judged: ["exact-duplicate"] };
  },
});

const launcher: HostLauncher = {
  command: [], reproArgs: ["--host", "reference"], builtin: "reference",
  async launch() {
    const adapter = {
      initialize: async () => ({ protocolVersion: "1", host: { name: "test", version: "0" }, transports: ["memory"], capabilities: CapabilitiesSchema.parse({}) }) as InitializeResult,
      shutdown: async () => undefined,
    } as unknown as HostAdapter;
    return { adapter, broken: () => false, stderrTail: () => "", stop: async () => undefined };
  },
};

const run = (): Promise<Report> => runClauses({ clauses: [clause("test/failing", false), clause("test/breaking", true)], launcher, seed: 3, runs: 2, transport: "memory" });

describe("a report with findings", () => {
  it("keeps every failing case with its repro line, the clause's own fields being its first finding's", async () => {
    const report = await run();
    const [failing, breaking] = report.clauses;
    expect(failing!.findings!.map((finding) => [finding.case, finding.status, finding.observed, finding.path])).toEqual([[1, "fail", "bug in one", "0"], [3, "fail", "bug in three", "2"]]);
    expect(failing!.findings!.map((finding) => finding.repro)).toEqual([
      "npx mcp-collide run --clause test/failing --seed 3 --path 0 --transport memory --host reference",
      "npx mcp-collide run --clause test/failing --seed 3 --path 2 --transport memory --host reference",
    ]);
    expect(failing!.repro).toBe(failing!.findings![0]!.repro);
    expect(failing).toMatchObject({ path: "0", observed: "bug in one", counterexample: failing!.findings![0]!.counterexample });
    expect(breaking!.status).toBe("error");
    expect(breaking!.findings!.map((finding) => [finding.case, finding.status])).toEqual([[1, "fail"], [3, "fail"], [4, "error"]]);
    expect(report.exitCode).toBe(2);
    expect(ReportSchema.parse(report)).toEqual(report);
  });

  it("is written, read back (its hash checked), rendered in every format, baselined, merged from shards and put in a matrix", async () => {
    const report = await run();
    const read = await readReport(await writeReport(report, dir));
    expect(read.clauses.map((entry) => entry.findings?.length)).toEqual([2, 3]);
    for (const text of [renderMarkdown(read), renderJunit(read), renderHtml(read)]) expect(text).toContain("test/failing");
    const out = new PassThrough();
    let printed = "";
    out.on("data", (chunk) => (printed += String(chunk)));
    const reporter = new ConsoleReporter(out as unknown as NodeJS.WriteStream, {});
    for (const entry of read.clauses) reporter.end(entry);
    expect(printed).toMatch(/FAIL\s+test\/failing/);
    // A baseline lists the failing clause, never the broken one.
    const baselined = applyBaseline({ ...read, clauses: [read.clauses[0]!] }, baselineOf({ ...read, clauses: [read.clauses[0]!] }), false);
    expect(baselined.clauses[0]!.baseline).toBe("expected-failure");
    const ids = read.clauses.map((entry) => entry.id);
    const shards = [1, 2].map((index) => ({ ...read, shard: `${index}/2`, selection: ids, clauses: shardOf(read.clauses, { index, count: 2 }) }));
    const byId = (clauses: Report["clauses"]) => Object.fromEntries(clauses.map((entry) => [entry.id, entry.findings]));
    expect(byId(mergeReports(shards).clauses)).toEqual(byId(read.clauses));
    expect(renderMatrixMarkdown([read, read])).toContain("test/breaking");
  });
});
