/**
 * `mcp-collide init [--lang js|ts|python] [--force] [DIR]`: writes a runnable HAP/1 adapter skeleton into DIR
 * (default: here) around a tiny placeholder host, with every place to wire the real host marked WIRE, and
 * prints the commands that check it and run the catalogue against it. The skeletons are the files under
 * harness/kit/templates/ (the Python one also needs the Python kit beside it); `__FILE__` in them becomes
 * the path a user types to run the adapter from where they ran init.
 */
import { lstat, mkdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join, relative, resolve, sep } from "node:path";
import { parseArgs } from "node:util";
import { writeFileAtomic } from "../report/atomic-write.ts";
import { shellQuote } from "../runner/repro-command.ts";
import { packageRoot } from "./builtin-host.ts";

/** A skeleton: the file to write, what it is written from, and how to run it. */
interface Skeleton {
  file: string;
  template: string;
  /** Files copied as they are beside the adapter. */
  beside: string[];
  /** The command line that runs the adapter at `path`. */
  command(path: string): string[];
}

const templates = join(packageRoot, "harness", "kit", "templates");
const pythonKit = join(packageRoot, "harness", "kit", "python", "mcp_collide_hap.py");

/** The skeleton for each language `--lang` names. */
export const skeletons: Readonly<Record<"js" | "ts" | "python", Skeleton>> = {
  js: { file: "mcp-collide-adapter.mjs", template: join(templates, "mcp-collide-adapter.mjs"), beside: [], command: (path) => ["node", path] },
  ts: {
    file: "mcp-collide-adapter.ts", template: join(templates, "mcp-collide-adapter.ts"), beside: [],
    command: (path) => ["node", "--import", "mcp-collide/register", path],
  },
  python: { file: "mcp_collide_adapter.py", template: join(templates, "mcp_collide_adapter.py"), beside: [pythonKit], command: (path) => ["python3", path] },
};

/** `mcp-collide init --help`. */
export const initHelp = `Usage: mcp-collide init [--lang js|ts|python] [--force] [DIR]

Writes a HAP/1 adapter skeleton into DIR (default: the current directory): a runnable adapter around a tiny
placeholder host, with each place to wire your own host marked WIRE, and prints the commands to check it
and to run the clause catalogue against it.

  --lang js       mcp-collide-adapter.mjs (default), imports "mcp-collide"
  --lang ts       mcp-collide-adapter.ts, imports "mcp-collide"; runs with node --import mcp-collide/register
  --lang python   mcp_collide_adapter.py and mcp_collide_hap.py (the Python kit, standard library only)
  --force         overwrite files that exist (never a symbolic link: init refuses to write through one)
  -h, --help      this text

The JavaScript and TypeScript skeletons need mcp-collide installed where they live (npm i -D mcp-collide).
`;

/** What is at `path` itself (a symbolic link is not followed), or undefined when nothing is. */
async function whatIs(path: string): Promise<"file" | "link" | "other" | undefined> {
  const info = await lstat(path).catch(() => undefined);
  if (!info) return undefined;
  return info.isSymbolicLink() ? "link" : info.isFile() ? "file" : "other";
}

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

/** The path a user types, from the current directory, to reach `path`. */
function typed(path: string): string {
  return relative(process.cwd(), path).split(sep).join("/");
}

/** Runs `mcp-collide init` with `argv` (without the word init); returns the exit code. */
export async function initMain(argv: readonly string[]): Promise<number> {
  let values: { lang?: string; force?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv], allowPositionals: true, strict: true,
      options: { lang: { type: "string" }, force: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    }));
  } catch (error) {
    process.stderr.write(`mcp-collide init: ${(error as Error).message}\n\n${initHelp}`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(initHelp);
    return 0;
  }
  const lang = values.lang ?? "js";
  if (!Object.hasOwn(skeletons, lang) || positionals.length > 1) {
    process.stderr.write(`mcp-collide init: ${positionals.length > 1 ? "give at most one DIR" : `unknown --lang ${JSON.stringify(lang)}`}\n\n${initHelp}`);
    return 2;
  }
  const skeleton = skeletons[lang as keyof typeof skeletons];
  const directory = resolve(positionals[0] ?? ".");
  const adapter = join(directory, skeleton.file);
  const written = [adapter, ...skeleton.beside.map((file) => join(directory, file.split(sep).at(-1)!))];
  const taken = [];
  for (const file of written) {
    const what = await whatIs(file);
    // A link (dangling too) or a FIFO where a skeleton goes: never written through, not even with --force.
    if (what === "link" || what === "other") {
      process.stderr.write(`mcp-collide init: ${typed(file)} is ${what === "link" ? "a symbolic link" : "not a regular file"}; init never writes through one: remove it first\n`);
      return 2;
    }
    if (what === "file") taken.push(typed(file));
  }
  if (taken.length > 0 && !values.force) {
    process.stderr.write(`mcp-collide init: ${taken.join(", ")} already exist${taken.length === 1 ? "s" : ""}; --force overwrites\n`);
    return 2;
  }
  const command = skeleton.command(typed(adapter)).map(shellQuote).join(" ");
  await mkdir(directory, { recursive: true });
  // Temp file + rename, never following a link: one planted after the check above is replaced, not written through.
  await writeFileAtomic(adapter, (await readFile(skeleton.template, "utf8")).replaceAll("__FILE__", typed(adapter)));
  for (const [index, file] of skeleton.beside.entries()) await writeFileAtomic(written[index + 1]!, await readFile(file));
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
