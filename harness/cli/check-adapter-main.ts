/**
 * `mcp-collide check-adapter [--timeout MS] [--transport stdio|http] -- adapter-command ...`: a seconds-long
 * check of an adapter's HAP/1, one line per finding. Exit 0 when it found no mistake, 1 when it did,
 * 2 on bad usage.
 */
import { parseArgs } from "node:util";
import { checkAdapter } from "../check-adapter/check-adapter.ts";
import type { FindingLevel } from "../check-adapter/findings.ts";
import { splitHostArgv } from "./split-host-argv.ts";

/** `mcp-collide check-adapter --help`. */
export const checkAdapterHelp = `Usage: mcp-collide check-adapter [options] -- adapter-command [args...]

Checks a HAP/1 adapter in seconds, before a full run: it starts the adapter, drives every method the adapter
declares on two small worlds of real MCP servers (a duplicate name, an empty server, a server that cannot be
reached), and names each mistake precisely: an answer of the wrong shape, a line on stdout that is not an
answer, outcome.registered out of step with the configuration or the tool list, a call that reaches no
server, a refusal answered as a JSON-RPC error, a process that does not exit after shutdown.

Options:
  --timeout MS        longest wait for one answer (default 10000)
  --transport T       stdio or http: how the host reaches the servers (default: http if declared)
  -h, --help          this text

Exit codes: 0 no mistake (notes may remain), 1 mistakes found, 2 bad usage.
Example: mcp-collide check-adapter -- python3 my_adapter.py
`;

const mark: Record<FindingLevel, string> = { ok: "✓", mistake: "✗", note: "•" };

/** Runs `mcp-collide check-adapter` with `argv` (without the command word); returns the exit code. */
export async function checkAdapterMain(argv: readonly string[]): Promise<number> {
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
    process.stdout.write(checkAdapterHelp);
    return 0;
  }
  const timeoutMs = Number(values.timeout ?? 10_000);
  const transport = values.transport;
  const problem = hostArgv.length === 0 ? "give the adapter's command after --"
    : !Number.isInteger(timeoutMs) || timeoutMs < 100 ? "--timeout takes a whole number of milliseconds, at least 100"
    : transport !== undefined && transport !== "stdio" && transport !== "http" ? "--transport takes stdio or http" : undefined;
  if (problem) {
    process.stderr.write(`mcp-collide check-adapter: ${problem}\n\n${checkAdapterHelp}`);
    return 2;
  }
  process.stdout.write(`mcp-collide check-adapter: ${hostArgv.join(" ")}\n`);
  const result = await checkAdapter(hostArgv, { timeoutMs, transport: transport as "stdio" | "http" | undefined });
  for (const finding of result.findings) process.stdout.write(`  ${mark[finding.level]} ${finding.step}: ${finding.message}\n`);
  const mistakes = result.findings.filter((finding) => finding.level === "mistake").length;
  const notes = result.findings.filter((finding) => finding.level === "note").length;
  if (mistakes > 0 && result.stderrTail.trim() !== "") {
    process.stdout.write(`\nadapter stderr (tail):\n${result.stderrTail.trimEnd().split("\n").slice(-20).map((line) => `  | ${line}`).join("\n")}\n`);
  }
  process.stdout.write(`\n${mistakes === 0 ? "no mistakes" : `${mistakes} mistake(s)`}${notes > 0 ? `, ${notes} note(s)` : ""}` +
    `${mistakes === 0 ? `: next, npx mcp-collide run -- ${hostArgv.join(" ")}` : ""}\n`);
  return mistakes === 0 ? 0 : 1;
}
