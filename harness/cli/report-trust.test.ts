/**
 * A report read from disk is untrusted input. `repro`, `matrix` and `merge` verify its content hash (which
 * covers the host command) and refuse an edited or malformed report as bad usage (exit 2), never blaming the
 * host; `repro` never runs a command taken from a file unless told to with --trust-report-command, and
 * replays a report made elsewhere with the host command given after `--`.
 */
import { existsSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { contentSha256 } from "../report/content-hash.ts";
import type { Report } from "../report/report-model.ts";
import { builtinHostArgv } from "./builtin-host.ts";
import { main } from "./main.ts";
import { ownedTempDir } from "../../fake-servers/index.ts";
import { paced } from "../pace.ts";

// Owned: removed at exit even when a filtered run skips every test here (and afterAll with them).
const dir = ownedTempDir("mcp-collide-trust-").path;
afterAll(() => rm(dir, { recursive: true, force: true }));

const clause = "names/injective";
let original: Report;

/** Runs the CLI in-process, capturing what it prints. */
async function cli(...argv: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((out += String(chunk)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((out += String(chunk)), true));
  try {
    return { code: await main(argv), out };
  } finally {
    vi.restoreAllMocks();
  }
}

/** Writes `report` as a file; `seal` recomputes its hash as anyone can (the hash is no signature). */
async function saved(name: string, report: Report, seal: boolean): Promise<string> {
  const file = join(dir, `${name}.json`);
  const { contentSha256: _old, ...rest } = report;
  await writeFile(file, JSON.stringify(seal ? { ...rest, contentSha256: contentSha256(rest as Report) } : report));
  return file;
}

beforeAll(async () => {
  expect((await cli("run", "--host", "last-wins", "--clause", clause, "--runs", "3", "--seed", "1", "--workers", "1", "--out", join(dir, "run"))).code).toBe(1);
  original = JSON.parse(await readFile(join(dir, "run", "report.json"), "utf8"));
}, paced(240_000));

describe("reports read from disk", () => {
  it("repro never runs a host command taken from the report, even one with a valid hash", { timeout: paced(120_000) }, async () => {
    const marker = join(dir, "pwned");
    const { builtinHost: _builtin, ...external } = original as Report & { builtinHost?: string };
    const evil = await saved("evil", { ...external, hostCommand: ["sh", "-c", `touch ${marker}; exec false`] }, true);
    const result = await cli("repro", evil, "--clause", clause);
    expect(result.code).toBe(2);
    expect(existsSync(marker)).toBe(false);
    expect(result.out).toMatch(/never runs a command taken from a file/);
    expect(result.out).toMatch(/-- <your host command>/);
    expect(result.out).toMatch(/--trust-report-command/);
  });

  it("a built-in host's report replays that host, whatever hostCommand says", async () => {
    const marker = join(dir, "pwned-builtin");
    const evil = await saved("evil-builtin", { ...original, hostCommand: ["sh", "-c", `touch ${marker}; exec false`] }, true);
    const result = await cli("repro", evil, "--clause", clause);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/reproduced/);
    expect(existsSync(marker)).toBe(false);
  }, paced(120_000));

  it("replays a report made on another machine with the host command given after --", async () => {
    const { builtinHost: _builtin, ...external } = original as Report & { builtinHost?: string };
    const elsewhere = await saved("elsewhere", { ...external, hostCommand: ["node", "~/work/my-adapter.js"] }, true);
    const result = await cli("repro", elsewhere, "--clause", clause, "--", ...builtinHostArgv("last-wins"));
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/reproduced/);
  }, paced(120_000));

  it("runs the report's own command only with --trust-report-command, and says so first", async () => {
    const { builtinHost: _builtin, ...external } = original as Report & { builtinHost?: string };
    const recorded = await saved("recorded", { ...external, hostCommand: ["node", "--import", "tsx", "reference/main.ts", "--bug", "last-wins"] }, true);
    const result = await cli("repro", recorded, "--clause", clause, "--trust-report-command");
    expect(result.out).toMatch(/running the host command recorded in the report \(--trust-report-command\): node --import tsx reference\/main\.ts --bug last-wins/);
    expect(result.code).toBe(1);
  }, paced(120_000));

  it("refuses a report edited after it was written (seed, world or host command) in repro, matrix and merge, as bad usage", { timeout: paced(120_000) }, async () => {
    const edits: Array<[string, Report]> = [
      ["seed", { ...original, seed: original.seed + 1 }],
      ["command", { ...original, hostCommand: ["sh", "-c", "exit 0"] }],
      ["world", { ...original, clauses: original.clauses.map((entry) => ({ ...entry, counterexample: entry.counterexample && { ...entry.counterexample, value: { junk: true } } })) }],
    ];
    for (const [name, report] of edits) {
      const file = await saved(`edited-${name}`, report, false);
      for (const argv of [["repro", file, "--clause", clause], ["matrix", file], ["merge", file, "--out", join(dir, `merged-${name}`)]]) {
        const result = await cli(...argv);
        expect(result.code, `${argv[0]} ${name}`).toBe(2);
        expect(result.out, `${argv[0]} ${name}`).toMatch(/does not match its contentSha256/);
        expect(result.out).not.toMatch(/host broke/);
      }
    }
  });

  it("refuses a report with no hash, one that is not JSON and one that is no report", { timeout: paced(120_000) }, async () => {
    const { contentSha256: _hash, ...unsealed } = original;
    const files = [
      [await saved("unsealed", unsealed as Report, false), /no contentSha256/],
      [join(dir, "junk.json"), /not JSON/],
      [await saved("other", { hello: "world" } as unknown as Report, false), /not an mcp-collide report/],
    ] as const;
    await writeFile(join(dir, "junk.json"), "{ nope");
    for (const [file, message] of files) {
      for (const argv of [["repro", file, "--clause", clause], ["matrix", file]]) {
        const result = await cli(...argv);
        expect(result.code).toBe(2);
        expect(result.out).toMatch(message);
      }
    }
  });

  it("a junk counterexample with a recomputed hash is bad usage, never blamed on the host", { timeout: paced(120_000) }, async () => {
    const junk = await saved("junk-value", {
      ...original, clauses: original.clauses.map((entry) => ({ ...entry, counterexample: entry.counterexample && { ...entry.counterexample, value: { world: { servers: 5 } } } })),
    }, true);
    const result = await cli("repro", junk, "--clause", clause);
    expect(result.code).toBe(2);
    expect(result.out).toMatch(/counterexample .* is not a case of names\/injective/);
    expect(result.out).not.toMatch(/host broke/);
  });
});
