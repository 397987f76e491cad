/**
 * `npm run site`: the compliance site as files, path → content, built only from what the reports hold (no
 * clock, no machine), so building twice gives the same bytes and a test can tell a stale copy exactly.
 * reports/site/overview.png, the overview as Chromium draws it, is made apart (`npm run site -- --screenshot`)
 * and is no part of the comparison.
 * Writing (policy): the site deletes only files it wrote itself. Each write leaves a manifest
 * ({@link MANIFEST}: the paths it wrote, one a line); the next write removes the manifest's paths the new
 * site no longer has, and nothing else. A folder without a manifest must be empty or hold only the site's
 * own paths (a copy made before manifests); any other file there makes the write refuse, naming it, before
 * anything changes. Files are written whole (temp file and rename), never through a planted link.
 */
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { dirname, join, relative } from "node:path";
import { clauseIndexPage, clausePage } from "./clause-page.ts";
import { hostPages } from "./host-page.ts";
import { overviewPage } from "./overview-page.ts";
import { badgeSvg } from "./site-badge.ts";
import type { SiteData } from "./site-data.ts";
import { badgePath, clausePath } from "./site-links.ts";

/** Files of the site that are not built from the reports (kept by writeSite, ignored by siteDifferences). */
export const SCREENSHOT = "overview.png";
/** The list of paths the last {@link writeSite} wrote (ignored by siteDifferences). */
export const MANIFEST = ".mcp-collide-site";
/** What a path of the site looks like: relative, plain names, no `..` (a manifest is read from disk: untrusted). */
const SITE_PATH = /^(?!.*(?:^|\/)\.\.?(?:\/|$))[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/;

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
  const on = new Set(listFiles(dir).filter((path) => path !== SCREENSHOT && path !== MANIFEST));
  const found: string[] = [];
  for (const [path, content] of files) {
    if (!on.has(path)) found.push(`missing ${path}`);
    else if (readFileSync(join(dir, path), "utf8") !== content) found.push(`changed ${path}`);
    on.delete(path);
  }
  for (const path of on) found.push(`extra ${path}`);
  return found;
}

/** The paths the last write under `dir` recorded, or undefined where it has no manifest (only well-formed paths are kept). */
function previousPaths(dir: string): string[] | undefined {
  const file = join(dir, MANIFEST);
  if (!existsSync(file)) return undefined;
  if (!lstatSync(file).isFile()) throw new Error(`${file} is not the manifest a site write leaves (not a regular file)`);
  return readFileSync(file, "utf8").split("\n").filter((path) => SITE_PATH.test(path));
}

/** True when every folder on the way to `path` under `dir` is a real folder (no link leads out of `dir`). */
function throughFolders(dir: string, path: string): boolean {
  let at = dir;
  for (const name of path.split("/").slice(0, -1)) {
    at = join(at, name);
    if (!lstatSync(at, { throwIfNoEntry: false })?.isDirectory()) return false;
  }
  return true;
}

/** Makes the folders on the way to `path` under `dir`, refusing one that is a link (a write must not leave `dir`). */
function makeFolders(dir: string, path: string): void {
  let at = dir;
  for (const name of path.split("/").slice(0, -1)) {
    at = join(at, name);
    if (!existsSync(at)) mkdirSync(at);
    else if (!lstatSync(at).isDirectory()) throw new Error(`${at} is not a folder (a link or a file): the site is not written through it`);
  }
}

/**
 * Writes `files` under `dir` (made if missing), removing the files the previous write there made that the
 * site no longer has; throws, changing nothing, where `dir` holds files of someone else's (see the header).
 */
export function writeSite(dir: string, files: ReadonlyMap<string, string>): void {
  for (const path of files.keys()) if (!SITE_PATH.test(path)) throw new Error(`the site names a path it may not write: ${path}`);
  mkdirSync(dir, { recursive: true });
  const previous = previousPaths(dir);
  if (previous === undefined) {
    const foreign = listFiles(dir).filter((path) => path !== SCREENSHOT && !files.has(path));
    if (foreign.length > 0) {
      throw new Error(`${dir} holds files this site did not write (${foreign.slice(0, 5).join(", ")}${foreign.length > 5 ? ` and ${foreign.length - 5} more` : ""}) and no ${MANIFEST}: give an empty folder, or one a site was written to`);
    }
  }
  for (const path of previous ?? []) {
    if (path === SCREENSHOT || files.has(path) || !throughFolders(dir, path)) continue;
    // Only a file this site wrote: a link is removed itself (never its target), a folder never.
    const info = lstatSync(join(dir, path), { throwIfNoEntry: false });
    if (info && !info.isDirectory()) rmSync(join(dir, path), { force: true });
  }
  const write = (path: string, content: string) => {
    makeFolders(dir, path);
    const temp = join(dir, `${path}.${randomBytes(6).toString("hex")}.tmp`);
    writeFileSync(temp, content, { flag: "wx" });
    renameSync(temp, join(dir, path));
  };
  for (const [path, content] of files) write(path, content);
  write(MANIFEST, `${[...files.keys()].join("\n")}\n`);
}
