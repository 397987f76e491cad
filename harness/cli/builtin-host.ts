/**
 * The built-in hosts live in reference/, which the harness never imports: they are started as a HAP/1
 * command, exactly as a user's adapter would be.
 */
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = new URL("../../", import.meta.url);

/** The package root (where package.json, reference/ and suites/ live). */
export const packageRoot = fileURLToPath(root);

/** `node --import tsx`: lets a child run TypeScript sources with no build step. */
export function tsxNodeArgv(): string[] {
  const loader = createRequire(import.meta.url).resolve("tsx");
  return [process.execPath, "--import", pathToFileURL(loader).href];
}

/** The command line of a built-in host: `reference`, or a one-bug host id. */
export function builtinHostArgv(name: string): string[] {
  const main = fileURLToPath(new URL("reference/main.ts", root));
  return name === "reference" ? [...tsxNodeArgv(), main] : [...tsxNodeArgv(), main, "--bug", name];
}
