/**
 * Look-alike names (issue 29 item 6): a name mixing scripts or holding a letter that renders like an ASCII
 * one is marked wherever a name is shown: the console, report.md, report.html and junit.xml.
 */
import { describe, expect, it } from "vitest";
import { ConsoleReporter } from "../cli/console-reporter.ts";
import { collisionsOf } from "./collisions.ts";
import { lookAlike, skeleton } from "./look-alike.ts";
import { renderHtml } from "./render-html.ts";
import { renderJunit } from "./render-junit.ts";
import { renderMarkdown } from "./render-markdown.ts";
import type { ClauseReport, ReportServer } from "./report-model.ts";
import { sampleReport } from "./sample-report.ts";

const server = (key: string, tools: string[]): ReportServer => ({ key, tools, serverInfo: { name: key, version: "1.0.0" }, latency: { initialize: 0, toolsList: 0 }, unreachable: false });
/** `search` with a Cyrillic ѕ (U+0455), and a key in fullwidth letters. */
const cyrillic = "\u0455earch";
const fullwidth = "\uFF42eta";

function report() {
  const base = sampleReport();
  const clauses = base.clauses.map((clause): ClauseReport => (clause.status === "fail"
    ? { ...clause, counterexample: { ...clause.counterexample!, servers: [server("alpha", ["search"]), server(fullwidth, [cyrillic])], variants: [] } }
    : clause));
  return { ...base, clauses };
}

describe("look-alike names", () => {
  it("are told apart from plain names, with the reason", () => {
    expect(lookAlike("search")).toBeUndefined();
    expect(lookAlike("get_logs-2")).toBeUndefined();
    // A word wholly in another script passes for an ASCII name only when every letter looks ASCII (раѕѕ, pass).
    expect(lookAlike("\u0440\u0430\u0455\u0455")).toMatch(/letters that look ASCII/);
    expect(lookAlike("\u65e5\u672c")).toBeUndefined(); // one script, nothing that looks ASCII
    expect(lookAlike(cyrillic)).toMatch(/mixes Latin and Cyrillic letters: U\+0455 looks like "s"/);
    expect(lookAlike(fullwidth)).toMatch(/U\+FF42 looks like "b"/);
    expect(lookAlike("\u{1D42C}earch")).toMatch(/looks like "s"/);
    expect(skeleton(cyrillic)).toBe("search");
  });

  it("leave words of other scripts unmarked where they pass for no other name (issue 40), and mark a decomposed name", () => {
    // Russian and Greek words hold letters with no ASCII twin (п, и; ζ, ή); Han, Arabic, Hebrew and emoji have none.
    for (const word of ["\u0440\u0443\u0441\u0441\u043a\u0438\u0439", "поиск", "αναζήτηση", "查询", "بحث", "חיפוש", "🔍", "search_查询"]) expect(lookAlike(word), word).toBeUndefined();
    // Latin beside a Cyrillic letter that looks ASCII stays marked, as ѕearch is.
    expect(lookAlike("search_поиск")).toMatch(/mixes Latin and Cyrillic letters: .*U\+043E looks like "o"/);
    // café in NFD renders as café in NFC, another name to MCP: the decomposed one is marked, the composed one not.
    expect(lookAlike("cafe\u0301")).toMatch(/decomposed \(not NFC\): e \+ U\+0301 renders like the composed letter/);
    expect(lookAlike("caf\u00e9")).toBeUndefined();
  });

  it("are marked as colliding with the name they look like, in the world's collisions", () => {
    const collisions = collisionsOf([server("alpha", ["search"]), server("beta", [cyrillic])]);
    expect(collisions.tool(1, cyrillic).join("; ")).toMatch(/looks like "alpha"\/"search"/);
    expect(collisions.tool(1, cyrillic).join("; ")).toMatch(/look-alike: mixes Latin and Cyrillic/);
    expect(collisions.tool(0, "search").join("; ")).toMatch(/looks like "beta"/);
    expect(collisionsOf([server("search", ["a"]), server("\uFF53earch", ["b"])]).key(0).join("; ")).toMatch(/looks like key "\uFF53earch"/);
  });

  it("are marked in report.md, report.html, junit.xml and on the console", () => {
    const sample = report();
    expect(renderMarkdown(sample)).toMatch(/look-alike: mixes Latin and Cyrillic letters/);
    const html = renderHtml(sample);
    expect(html).toMatch(/class="look-alike"[^>]*>⚠ look-alike \(mixes Latin and Cyrillic letters/);
    expect(html).toMatch(/<code class="key">\uFF42eta<\/code> <span class="look-alike"/);
    expect(renderJunit(sample)).toMatch(/&quot;\u0455earch&quot;! ⚠ look-alike \(mixes Latin and Cyrillic letters/);
    const chunks: string[] = [];
    const out = { isTTY: false, write: (chunk: string) => chunks.push(chunk) > 0 } as unknown as NodeJS.WriteStream;
    new ConsoleReporter(out, {}).end(sample.clauses.find((clause) => clause.status === "fail")!);
    expect(chunks.join("")).toMatch(/"\u0455earch"! ⚠ look-alike \(mixes Latin and Cyrillic letters/);
    expect(chunks.join("")).toMatch(/⚠ look-alike \(letters that look ASCII: U\+FF42/);
  });
});
