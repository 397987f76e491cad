/**
 * report.html in a real headless browser (Debian's Chromium): the page renders, the failing clause and its
 * world are in the DOM the browser built, host markup stays text, and a screenshot is non-trivial.
 * Skipped, saying so, where no Chromium is installed (CI installs it: apt-get install -y chromium).
 */
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { dumpDom, findChromium, screenshot } from "./headless-chromium.ts";
import { renderHtml } from "./render-html.ts";
import { sampleReport } from "./sample-report.ts";

const chromium = await findChromium();
if (!chromium) console.warn("render-html.chromium.test.ts: no chromium on PATH; the browser check is SKIPPED (Debian: apt-get install -y chromium)");
const dir = await mkdtemp(join(tmpdir(), "mcp-collide-html-"));
afterAll(() => rm(dir, { recursive: true, force: true }));

const title = chromium
  ? `report.html renders in ${chromium}`
  : "report.html in a headless browser: SKIPPED, no chromium on PATH (Debian: apt-get install -y chromium, or set CHROMIUM)";

describe("report.html in Chromium", () => {
  it.skipIf(!chromium)(title, { timeout: 180_000 }, async () => {
    const html = join(dir, "report.html");
    await writeFile(html, renderHtml(sampleReport()));

    const dom = await dumpDom(chromium!, html);
    expect(dom).toContain('id="clause-surface-no-silent-loss"');
    expect(dom).toMatch(/<div class="server[^"]*" data-server-key="alpha">/);
    expect(dom).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(dom.match(/<script/g) ?? []).toHaveLength(0);

    const png = join(dir, "report.png");
    await screenshot(chromium!, html, png);
    const bytes = await readFile(png);
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1280, 2000]);
    // A blank or error page compresses to a few kilobytes; a drawn report is far larger.
    expect((await stat(png)).size).toBeGreaterThan(40_000);
  });
});
