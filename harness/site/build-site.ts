/**
 * `npm run site`: the compliance site as files, path → content, built only from what the reports hold (no
 * clock, no machine), so building twice gives the same bytes and a test can tell a stale copy exactly.
 * reports/site/overview.png, the overview as Chromium draws it, is made apart (`npm run site -- --screenshot`)
 * and is no part of the comparison.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { clauseIndexPage, clausePage } from "./clause-page.ts";
import { hostPages } from "./host-page.ts";
import { overviewPage } from "./overview-page.ts";
import { badgeSvg } from "./site-badge.ts";
import type { SiteData } from "./site-data.ts";
import { badgePath, clausePath } from "./site-links.ts";

/** Files of the site that are not built from the reports (kept by writeSite, ignored by siteDifferences). */
export const SCREENSHOT = "overview.png";

/** Every file of the site. */
export function buildSite(data: SiteData): Map<string, string> {
  const files = new Map<string, string>();
  files.set("index.html", overviewPage(data));
  files.set("clauses/index.html", clauseIndexPage(data));
  for (const clause of data.clauses) files.set(clausePath(clause.id), clausePage(data, clause));
  for (const entry of data.entries) {
    for (const [path, html] of hostPages(entry)) files.set(path, html);
    files.set(badgePath(entry.host.id), badgeSvg(entry.versions.at(-1)!.report, entry.host.id));
    for (const version of entry.versions) files.set(`badges/${entry.host.id}/${version.version}.svg`, badgeSvg(version.report, entry.host.id));
  }
  return new Map([...files.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** Every file under `dir`, as paths relative to it. */
export function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split("\\").join("/"))
    .sort();
}

/** What differs between `dir` and `files`: missing, changed and extra paths (the screenshot aside). */
export function siteDifferences(dir: string, files: ReadonlyMap<string, string>): string[] {
  const on = new Set(listFiles(dir).filter((path) => path !== SCREENSHOT));
  const found: string[] = [];
  for (const [path, content] of files) {
    if (!on.has(path)) found.push(`missing ${path}`);
    else if (readFileSync(join(dir, path), "utf8") !== content) found.push(`changed ${path}`);
    on.delete(path);
  }
  for (const path of on) found.push(`extra ${path}`);
  return found;
}

/** Writes `files` under `dir`, removing any other file there but the screenshot. */
export function writeSite(dir: string, files: ReadonlyMap<string, string>): void {
  for (const path of listFiles(dir)) if (path !== SCREENSHOT && !files.has(path)) rmSync(join(dir, path));
  for (const [path, content] of files) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}
