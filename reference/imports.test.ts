import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const harnessIndex = resolve(here, "../harness/index.ts");

it("imports nothing local outside reference/ but the harness public index", () => {
  const files = readdirSync(here, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
  const offending: string[] = [];
  for (const file of files) {
    const text = readFileSync(join(here, file), "utf8");
    for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)) {
      if (!specifier.startsWith(".")) continue;
      const target = resolve(here, dirname(file), specifier);
      if (target !== harnessIndex && relative(here, target).startsWith("..")) offending.push(`${file}: ${specifier}`);
    }
  }
  expect(offending).toEqual([]);
});
