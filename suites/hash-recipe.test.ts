/**
 * docs/ci.md tells a reader how to verify a report's contentSha256 with jq alone. That recipe is the only
 * check most readers will run, so it is run here, exactly as the document prints it, on every committed
 * report (reports/*.json, reports/examples/<name>/report.json): it must match each one, and must refuse a
 * copy whose verdict or diagnostics (where the outbound attempts live) were edited.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { missingInstall, skipTitle, paced } from "../harness/index.ts";
import { ownedTempDir } from "../fake-servers/index.ts";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const missing = missingInstall("jq");

/** The recipe: the sh block of docs/ci.md that calls jq, with its first line naming the file. */
function recipe(): string {
  const doc = readFileSync(join(root, "docs", "ci.md"), "utf8");
  const block = [...doc.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!).find((text) => text.includes("jq -cS"));
  if (!block) throw new Error("docs/ci.md has no sh block with the jq recipe");
  if (!/^f=\S+\n/.test(block)) throw new Error("the recipe must start with f=FILE, naming the report it checks");
  return block.replace(/^f=\S+\n/, "");
}

/** Runs the recipe on `file`; true when it says the hash matches. */
function verifies(file: string): boolean {
  const result = spawnSync("sh", ["-c", `f="$1"\n${recipe()}`, "sh", file], { encoding: "utf8", timeout: paced(60_000) });
  return result.status === 0 && result.stdout.includes("contentSha256 matches");
}

const committed = [
  ...readdirSync(join(root, "reports")).filter((name) => name.endsWith(".json") && name !== "report.schema.json").map((name) => join("reports", name)),
  ...readdirSync(join(root, "reports", "examples"), { withFileTypes: true }).filter((entry) => entry.isDirectory())
    .map((entry) => join("reports", "examples", entry.name, "report.json")).filter((file) => existsSync(join(root, file))),
];

// Owned: removed at exit even when a filtered run skips every test here (and afterAll with them).
const scratch = ownedTempDir("mcp-collide-hash-recipe-").path;
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe("docs/ci.md's jq recipe for contentSha256", () => {
  it("finds the committed reports, the agent CLI reports with diagnostics among them", () => {
    expect(committed.length).toBeGreaterThan(10);
    expect(committed.some((file) => JSON.parse(readFileSync(join(root, file), "utf8")).diagnostics !== undefined)).toBe(true);
  });

  it.skipIf(missing !== undefined)(skipTitle("verifies every committed report", missing), { timeout: paced(180_000) }, () => {
    const failed = committed.filter((file) => !verifies(join(root, file)));
    expect(failed, `the recipe does not match these reports: run npm run reports:reseal, or fix the recipe`).toEqual([]);
  });

  it.skipIf(missing !== undefined)(skipTitle("refuses a report whose verdict or diagnostics were edited", missing), { timeout: paced(60_000) }, () => {
    const withDiagnostics = committed.find((file) => JSON.parse(readFileSync(join(root, file), "utf8")).diagnostics !== undefined)!;
    const report = JSON.parse(readFileSync(join(root, withDiagnostics), "utf8"));
    const edited = join(scratch, "diagnostics.json");
    writeFileSync(edited, JSON.stringify({ ...report, diagnostics: [] }));
    expect(verifies(edited)).toBe(false);
    const flipped = join(scratch, "verdict.json");
    writeFileSync(flipped, JSON.stringify({ ...report, clauses: report.clauses.map((clause: { status: string }, index: number) => (index === 0 ? { ...clause, status: clause.status === "pass" ? "fail" : "pass" } : clause)) }));
    expect(verifies(flipped)).toBe(false);
    // The same content re-serialised (another key order, no indentation) still verifies: the recipe canonicalises.
    const compact = join(scratch, "compact.json");
    writeFileSync(compact, JSON.stringify(Object.fromEntries(Object.entries(report).reverse())));
    expect(verifies(compact)).toBe(true);
    expect(execFileSync("jq", ["-r", ".contentSha256", compact], { encoding: "utf8" }).trim()).toBe(report.contentSha256);
  });
});
