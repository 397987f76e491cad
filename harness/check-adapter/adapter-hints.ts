/**
 * Advice that fits the adapter's language. check-adapter sees only the command line, so it reads the
 * language from it (`python3 a.py`, `uv run a.py`, `node a.mjs`, `node --import mcp-collide/register a.ts`,
 * `tsx a.ts`, `bun a.ts`); a command it cannot read gets advice that names no language.
 */
import { basename } from "node:path";

/** The language an adapter command line runs, as far as check-adapter can tell. */
export type AdapterLanguage = "python" | "node" | "other";

const PYTHON_PROGRAM = /^(python[\d.]*|pypy[\d.]*|py|uv|poetry|pipenv|pdm|hatch|rye)(\.exe)?$/i;
const NODE_PROGRAM = /^(node|nodejs|tsx|ts-node|bun|deno|npx|pnpm|yarn)(\.exe)?$/i;
const PYTHON_FILE = /\.pyw?$/i;
const NODE_FILE = /\.(m|c)?(j|t)sx?$/i;

/** Reads the language from the program's name, else from the first script file named on the line. */
export function adapterLanguage(argv: readonly string[]): AdapterLanguage {
  const program = basename(argv[0] ?? "");
  if (PYTHON_PROGRAM.test(program) || PYTHON_FILE.test(program)) return "python";
  if (NODE_PROGRAM.test(program) || NODE_FILE.test(program)) return "node";
  const script = argv.slice(1).find((arg) => !arg.startsWith("-") && (PYTHON_FILE.test(arg) || NODE_FILE.test(arg)));
  if (script === undefined) return "other";
  return PYTHON_FILE.test(script) ? "python" : "node";
}

/** Why a request may go unanswered, for an adapter in `language`. */
export function noAnswerHint(language: AdapterLanguage): string {
  switch (language) {
    case "python":
      return "answer every request with one line on stdout and flush it (a pipe is block-buffered in Python: print(..., flush=True) or sys.stdout.flush(); the kit's serve() does it)";
    case "node":
      return "answer every request with one line on stdout (serveAdapter does); a host call that never settles (an await on a promise nobody resolves, a server the host waits for) hangs here";
    case "other":
      return "answer every request with one line on stdout and flush it (a buffered stdout holds answers back)";
  }
}

/** Why an adapter is slow to start: the fix is the same `--timeout` for check-adapter and run. */
export function slowStartHint(language: AdapterLanguage, timeoutMs: number): string {
  const why = language === "python" ? "importing a framework can take seconds on a loaded machine"
    : language === "node" ? "loading a framework (or compiling TypeScript on the fly) can take seconds on a loaded machine"
    : "a slow start";
  return `${why}: give more time with --timeout (${timeoutMs} ms now; run takes the same option, with the same default)`;
}

/** Why an adapter is still running after it answered `shutdown`, for an adapter in `language`. */
export function noExitHint(language: AdapterLanguage): string {
  switch (language) {
    case "python":
      return "exit after answering shutdown: a non-daemon thread, a running event loop or a slow interpreter teardown keeps Python alive; flush the answer, then os._exit(0)";
    case "node":
      return "exit after answering shutdown: an open HTTP keep-alive, a timer or a child process keeps Node alive; call process.exit(0)";
    case "other":
      return "exit after answering shutdown: close or abandon whatever keeps the process alive (threads, timers, open connections, child processes) and exit 0";
  }
}
