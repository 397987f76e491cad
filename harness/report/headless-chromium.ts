/**
 * Debian's Chromium, headless, for checking report.html the way a reader sees it: a screenshot and the
 * rendered DOM. No npm dependency: the binary comes from the OS (`apt-get install -y chromium`), and
 * every call gets a fresh profile directory and no network features, so nothing leaks between runs.
 */
import { accessSync, constants } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { pathToFileURL } from "node:url";
import { execa } from "execa";

/** The Chromium binary: `$CHROMIUM` if set, else `chromium` or `chromium-browser` on PATH; undefined when none is executable. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const candidates = env.CHROMIUM
    ? [env.CHROMIUM]
    : (env.PATH ?? "").split(delimiter).filter(Boolean).flatMap((dir) => ["chromium", "chromium-browser"].map((name) => join(dir, name)));
  return candidates.find((candidate) => {
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false; // not here; keep looking
    }
  });
}

const QUIET = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

async function withProfile<T>(use: (profile: string) => Promise<T>): Promise<T> {
  const profile = await mkdtemp(join(tmpdir(), "mcp-collide-chromium-"));
  try {
    return await use(profile);
  } finally {
    await rm(profile, { recursive: true, force: true });
  }
}

/** Renders `htmlFile` and saves a PNG screenshot of the top `width`×`height` pixels. */
export async function screenshot(chromium: string, htmlFile: string, png: string, width = 1280, height = 2000): Promise<void> {
  await withProfile((profile) => execa(chromium, [...QUIET, `--user-data-dir=${profile}`, `--screenshot=${png}`, `--window-size=${width},${height}`, pathToFileURL(htmlFile).href], { timeout: 90_000 }));
}

/** Renders `htmlFile` and returns the DOM as the browser built it. */
export async function dumpDom(chromium: string, htmlFile: string): Promise<string> {
  return withProfile(async (profile) => (await execa(chromium, [...QUIET, `--user-data-dir=${profile}`, "--dump-dom", pathToFileURL(htmlFile).href], { timeout: 90_000 })).stdout);
}
