import { rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ownedTempDir } from "../../fake-servers/index.ts";
import { withDefects } from "./group-defects.ts";
import { readReport } from "./read-report.ts";
import { sampleReport } from "./sample-report.ts";
import { sealReport } from "./write-report.ts";

// Owned: removed at exit even when a filtered run skips every test here (and afterAll with them).
const dir = ownedTempDir("mcp-collide-read-report-").path;
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("readReport, on a report with defects", () => {
  const sealed = sealReport(withDefects(sampleReport()));
  const write = async (name: string, value: unknown) => {
    const file = join(dir, name);
    await writeFile(file, JSON.stringify(value));
    return file;
  };

  it("reads back the defects and each finding's defect as written", async () => {
    const read = await readReport(await write("sealed.json", sealed));
    expect(read.defects).toEqual(sealed.defects);
    expect(read.clauses.flatMap((clause) => clause.findings ?? []).map((finding) => finding.defect)).toEqual(["D2", "D3"]);
  });

  it("refuses a report whose defects were edited after it was written, and one whose defect ids are not D1, D2 …", async () => {
    const edited = { ...sealed, defects: sealed.defects!.map((defect, index) => (index === 0 ? { ...defect, title: "nothing to see" } : defect)) };
    await expect(readReport(await write("edited.json", edited))).rejects.toThrow(/does not match its contentSha256/);
    const renamed = { ...sealed, defects: sealed.defects!.map((defect) => ({ ...defect, id: `<b>${defect.id}` })) };
    await expect(readReport(await write("renamed.json", renamed))).rejects.toThrow(/is not an mcp-collide report.json/);
  });
});
