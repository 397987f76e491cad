/**
 * The committed compliance site (reports/site/, kept current by hosts/site.test.ts) in a real headless
 * browser: every page loads with no script error and no CSP violation, every request it makes is a file
 * of the checkout (anything else is blocked and fails the test), every link reaches a file that exists and
 * every #anchor an element of its page, the overview's filter hides and fades what it should, and the
 * committed screenshot (`npm run site -- --screenshot`) is a PNG. Skipped, saying so, without Chromium.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../cli/builtin-host.ts";
import { missingInstall, skipTitle } from "../optional-installs.ts";
import { findChromium } from "../report/headless-chromium.ts";
import { listFiles, SCREENSHOT } from "./build-site.ts";
import { ChromiumPipe } from "./chromium-pipe.ts";
import { paced } from "../pace.ts";

const site = join(packageRoot, "reports", "site");
const missing = missingInstall("chromium");

/** What a page shows the test, read in the page. */
interface PageFacts {
  title: string;
  main: number;
  links: string[];
  ids: string[];
}

const READ = `JSON.stringify({ title: document.title, main: document.querySelectorAll("main").length,
  links: [...document.querySelectorAll("a[href]")].map((a) => a.href), ids: [...document.querySelectorAll("[id]")].map((e) => e.id) })`;

describe("the compliance site in Chromium", () => {
  it.skipIf(missing !== undefined)(skipTitle("every page renders, every link and anchor resolves, nothing leaves the checkout", missing), { timeout: paced(180_000) }, async () => {
    const browser = ChromiumPipe.start(findChromium()!);
    try {
      const session = await browser.newPage();
      const requests: string[] = [];
      const problems: string[] = [];
      browser.onEvent(({ method, params, sessionId }) => {
        if (sessionId !== session) return;
        if (method === "Network.requestWillBeSent") requests.push((params.request as { url: string }).url);
        if (method === "Fetch.requestPaused") {
          const url = (params.request as { url: string }).url;
          const local = url.startsWith("file:") || url.startsWith("data:");
          if (!local) problems.push(`blocked request ${url}`);
          void browser.send(local ? "Fetch.continueRequest" : "Fetch.failRequest", local ? { requestId: params.requestId } : { requestId: params.requestId, errorReason: "BlockedByClient" }, session);
        }
        if (method === "Runtime.exceptionThrown") problems.push(`exception ${JSON.stringify(params.exceptionDetails)}`);
        if (method === "Log.entryAdded" || method === "Runtime.consoleAPICalled") problems.push(`console ${JSON.stringify(params).slice(0, 300)}`);
      });
      for (const domain of ["Page", "Network", "Runtime", "Log"]) await browser.send(`${domain}.enable`, {}, session);
      await browser.send("Fetch.enable", { patterns: [{ urlPattern: "*" }] }, session);

      const pages = listFiles(site).filter((path) => path.endsWith(".html"));
      expect(pages.length).toBeGreaterThan(20);
      const facts = new Map<string, PageFacts>();
      for (const page of pages) {
        const url = pathToFileURL(join(site, page)).href;
        const loaded = browser.waitFor("Page.loadEventFired", session);
        await browser.send("Page.navigate", { url }, session);
        await loaded;
        const { result } = await browser.send("Runtime.evaluate", { expression: READ, returnByValue: true }, session) as { result: { value: string } };
        facts.set(url, JSON.parse(result.value) as PageFacts);
        if (page === "index.html") problems.push(...await checkFilter(browser, session));
      }

      for (const [url, page] of facts) {
        if (!page.title || page.main !== 1) problems.push(`${url} did not render (title ${JSON.stringify(page.title)})`);
        for (const link of page.links) {
          if (!link.startsWith("file:")) {
            problems.push(`${url} links outside the checkout: ${link}`);
            continue;
          }
          const [target, fragment] = link.split("#") as [string, string | undefined];
          if (!existsSync(fileURLToPath(target))) problems.push(`${url} links to a missing file: ${link}`);
          else if (fragment && target.endsWith(".html") && !facts.get(target)?.ids.includes(decodeURIComponent(fragment))) problems.push(`${url} links to a missing anchor: ${link}`);
        }
      }
      for (const request of requests) if (!request.startsWith(pathToFileURL(site).href) && !request.startsWith("data:")) problems.push(`request outside the site: ${request}`);
      expect(problems).toEqual([]);
      // Every page was fetched from the site and from nowhere else.
      expect(requests.filter((request) => request.endsWith(".html")).length).toBe(pages.length);
    } finally {
      await browser.close();
    }
  });

  it("the overview's screenshot is committed (npm run site -- --screenshot)", () => {
    const png = readFileSync(join(site, SCREENSHOT));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    // A blank or error page compresses to a few kilobytes; the drawn grid is far larger.
    expect(png.length).toBeGreaterThan(40_000);
  });
});

/** The overview's filter: the level select hides the other level's columns, the status select fades the other cells. */
async function checkFilter(browser: ChromiumPipe, session: string): Promise<string[]> {
  const probe = `(() => {
    const pick = (id, value) => { const s = document.getElementById(id); s.value = value; s.dispatchEvent(new Event("change")); };
    const shown = (selector) => getComputedStyle(document.querySelector(selector)).display !== "none";
    const before = [document.getElementById("filters").hidden, shown("th.lvl-SHOULD"), shown("th.lvl-MUST")];
    pick("level", "MUST");
    const must = [shown("th.lvl-SHOULD"), shown("th.lvl-MUST")];
    pick("level", ""); pick("status", "fail");
    const faded = [getComputedStyle(document.querySelector("td.cell.s-pass")).opacity, getComputedStyle(document.querySelector("td.cell.s-fail")).opacity];
    pick("status", "");
    return JSON.stringify({ before, must, faded });
  })()`;
  const { result } = await browser.send("Runtime.evaluate", { expression: probe, returnByValue: true }, session) as { result: { value: string } };
  const seen = JSON.parse(result.value) as { before: boolean[]; must: boolean[]; faded: string[] };
  const expected = { before: [false, true, true], must: [false, true], faded: ["0.12", "1"] };
  return JSON.stringify(seen) === JSON.stringify(expected) ? [] : [`the overview's filter: ${JSON.stringify(seen)}, expected ${JSON.stringify(expected)}`];
}
