/**
 * Files someone else made, second round (issue 29 item 3): a report re-sealed by whoever edited it (its hash
 * is no signature) cannot make repro start more servers, tools or bytes than a generated case holds; a
 * report, a baseline or an --emit target that is a FIFO or a device is bad usage at once, never a hang;
 * files are read with a byte cap; --trust-report-command takes the package's own files from the package,
 * never from the working directory; a report naming a built-in host replays that host whatever the flags.
 */
import { execFileSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, describe, expect, it, vi } from "vitest";
import { MAX_SERVERS_PER_WORLD, MAX_TOOLS_PER_SERVER } from "../arbitraries/world-bounds.ts";
import { contentSha256 } from "../report/content-hash.ts";
import { packageArgv, pathContext } from "../report/portable-path.ts";
import type { Report } from "../report/report-model.ts";
import { packageRoot } from "./builtin-host.ts";
import { main } from "./main.ts";
import { ownedTempDir } from "../../fake-servers/index.ts";
import { paced } from "../pace.ts";

// Owned: removed at exit even when a filtered run skips every test here (and afterAll with them).
const dir = ownedTempDir("mcp-collide-untrusted-").path;
afterAll(() => rm(dir, { recursive: true, force: true }));

const clause = "names/injective";
const example: Report = JSON.parse(await readFile(join(packageRoot, "reports/examples/last-wins/report.json"), "utf8"));
const fifo = join(dir, "fifo.json");
execFileSync("mkfifo", [fifo]);

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

/** `report` written and sealed as anyone can (the hash is a check, not a signature). */
async function sealed(name: string, report: Report): Promise<string> {
  const file = join(dir, `${name}.json`);
  const { contentSha256: _old, ...rest } = report;
  await writeFile(file, JSON.stringify({ ...rest, contentSha256: contentSha256(rest as Report) }));
  return file;
}

/** The example with names/injective's counterexample world replaced by `servers`. */
function withWorld(servers: unknown[]): Report {
  return { ...example, clauses: example.clauses.map((entry) => (entry.id === clause ? { ...entry, counterexample: { ...entry.counterexample!, value: { servers } } } : entry)) };
}

const first = (example.clauses.find((entry) => entry.id === clause)!.counterexample!.value as { servers: Array<{ tools: Array<{ name: string }> }> }).servers[0]!;

describe("a replayed world is bounded as generated worlds are", () => {
  it("a re-sealed report with too many servers, tools or bytes is bad usage, and nothing starts", { timeout: paced(60_000) }, async () => {
    const many = Array.from({ length: MAX_SERVERS_PER_WORLD * 5 }, (_, at) => ({ ...first, key: `k${at}`, serverInfo: { name: `k${at}`, version: "1" } }));
    const crowded = [{ ...first, tools: Array.from({ length: MAX_TOOLS_PER_SERVER + 72 }, (_, at) => ({ ...first.tools[0]!, name: `t${at}` })) }];
    const heavy = [{ ...first, tools: [{ ...first.tools[0]!, description: "x".repeat(600_000) }] }];
    for (const [name, servers, message] of [["servers", many, /40 servers, more than the 8/], ["tools", crowded, /200 tools, more than the 128/], ["bytes", heavy, /bytes as JSON, more than/]] as const) {
      const result = await cli("repro", await sealed(`bounded-${name}`, withWorld(servers)), "--clause", clause);
      expect(result.code, name).toBe(2);
      expect(result.out, name).toMatch(message);
      expect(result.out, name).toMatch(/nothing was started/);
      expect(result.out, name).not.toMatch(/against last-wins/);
    }
  });
});

describe("reports, baselines and --emit targets are regular files, read with a cap", () => {
  it("a FIFO or a device is bad usage at once for repro, matrix, merge and run --baseline", { timeout: paced(30_000) }, async () => {
    for (const argv of [["repro", fifo, "--clause", clause], ["matrix", fifo], ["merge", fifo, "--out", join(dir, "m")], ["repro", "/dev/zero"],
      ["run", "--baseline", fifo, "--clause", clause, "--out", join(dir, "r")]]) {
      const result = await cli(...argv);
      expect(result.code, argv.join(" ")).toBe(2);
      expect(result.out, argv.join(" ")).toMatch(/it is a (FIFO|device), not a regular file/);
    }
  });

  it("a baseline over the cap is refused, whatever it holds", { timeout: paced(30_000) }, async () => {
    const big = join(dir, "big-baseline.json");
    await writeFile(big, `{"expectedFailures": []${" ".repeat(2 * 1024 * 1024)}}`);
    const result = await cli("run", "--baseline", big, "--clause", clause, "--out", join(dir, "r2"));
    expect(result.code).toBe(2);
    expect(result.out).toMatch(/more than the 1048576 (bytes )?allowed/);
  });

  it("--emit naming a FIFO is bad usage before anything runs, and the FIFO is left alone", { timeout: paced(30_000) }, async () => {
    const target = join(dir, "emit-fifo.test.ts");
    execFileSync("mkfifo", [target]);
    const result = await cli("repro", join(packageRoot, "reports/examples/last-wins/report.json"), "--clause", clause, "--emit", target);
    expect(result.code).toBe(2);
    expect(result.out).toMatch(/--emit .* is a FIFO, not a regular file/);
    expect(statSync(target).isFIFO()).toBe(true);
  });
});

describe("whose command --trust-report-command runs", () => {
  it("a report naming a built-in host replays that host, even with --trust-report-command", { timeout: paced(120_000) }, async () => {
    const marker = join(dir, "pwned-builtin-trusted");
    const evil = await sealed("builtin-trusted", { ...example, hostCommand: ["sh", "-c", `touch ${marker}; exec false`] });
    const result = await cli("repro", evil, "--clause", clause, "--trust-report-command");
    expect(existsSync(marker)).toBe(false);
    expect(result.out).toMatch(/names the built-in host last-wins: replaying it/);
    expect(result.code).toBe(1);
  });

  it("takes node, tsx and the package's own files from the package, never from the working directory", () => {
    const context = pathContext();
    const argv = packageArgv(["node", "--import", "tsx", "reference/main.ts", "--bug", "last-wins", "my-adapter.js"], context);
    expect(argv).toEqual([process.execPath, "--import", context.tsxLoader, join(packageRoot, "reference/main.ts"), "--bug", "last-wins", "my-adapter.js"]);
    expect(packageArgv(["node", "../reference/main.ts"], context)[1]).toBe("../reference/main.ts");
  });

  it("a planted reference/main.ts and node_modules/tsx in the working directory are never run", { timeout: paced(180_000) }, async () => {
    const planted = join(dir, "planted");
    const marker = join(dir, "pwned-planted");
    await mkdir(join(planted, "reference"), { recursive: true });
    await mkdir(join(planted, "node_modules", "tsx"), { recursive: true });
    const payload = `import { writeFileSync } from "node:fs"; writeFileSync(${JSON.stringify(marker)}, "ran"); process.exit(0);\n`;
    await writeFile(join(planted, "reference", "main.ts"), payload);
    await writeFile(join(planted, "node_modules", "tsx", "package.json"), JSON.stringify({ name: "tsx", type: "module", exports: "./index.js" }));
    await writeFile(join(planted, "node_modules", "tsx", "index.js"), payload);
    const { builtinHost: _builtin, ...external } = example;
    const report = await sealed("package-files", { ...external, hostCommand: ["node", "--import", "tsx", "reference/main.ts", "--bug", "last-wins"] } as Report);
    const result = await execa(process.execPath, [join(packageRoot, "harness/bin/mcp-collide.js"), "repro", report, "--clause", clause, "--trust-report-command"], { cwd: planted, reject: false, all: true });
    expect(existsSync(marker), result.all).toBe(false);
    expect(result.exitCode, result.all).toBe(1);
    expect(result.all).toMatch(/reproduced/);
  });
});

describe("merge", () => {
  it("says that it re-seals", { timeout: paced(60_000) }, async () => {
    const result = await cli("merge", join(packageRoot, "reports/examples/last-wins/report.json"), "--out", join(dir, "merged"));
    expect(result.out).toMatch(/re-sealed: each shard matched its own contentSha256; the merged report's is new, [0-9a-f]{64}/);
  });
});
