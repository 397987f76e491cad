/**
 * report.html in a real headless browser (Debian's Chromium): the page renders, the failing clause and its
 * world are in the DOM the browser built, host markup stays text, and a screenshot is non-trivial.
 * Skipped, saying so, where no Chromium is installed (harness/optional-installs.ts); CI installs it
 * (apt-get install -y chromium) and requires it (MCP_COLLIDE_REQUIRE_CHROMIUM=1).
 */
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { missingInstall, skipTitle } from "../optional-installs.ts";
import { dumpDom, findChromium, screenshot } from "./headless-chromium.ts";
import { renderHtml } from "./render-html.ts";
import { sampleReport } from "./sample-report.ts";
import { paced } from "../pace.ts";

const missing = missingInstall("chromium");

describe("report.html in Chromium", () => {
  it.skipIf(missing !== undefined)(skipTitle("report.html renders in a headless browser", missing), { timeout: paced(180_000) }, async () => {
    const chromium = findChromium()!;
    // Made inside the test, so a skipped run leaves no directory behind.
    const dir = await mkdtemp(join(tmpdir(), "mcp-collide-html-"));
    try {
      await check(chromium, dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** The sample report rendered in `chromium`: the DOM it built and a screenshot, written under `dir`. */
async function check(chromium: string, dir: string): Promise<void> {
  const html = join(dir, "report.html");
  await writeFile(html, renderHtml(sampleReport()));

  const dom = await dumpDom(chromium, html);
  expect(dom).toContain('id="clause-surface-no-silent-loss"');
  expect(dom).toMatch(/<div class="server[^"]*" data-server-key="alpha">/);
  expect(dom).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  expect(dom.match(/<script/g) ?? []).toHaveLength(0);

  const png = join(dir, "report.png");
  await screenshot(chromium, html, png);
  const bytes = await readFile(png);
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1280, 2000]);
  // A blank or error page compresses to a few kilobytes; a drawn report is far larger.
  expect((await stat(png)).size).toBeGreaterThan(40_000);
}
