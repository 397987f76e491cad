/**
 * `mcp-collide check-adapter [--timeout MS] [--transport stdio|http] -- adapter-command ...`: a seconds-long
 * check of an adapter's HAP/1, one line per finding. Exit 0 when it found no mistake and checked what it
 * meant to (a call delivered through the host), 1 when it found a mistake, 2 on bad usage, 3 when it found
 * no mistake but something went unchecked: never green on a host that was never called. Host text (names,
 * messages, stray lines, the stderr tail) is printed as `run` prints it: clipped and escaped.
 */
import { parseArgs } from "node:util";
import { checkAdapter } from "../check-adapter/check-adapter.ts";
import type { FindingLevel } from "../check-adapter/findings.ts";
import { DEFAULT_ANSWER_TIMEOUT_MS } from "../adapter/hap-client.ts";
import { shown, tailLines } from "./console-text.ts";
import { splitHostArgv } from "./split-host-argv.ts";

/** Exit code of a check that found no mistake but could not check everything it meant to. */
export const NOT_CHECKED_EXIT = 3;
/** Longest finding line printed; host text inside it was clipped shorter where it was quoted. */
const FINDING_LIMIT = 2000;

/** `mcp-collide check-adapter --help`. */
export const checkAdapterHelp = `Usage: mcp-collide check-adapter [options] -- adapter-command [args...]

Checks a HAP/1 adapter in seconds, before a full run: it starts the adapter, drives every method the adapter
declares on two small worlds of real MCP servers (a duplicate name, an empty server, a server that cannot be
reached), and names each mistake precisely: an answer of the wrong shape, a line on stdout that is not an
answer, outcome.registered out of step with the configuration or the tool list, a call that reaches no
server, a refusal answered as a JSON-RPC error, a process that does not exit after shutdown. When the host
refuses the first world (a host that refuses two servers sharing a tool name), the calls go to a second
world with nothing to refuse. Declared capabilities are honoured as run honours them (https servers and the
CA for a host that declares https; the tools declared in builtinTools expected beside the servers'). The
check passes only when a call was delivered through the host to the server that advertised the tool;
otherwise it says what went unchecked. Host text is printed as run prints
it: clipped, with control and invisible characters shown as \\uXXXX.

Options:
  --timeout MS        longest wait for one answer, initialize (the adapter's start) included
                      (default ${DEFAULT_ANSWER_TIMEOUT_MS}, the same option and default as run)
  --transport T       stdio or http: how the host reaches the servers (default: http if declared)
  -h, --help          this text

Exit codes: 0 no mistake and every check made (notes may remain), 1 mistakes found, 2 bad usage,
3 no mistake found but something went unchecked (it says what: no call reached a server).
Example: mcp-collide check-adapter -- python3 my_adapter.py
`;

const mark: Record<FindingLevel, string> = { ok: "✓", mistake: "✗", note: "•" };

/** Runs `mcp-collide check-adapter` with `argv` (without the command word); returns the exit code. */
export async function checkAdapterMain(argv: readonly string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  const { own, hostArgv } = splitHostArgv(argv);
  let values: { timeout?: string; transport?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: own, strict: true, allowPositionals: false,
      options: { timeout: { type: "string" }, transport: { type: "string" }, help: { type: "boolean", short: "h" } },
    }));
  } catch (error) {
    process.stderr.write(`mcp-collide check-adapter: ${(error as Error).message}\n\n${checkAdapterHelp}`);
    return 2;
  }
  if (values.help) {
    out.write(checkAdapterHelp);
    return 0;
  }
  const timeoutMs = Number(values.timeout ?? DEFAULT_ANSWER_TIMEOUT_MS);
  const transport = values.transport;
  const problem = hostArgv.length === 0 ? "give the adapter's command after --"
    : !Number.isInteger(timeoutMs) || timeoutMs < 100 ? "--timeout takes a whole number of milliseconds, at least 100"
    : transport !== undefined && transport !== "stdio" && transport !== "http" ? "--transport takes stdio or http" : undefined;
  if (problem) {
    process.stderr.write(`mcp-collide check-adapter: ${problem}\n\n${checkAdapterHelp}`);
    return 2;
  }
  out.write(`mcp-collide check-adapter: ${shown(hostArgv.join(" "), FINDING_LIMIT, "")}\n`);
  const result = await checkAdapter(hostArgv, { timeoutMs, transport: transport as "stdio" | "http" | undefined });
  for (const finding of result.findings) out.write(`  ${mark[finding.level]} ${shown(finding.step, 100, "")}: ${shown(finding.message, FINDING_LIMIT, "")}\n`);
  for (const what of result.unchecked) out.write(`  ? not checked: ${shown(what, FINDING_LIMIT, "")}\n`);
  const mistakes = result.findings.filter((finding) => finding.level === "mistake").length;
  const notes = result.findings.filter((finding) => finding.level === "note").length;
  if ((mistakes > 0 || result.unchecked.length > 0) && result.stderrTail.trim() !== "") {
    out.write(`\nadapter stderr (tail):\n  | ${tailLines(result.stderrTail, 20, "  | ", "")}\n`);
  }
  const noted = notes > 0 ? `, ${notes} note(s)` : "";
  if (mistakes > 0) {
    out.write(`\n${mistakes} mistake(s)${noted}\n`);
    return 1;
  }
  if (result.unchecked.length > 0) {
    out.write(`\nnot checked: no mistake found, but ${result.unchecked.length} thing(s) went unchecked (above)${noted}; wire the host so a call reaches it, then check again\n`);
    return NOT_CHECKED_EXIT;
  }
  out.write(`\nno mistakes${noted}: ${result.delivered} call(s) delivered through the host; next, npx mcp-collide run -- ${shown(hostArgv.join(" "), FINDING_LIMIT, "")}\n`);
  return 0;
}
