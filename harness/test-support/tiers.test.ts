/**
 * The self-test's tiers (tiers.ts) hold: package.json runs them as the docs say, every test file is in one,
 * and no test doing heavy work (starting an agent CLI, a library host or a gateway, replaying a committed report,
 * measuring several seeds, a browser, a pack) escapes into `npm test`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../cli/builtin-host.ts";
import { heavyGlob, heavyTiers, tierOf, tierProblems, tierScripts, type TestFile } from "./tiers.ts";

/** Every test file of the repo, walked by hand so no node_modules (a host's own is a gigabyte) is listed. */
function testFiles(dir = packageRoot): TestFile[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry): TestFile[] => {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith(".test.ts") ? [{ path: relative(packageRoot, path), text: readFileSync(path, "utf8") }] : [];
  });
}

describe("the self-test's tiers", () => {
  it("are package.json's scripts, exactly: npm test excludes every heavy suffix, and each heavy tier has its command", () => {
    const { scripts } = JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as { scripts: Record<string, string> };
    for (const [name, command] of Object.entries(tierScripts())) expect(scripts[name], name).toBe(command);
    expect(scripts.test).toContain(heavyGlob);
    for (const { tier } of heavyTiers) expect(heavyGlob).toContain(tier);
  });

  it("put every test file in exactly one tier, and none doing heavy work in npm test", () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(100);
    expect(tierProblems(files)).toEqual([]);
    for (const { tier } of heavyTiers) expect(files.filter((file) => tierOf(file.path) === tier).length, tier).toBeGreaterThan(0);
  });

  it("catch a file that starts agent CLIs, a library host, a gateway or a browser, replays a report, runs the covering controls through the CLI or measures the answer key under a fast name", () => {
    const escaped: TestFile[] = [
      { path: "hosts/agent-clis/new-cli/new-cli.test.ts", text: 'const missing = missingInstall(`agent-cli:${id}`, "sandbox");' },
      { path: "hosts/agent-clis/drive.test.ts", text: 'await observe(adapter("agent-clis/codex", "--bin", bin), worlds);' },
      { path: "hosts/newlib/adapter.test.ts", text: 'import { adapter, observe } from "../test-support.ts";\nawait observe(adapter("newlib"), worlds);' },
      { path: "hosts/apart.test.ts", text: 'missingInstall("library-host:genkit")' },
      { path: "hosts/typecheck.test.ts", text: 'const missing = missingInstall(...hostRegistry.filter((entry) => entry.install === "folder").map((entry) => `library-host:${entry.id}` as const));' },
      { path: "hosts/gateways/new-gateway/new-gateway.test.ts", text: 'const missing = missingInstall("gateway:new-gateway", "sandbox");' },
      { path: "hosts/new-python/new-python.test.ts", text: 'const adapter = ["python3", "hosts/new-python/adapter.py"];' },
      { path: "hosts/replays.test.ts", text: "const committed = readCommitted(host.id);\nawait runClauses({ clauses });" },
      { path: "bench/more.test.ts", text: "await answerKeyAt([1, 2, 3]);" },
      { path: "harness/report/browser.test.ts", text: 'const missing = missingInstall("chromium");' },
      { path: "suites/pack.test.ts", text: 'await run("npm", ["pack", "--json"]);' },
      { path: "bench/one.test.ts", text: "await answerKeyAt([11]);" },
      { path: "suites/more-controls.test.ts", text: "const hosts = coveringHosts();" },
    ];
    expect(tierProblems(escaped)).toHaveLength(escaped.length);
  });

  it("catch a file in two tiers, and a heavy name on a file doing none of that tier's work", () => {
    expect(tierProblems([{ path: "hosts/x.hosts.test.ts", text: "expect(1).toBe(1);" }])).toEqual([expect.stringContaining("does none of its work")]);
    expect(tierProblems([{ path: "hosts/x.replay.test.ts.hosts.test.ts", text: 'missingInstall("library-host:genkit")' }])).toEqual([expect.stringContaining("in 2 tiers")]);
  });
});
