/**
 * Policy: a report travels (attached to a bug report, cited in a README), so it records nothing of the
 * machine that made it. Paths in the host command and in evidence (error messages, stderr tails, the
 * baseline file) are written relative to the working directory or the package root, with the home
 * directory as `~` and the temp directory as `$TMPDIR`; the Node binary running the harness is `node`, a
 * program found on PATH is its name, and the tsx loader is `tsx`. The run itself always uses the real argv.
 * Two machines running the same seed against the same host thus write the same report, and the same
 * content hash.
 */
import { existsSync, realpathSync, statSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { basename, delimiter, isAbsolute, join } from "node:path";
import { packageRoot, tsxNodeArgv } from "../cli/builtin-host.ts";
import type { ClauseReport } from "./report-model.ts";

/** What "this machine" is: the places made relative or redacted. */
export interface PathContext {
  cwd: string;
  packageRoot: string;
  home: string;
  /** The temp directory, as given and as resolved (they differ on macOS). */
  temp: string[];
  /** The Node binary running the harness, written as `node`. */
  execPath: string;
  /** The tsx loader's file URL (`node --import <url>`), written as `tsx`. */
  tsxLoader: string;
  /** PATH, to tell a program found on it by name. */
  path: string;
}

const resolved = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

/** This process's machine. */
export function pathContext(): PathContext {
  return {
    cwd: process.cwd(), packageRoot: packageRoot.replace(/[\\/]$/, ""), home: homedir(), temp: [...new Set([tmpdir(), resolved(tmpdir())])],
    execPath: process.execPath, tsxLoader: tsxNodeArgv()[2]!, path: process.env.PATH ?? "",
  };
}

/** Prefixes to rewrite, longest first (so a working directory inside home stays relative, not `~/...`). */
function prefixes(context: PathContext): Array<[string, string]> {
  const pairs: Array<[string, string]> = [
    // The package root as resolved too: a checkout reached through a link shows real paths in a host's stack traces.
    [context.cwd, ""], [context.packageRoot, ""], [resolved(context.packageRoot), ""], ...context.temp.map((temp): [string, string] => [temp, "$TMPDIR"]), [context.home, "~"],
  ];
  const seen = new Set<string>();
  return pairs
    .map(([root, to]): [string, string] => [root.replace(/\/+$/, ""), to])
    .filter(([root]) => root.length > 1 && isAbsolute(root) && !seen.has(root) && Boolean(seen.add(root)))
    .sort(([a], [b]) => b.length - a.length);
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `text` with every path of this machine rewritten (see the policy above); anything else is left as it is. */
export function portableText(text: string, context: PathContext = pathContext()): string {
  let out = text;
  for (const [root, to] of prefixes(context)) {
    if (!out.includes(root)) continue;
    // file:///root/x → x (or ~/x); /root/x → x; a bare /root → . (or ~).
    out = out.replace(new RegExp(`(?:file://)?${literal(root)}(?:/|(?![\\w.@+-]))`, "g"), (match) => (match.endsWith("/") ? (to ? `${to}/` : "") : to || "."));
  }
  return out;
}

/** Whether `program` is what PATH finds under its own name. */
function onPath(program: string, context: PathContext): boolean {
  const target = resolved(program);
  return context.path.split(delimiter).some((dir) => {
    if (!dir) return false;
    const candidate = join(dir, basename(program));
    try {
      return statSync(candidate).isFile() && resolved(candidate) === target;
    } catch {
      return false;
    }
  });
}

/** A command line as a report records it: the first word is the program (see the policy above). */
export function portableArgv(argv: readonly string[], context: PathContext = pathContext()): string[] {
  return argv.map((arg, index) => {
    if (arg === context.execPath) return "node";
    if (arg === context.tsxLoader) return "tsx";
    if (index === 0 && isAbsolute(arg) && onPath(arg, context)) return basename(arg);
    return portableText(arg, context);
  });
}

/** A recorded command line made runnable here: `~/` and `$TMPDIR/` expanded; relative paths stay relative to the working directory. */
export function expandPortableArgv(argv: readonly string[], context: PathContext = pathContext()): string[] {
  return argv.map((arg) => arg.replace(/^~(?=\/|$)/, context.home).replace(/^\$TMPDIR(?=\/|$)/, context.temp[0]!));
}

/** `argv` with its `--import tsx` (or `--import=tsx`) naming the package's own tsx loader, `loader`, instead. */
export function withTsxLoader(argv: readonly string[], loader: string = tsxNodeArgv()[2]!): string[] {
  return argv.map((arg, index) => (arg === "tsx" && argv[index - 1] === "--import" ? loader : arg === "--import=tsx" ? `--import=${loader}` : arg));
}

/**
 * A recorded command line (already {@link expandPortableArgv}ed) with what names the package's own files
 * taken from the package, never from the working directory, where anyone could have planted a
 * `reference/main.ts` or a `node_modules/tsx`: `node` is the Node running the harness, `--import tsx` the
 * package's tsx loader, and a relative path naming a file the package holds is that file.
 */
export function packageArgv(argv: readonly string[], context: PathContext = pathContext()): string[] {
  return withTsxLoader(argv, context.tsxLoader).map((arg, index) => {
    if (index === 0 && arg === "node") return context.execPath;
    const relativePath = arg !== "" && !arg.startsWith("-") && !isAbsolute(arg) && !arg.split(/[\\/]/).includes("..");
    return relativePath && existsSync(join(context.packageRoot, arg)) ? join(context.packageRoot, arg) : arg;
  });
}

/**
 * The `run` arguments naming a host, as a repro line records them: a command after `--` made portable, and
 * so is the path an agent CLI's `--agent-bin` names (an install apart, often under the temp directory).
 */
export function portableHostArgs(args: readonly string[], context: PathContext = pathContext()): string[] {
  if (args[0] === "--") return ["--", ...portableArgv(args.slice(1), context)];
  return args.map((arg, index) => (args[index - 1] === "--agent-bin" ? portableText(arg, context) : arg));
}

/** What a clause's result and each of its findings say in text: the parts {@link portableClauseReport} rewrites. */
type Told = Pick<ClauseReport, "expected" | "observed" | "error" | "evidence" | "comparison"> & { reason: string };

/** `told` with this machine's paths rewritten in its reason, explanation, error and evidence. */
function portableTold<T extends Told>(told: T, context: PathContext): T {
  const portable: T = { ...told, reason: portableText(told.reason, context) };
  if (told.expected !== undefined) portable.expected = portableText(told.expected, context);
  if (told.observed !== undefined) portable.observed = portableText(told.observed, context);
  if (told.error) portable.error = { ...told.error, message: portableText(told.error.message, context), stderrTail: portableText(told.error.stderrTail, context) };
  // The evidence and the compared sessions quote the host's own answers and errors (stack traces included).
  if (told.evidence !== undefined) portable.evidence = portableStrings(told.evidence, context);
  if (told.comparison !== undefined) portable.comparison = portableStrings(told.comparison, context);
  return portable;
}

/** A clause's result with this machine's paths rewritten in its evidence and each finding's (the counterexamples are data: untouched). */
export function portableClauseReport(clause: ClauseReport, context: PathContext = pathContext()): ClauseReport {
  const portable = portableTold(clause, context);
  if (clause.findings) portable.findings = clause.findings.map((finding) => portableTold(finding, context));
  return portable;
}

/** `value` with every string in it (object keys aside) made portable; its shape is untouched. */
const portableStrings = <T>(value: T, context: PathContext): T => mapStrings(value, (text) => portableText(text, context)) as T;

/** `value` with `map` applied to every string in it, at any depth (object keys aside); its shape is untouched. */
export function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === "string") return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  }
  return value;
}
