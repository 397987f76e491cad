/**
 * `mcp-collide init [--lang js|ts|python] [--force] [DIR]`: writes a runnable HAP/1 adapter skeleton into DIR
 * (default: here) around a tiny placeholder host, with every place to wire the real host marked WIRE, and
 * prints the commands that check it and run the catalogue against it. The skeletons are the files under
 * harness/kit/templates/ (the Python one also needs the Python kit beside it); `__FILE__` in them becomes
 * the path a user types to run the adapter from where they ran init. The TypeScript skeleton is written as
 * `.mts`: an ES module whatever the project's "type" (`npm init -y` makes a CommonJS project, where a `.ts`
 * file would be compiled to require() calls and an ESM-only host would load only on Node >= 20.19).
 * `--example NAME` writes one of the real-host adapters instead (init-example.ts).
 */
import { lstat, mkdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { writeFileAtomic } from "../report/atomic-write.ts";
import { shellQuote } from "../runner/repro-command.ts";
import { packageRoot } from "./builtin-host.ts";
import { examples, writeExample } from "./init-example.ts";
import { claimTargets, typed } from "./init-targets.ts";

/** A skeleton: the file to write, what it is written from, and how to run it. */
interface Skeleton {
  file: string;
  template: string;
  /** Files copied as they are beside the adapter, by their path under {@link pythonKit} (a folder of it kept). */
  beside: string[];
  /** The command line that runs the adapter at `path`. */
  command(path: string): string[];
}

const templates = join(packageRoot, "harness", "kit", "templates");
const pythonKit = join(packageRoot, "harness", "kit", "python");
/** The Python kit's package, copied as a folder beside the adapter (its bytecode, if any, left out). */
const pythonKitFiles = ["__init__.py", "aio.py", "testing.py", "py.typed"].map((file) => `mcp_collide_hap/${file}`);

/** The skeleton for each language `--lang` names. */
export const skeletons: Readonly<Record<"js" | "ts" | "python", Skeleton>> = {
  js: { file: "mcp-collide-adapter.mjs", template: join(templates, "mcp-collide-adapter.mjs"), beside: [], command: (path) => ["node", path] },
  ts: {
    file: "mcp-collide-adapter.mts", template: join(templates, "mcp-collide-adapter.ts"), beside: [],
    command: (path) => ["node", "--import", "mcp-collide/register", path],
  },
  python: { file: "mcp_collide_adapter.py", template: join(templates, "mcp_collide_adapter.py"), beside: pythonKitFiles, command: (path) => ["python3", path] },
};

/** `mcp-collide init --help`. */
export const initHelp = `Usage: mcp-collide init [--lang js|ts|python | --example NAME] [--force] [DIR]

Writes a HAP/1 adapter skeleton into DIR (default: the current directory): a runnable adapter around a tiny
placeholder host, with each place to wire your own host marked WIRE, and prints the commands to check it
and to run the clause catalogue against it.

  --lang js       mcp-collide-adapter.mjs (default), imports "mcp-collide"
  --lang ts       mcp-collide-adapter.mts, imports "mcp-collide"; runs with node --import mcp-collide/register.
                  An .mts file is an ES module whatever "type" your package.json says, so ESM-only hosts load
                  on every Node 20; type-check it with tsc (module nodenext, allowImportingTsExtensions)
  --lang python   mcp_collide_adapter.py (asyncio) and mcp_collide_hap/ (the Python kit, standard library only)
  --example NAME  a complete adapter for a real host instead, standalone, from the package's hosts/:
                  ${Object.keys(examples).join(", ")}
  --force         overwrite files that exist (never a symbolic link: init refuses to write through one)
  -h, --help      this text

The JavaScript and TypeScript skeletons need mcp-collide installed where they live (npm i -D mcp-collide).
Writing your own: docs/adapters.md (capturing the tools at the model boundary, driving calls through the
agent loop, filling outcome.registered).
`;

/**
 * The packages a JavaScript or TypeScript skeleton imports that do not resolve from `directory`: run there
 * as written, such an adapter dies at its first import and every clause of the run is ERROR, so init says
 * so at once instead of leaving the user to read a stderr tail in the report.
 */
export function missingImports(directory: string, lang: keyof typeof skeletons): string[] {
  if (lang === "python") return [];
  const require = createRequire(join(directory, "noop.js"));
  return ["mcp-collide", "@modelcontextprotocol/sdk/client/index.js"].filter((name) => {
    try {
      require.resolve(name);
      return false;
    } catch {
      return true;
    }
  }).map((name) => name.replace(/\/client\/index\.js$/, ""));
}

/** Runs `mcp-collide init` with `argv` (without the word init); returns the exit code. */
export async function initMain(argv: readonly string[]): Promise<number> {
  let values: { lang?: string; example?: string; force?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv], allowPositionals: true, strict: true,
      options: { lang: { type: "string" }, example: { type: "string" }, force: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    }));
  } catch (error) {
    process.stderr.write(`mcp-collide init: ${(error as Error).message}\n\n${initHelp}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(initHelp);
    return 0;
  }
  if (values.example !== undefined) {
    if (values.lang !== undefined || positionals.length > 1) {
      process.stderr.write(`mcp-collide init: ${positionals.length > 1 ? "give at most one DIR" : "give --lang or --example, not both"}\n\n${initHelp}`);
      return 2;
    }
    return writeExample(values.example, resolve(positionals[0] ?? "."), values.force === true, process.stdout, process.stderr);
  }
  const lang = values.lang ?? "js";
  if (!Object.hasOwn(skeletons, lang) || positionals.length > 1) {
    process.stderr.write(`mcp-collide init: ${positionals.length > 1 ? "give at most one DIR" : `unknown --lang ${JSON.stringify(lang)}`}\n\n${initHelp}`);
    return 2;
  }
  const skeleton = skeletons[lang as keyof typeof skeletons];
  const directory = resolve(positionals[0] ?? ".");
  const adapter = join(directory, skeleton.file);
  const written = [adapter, ...skeleton.beside.map((file) => join(directory, ...file.split("/")))];
  const folders = [...new Set(written.map((file) => dirname(file)).filter((folder) => folder !== directory))];
  for (const folder of folders) {
    // A link where the kit's folder goes would be written through as surely as a link to a file.
    const info = await lstat(folder).catch(() => undefined);
    if (info && !info.isDirectory()) {
      process.stderr.write(`mcp-collide init: ${typed(folder)} is ${info.isSymbolicLink() ? "a symbolic link" : "not a folder"}; init never writes through one: remove it first\n`);
      return 2;
    }
  }
  if (!(await claimTargets(written, values.force === true, process.stderr))) return 2;
  const command = skeleton.command(typed(adapter)).map(shellQuote).join(" ");
  for (const folder of [directory, ...folders]) await mkdir(folder, { recursive: true });
  // Temp file + rename, never following a link: one planted after the check above is replaced, not written through.
  await writeFileAtomic(adapter, (await readFile(skeleton.template, "utf8")).replaceAll("__FILE__", typed(adapter)));
  for (const [index, file] of skeleton.beside.entries()) await writeFileAtomic(written[index + 1]!, await readFile(join(pythonKit, file)));
  process.stdout.write(
    `wrote ${written.map(typed).join(", ")}: a HAP/1 adapter around a tiny placeholder host; wire your host where it says WIRE\n` +
      "(the placeholder is deliberately simple, so its report already fails a few clauses of its own)\n\n" +
      `  npx mcp-collide check-adapter -- ${command}   # seconds: is the protocol right?\n` +
      `  npx mcp-collide run -- ${command}             # the clause catalogue; the report lands in ./mcp-collide-report\n`,
  );
  const missing = missingImports(directory, lang as keyof typeof skeletons);
  if (missing.length > 0) {
    process.stdout.write(
      `\nnote: ${missing.join(" and ")} ${missing.length === 1 ? "does" : "do"} not resolve from ${typed(directory) || "."}; the adapter imports ` +
        `${missing.length === 1 ? "it" : "them"}, so install mcp-collide in that project first (npm i -D mcp-collide), or every clause is ERROR\n`,
    );
  }
  return 0;
}
