/**
 * The `repro` command line:
 * `mcp-collide repro [REPORT.json] [--clause ID] [--seed S --path P] [--host NAME | --agent ID | --agent-module PATH |
 *  --gateway ID | --gateway-module PATH | -- host argv...] [--agent-bin PATH] [--agent-variant V] [--agent-no-isolation]
 *  [--gateway-no-isolation] [--transport T] [--profile NAME] [--emit FILE] [--expect pass|violated] [--timeout MS]
 *  [--case-timeout MS]`.
 * It takes the flags a report's `repro` line carries, so `run` in that line can be swapped for `repro`; the
 * host-choosing ones are `run`'s own (host-flags.ts), with the same rules and the same longer bounds for an
 * agent CLI or a gateway.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { agentClis } from "./agent-registry.ts";
import { gateways } from "./gateway-registry.ts";
import { checkHostFlags, hostBounds, hostFlagSpecs, hostFlagValues, HostFlagsSchema } from "./host-flags.ts";
import { MaxLineBytesSchema } from "./max-line-bytes.ts";
import { wrapHelp } from "./run-options.ts";
import { splitHostArgv } from "./split-host-argv.ts";

/** Parsed and checked options of `mcp-collide repro`. */
export const ReproCliOptionsSchema = HostFlagsSchema.extend({
  report: z.string().optional(),
  clause: z.string().optional(),
  seed: z.coerce.number().int().min(-(2 ** 31)).max(2 ** 31 - 1).optional(),
  path: z.string().regex(/^\d+(:\d+)*$/, "a fast-check path such as 12:0:3").optional(),
  transport: z.enum(["stdio", "http"]).optional(),
  profile: z.string().optional(),
  emit: z.string().min(1).optional(),
  expect: z.enum(["pass", "violated"]).default("pass"),
  timeout: z.coerce.number().int().min(100).optional(),
  caseTimeout: z.coerce.number().int().min(100).optional(),
  maxLineBytes: MaxLineBytesSchema,
  trustReportCommand: z.boolean().default(false),
  help: z.boolean().default(false),
  hostArgv: z.array(z.string()).default([]),
});
/** Parsed options of `mcp-collide repro`, with the bounds that depend on the host filled in. */
export type ReproCliOptions = Omit<z.infer<typeof ReproCliOptionsSchema>, "timeout" | "caseTimeout"> & { timeout: number; caseTimeout: number };

/** Parses `repro`'s arguments (without the word `repro`); throws a readable message on a bad combination. */
export function parseReproOptions(argv: readonly string[]): ReproCliOptions {
  const { own, hostArgv } = splitHostArgv(argv);
  const { values, positionals } = parseArgs({
    args: own,
    allowPositionals: true,
    strict: true,
    options: {
      clause: { type: "string" }, seed: { type: "string" }, path: { type: "string" }, ...hostFlagSpecs,
      transport: { type: "string" }, profile: { type: "string" }, emit: { type: "string" }, expect: { type: "string" },
      timeout: { type: "string" }, "case-timeout": { type: "string" }, help: { type: "boolean", short: "h" },
      "max-line-bytes": { type: "string" }, "trust-report-command": { type: "boolean" },
    },
  });
  if (positionals.length > 1) throw new Error(`expected at most one report file, got ${positionals.map((arg) => `"${arg}"`).join(" ")}`);
  const { flags, rest: { "case-timeout": caseTimeout, "max-line-bytes": maxLineBytes, "trust-report-command": trustReportCommand, ...rest } } = hostFlagValues(values);
  const parsed = ReproCliOptionsSchema.safeParse({ ...rest, ...flags, caseTimeout, maxLineBytes, trustReportCommand, hostArgv, report: positionals[0] });
  if (!parsed.success) throw new Error(z.prettifyError(parsed.error));
  const kind = checkHostFlags(parsed.data, hostArgv);
  const agentLike = kind.agentCli || kind.gateway;
  // A session of an agent CLI or a gateway is a process and costs seconds: run's longer bounds.
  const options = { ...parsed.data, ...hostBounds(kind, parsed.data) };
  if (options.help) return options;
  if (options.trustReportCommand && (options.host || agentLike || hostArgv.length > 0 || !options.report)) {
    throw new Error("--trust-report-command runs the host command recorded in a report: give a report, and no host of your own (--host, --agent, --agent-module, --gateway, --gateway-module or a command after --)");
  }
  if (!options.report) {
    if (!options.clause || options.seed === undefined || !options.path) {
      throw new Error("without a report file, give --clause ID, --seed S and --path P (a report's repro line has all three)");
    }
  } else if (options.seed !== undefined || options.path) {
    throw new Error("a report file already holds the case; drop --seed and --path (or drop the report file)");
  }
  return options;
}

/** `mcp-collide repro --help`. */
export const reproHelp = `Usage: mcp-collide repro REPORT.json [--clause ID] [host] [options]
       mcp-collide repro --clause ID --seed S --path P [host] [options]
  host: --host NAME | --agent ID | --agent-module PATH | --gateway ID | --gateway-module PATH
        | -- host-adapter-command ...

Reruns one case of one clause, verbosely: the world (servers and their tools), every request to the host
and its answer, every message each server received, and the verdict.
From a report, the case is replayed by value (the counterexample stored in report.json), which must match
the report's contentSha256 (an edited or malformed report is bad usage). That hash detects accidental
edits only: anyone can recompute it, it is not a signature, so a report is as trustworthy as its source.
Its worlds are held to the bounds of generated ones (servers, tools per server, bytes). The host: the one
the flags name, as run names it (also how a report made on another machine is replayed), or the built-in
host the report names. A report made with --agent, --agent-module, --gateway or --gateway-module replays
with the same flags; given none, repro says which they were. A command recorded in a report is never run
unless you pass --trust-report-command (it is printed first). --clause may be left out when the report has
exactly one failing clause. With --seed and --path the case is regenerated, exactly as the run's repro line
does: a repro line, "npx mcp-collide run --clause ...", works with "run" replaced by "repro", whichever flag
names its host (repro does not take --https or --require: drop them from a line that carries them).

Options:
  --clause ID         the clause whose case to replay
  --seed S --path P   the case by seed and fast-check path (from a report's repro line)
  --host NAME         a built-in host ("reference" or a one-bug host id); default: the report's built-in
                      host, else reference (without a report)
  --agent ID          an agent CLI, started as run --agent starts it (in its sandbox), one of:
${wrapHelp(agentClis.join(", "), 22)}
                      With --agent, --agent-module, --gateway or --gateway-module the bounds are run's
                      for them: --timeout 300000, --case-timeout 1800000
  --agent-module PATH an agent module of your own (docs/agent-modules.md), as with run
  --agent-bin PATH    the installed CLI to judge instead of the pinned one (with --agent or --agent-module)
  --agent-variant V   the CLI's named configuration (default: default; see: mcp-collide run --help)
  --agent-no-isolation
                      run the CLI outside its sandbox (docs/sandbox.md)
  --gateway ID        an MCP gateway, judged as its MCP client as run --gateway judges it, one of:
${wrapHelp(gateways.join(", "), 22)}
  --gateway-module PATH
                      a gateway module of your own (docs/gateways.md), as with run
  --gateway-no-isolation
                      run the gateway outside its sandbox
  --trust-report-command
                      run the host command recorded in the report (read it first: a report is a file
                      anyone may have written); "~" and "$TMPDIR" in it are expanded; "node", "--import
                      tsx" and paths naming the package's own files (reference/main.ts, hosts/...) are
                      taken from the package, never the working directory; other relative paths are
                      relative to the working directory. A report naming a built-in host replays that
                      host, with or without this flag. Not with a host of your own
  --transport T       stdio or http (default: the report's, else http when the host loads it)
  --profile NAME      naming profile (default: the report's)
  --emit FILE         also write a standalone vitest regression test that replays this case by value
  --expect V          what the emitted test asserts: pass (default: the clause holds, the bug stays fixed)
                      or violated (the violation still shows)
  --timeout MS        longest wait for one adapter answer (default 30000; 300000 for an agent or gateway)
  --case-timeout MS   longest the case may take (default 120000; 1800000 for an agent or gateway)
  --max-line-bytes N  longest line the adapter may write (default 33554432, 32 MiB)
  -h, --help          this text

Exit codes: 0 the clause held, 1 it was violated, 2 the host broke, the clause does not apply, or bad usage
(including a report that fails its check or a counterexample that is not a case of the clause).
`;
