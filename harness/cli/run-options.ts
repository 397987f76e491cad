/**
 * The `run` command line (public contract):
 * `mcp-collide run [--runs N] [--seed S] [--clause ID]... [--transport stdio|http] [--profile NAME] [--out DIR] [-- host argv...]`
 * plus extensions: `--host NAME`, `--path P`, `--strict`, `--timeout MS`, `--case-timeout MS`,
 * `--baseline FILE`, `--write-baseline FILE`, `--workers N`, `--shard i/n`, `--list-changed-timeout MS`,
 * `--max-line-bytes N`, `--https`, `--require CAP`, `--agent ID`, `--agent-module PATH`, `--agent-bin PATH`,
 * `--agent-variant V`, `--agent-no-isolation`, `--cache-observations`, `--gateway ID`, `--gateway-module PATH`,
 * `--gateway-no-isolation`.
 */
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { z } from "zod";
import { DEFAULT_ANSWER_TIMEOUT_MS } from "../adapter/hap-client.ts";
import { REQUIRABLE_CAPABILITIES } from "../runner/missing-capability.ts";
import { agentClis, agentHelpLines } from "./agent-registry.ts";
import { gateways } from "./gateway-registry.ts";
import { checkHostFlags, hostBounds, hostFlagSpecs, hostFlagValues, HostFlagsSchema } from "./host-flags.ts";
import { MaxLineBytesSchema } from "./max-line-bytes.ts";
import { splitHostArgv } from "./split-host-argv.ts";

/** Random cases per clause (after its constructed cases) when `--runs` is not given: what the power table (`npm run power`) measures. */
export const DEFAULT_RUNS = 25;
/**
 * Random cases per clause for an agent CLI (`--agent`) when `--runs` is not given: its sessions cost seconds,
 * and its coverage plan already judges every listed hazard, so random exploration is kept short (a full report
 * of each pinned CLI in minutes: bench/agent-report.ts).
 */
export const AGENT_DEFAULT_RUNS = 3;

/** Parsed and checked options of `mcp-collide run`. */
export const RunCliOptionsSchema = HostFlagsSchema.extend({
  runs: z.coerce.number().int().min(1).max(100_000).optional(),
  seed: z.coerce.number().int().min(-(2 ** 31)).max(2 ** 31 - 1).optional(),
  clause: z.array(z.string()).default([]),
  transport: z.enum(["stdio", "http"]).optional(),
  https: z.boolean().default(false),
  profile: z.string().optional(),
  out: z.string().default("mcp-collide-report"),
  path: z.string().regex(/^\d+(:\d+)*$/, "a fast-check path such as 12:0:3").optional(),
  cacheObservations: z.boolean().optional(),
  strict: z.boolean().default(false),
  require: z.array(z.enum(REQUIRABLE_CAPABILITIES, { message: `a capability a clause can need: ${REQUIRABLE_CAPABILITIES.join(", ")}` })).default([]),
  baseline: z.string().min(1).optional(),
  writeBaseline: z.string().min(1).optional(),
  timeout: z.coerce.number().int().min(100).optional(),
  caseTimeout: z.coerce.number().int().min(100).optional(),
  shrinkBudget: z.coerce.number().int().min(0).optional(),
  workers: z.coerce.number().int().min(1).max(64).optional(),
  shard: z.string().regex(/^\d+\/\d+$/, "i/n, such as 2/4").optional(),
  listChangedTimeout: z.coerce.number().int().min(10).default(2_000),
  maxLineBytes: MaxLineBytesSchema,
  help: z.boolean().default(false),
  hostArgv: z.array(z.string()).default([]),
});
/** Parsed options of `mcp-collide run`, with the defaults that depend on the host filled in. */
export type RunCliOptions = Omit<z.infer<typeof RunCliOptionsSchema>, "runs" | "timeout" | "caseTimeout" | "shrinkBudget" | "workers" | "cacheObservations"> & {
  runs: number;
  /** Longest a clause may spend shrinking one violation, in ms (undefined: no bound). */
  shrinkBudget: number | undefined;
  timeout: number;
  caseTimeout: number;
  workers: number;
  cacheObservations: boolean;
};

/**
 * Defaults for an agent CLI (`--agent`), whose sessions cost seconds (a CLI process each) and mostly wait:
 * longer bounds, twice as many workers as cores, and the observation cache on.
 */
const agentDefaults = { runs: AGENT_DEFAULT_RUNS, shrinkBudget: 180_000, workersPerCore: 2, cacheObservations: true };

/** Parses `run`'s arguments (without the word `run`); throws a readable message on a bad option. */
export function parseRunOptions(argv: readonly string[]): RunCliOptions {
  const { own, hostArgv } = splitHostArgv(argv);
  const { values, positionals } = parseArgs({
    args: own,
    allowPositionals: true,
    strict: true,
    options: {
      runs: { type: "string" }, seed: { type: "string" }, clause: { type: "string", multiple: true },
      transport: { type: "string" }, profile: { type: "string" }, out: { type: "string" }, path: { type: "string" },
      ...hostFlagSpecs, strict: { type: "boolean" }, timeout: { type: "string" },
      "case-timeout": { type: "string" }, "shrink-budget": { type: "string" }, help: { type: "boolean", short: "h" },
      baseline: { type: "string" }, "write-baseline": { type: "string" },
      workers: { type: "string" }, shard: { type: "string" }, "list-changed-timeout": { type: "string" },
      "cache-observations": { type: "boolean" }, "max-line-bytes": { type: "string" }, https: { type: "boolean" },
      require: { type: "string", multiple: true },
    },
  });
  if (positionals.length > 0) throw new Error(`unexpected argument "${positionals[0]}" (a host command goes after "--")`);
  const { flags, rest: { "case-timeout": caseTimeout, "shrink-budget": shrinkBudget, "write-baseline": writeBaseline, "list-changed-timeout": listChangedTimeout,
    "cache-observations": cacheObservations, "max-line-bytes": maxLineBytes, ...rest } } = hostFlagValues(values);
  const parsed = RunCliOptionsSchema.safeParse({ ...rest, ...flags, caseTimeout, shrinkBudget, writeBaseline, listChangedTimeout, cacheObservations, maxLineBytes, hostArgv });
  if (!parsed.success) throw new Error(z.prettifyError(parsed.error));
  const kind = checkHostFlags(parsed.data, hostArgv);
  // A gateway, like an agent CLI, costs a process per session: the same longer bounds and fewer random cases.
  const agent = kind.agentCli || kind.gateway;
  return {
    ...parsed.data,
    runs: parsed.data.runs ?? (agent ? agentDefaults.runs : DEFAULT_RUNS),
    shrinkBudget: parsed.data.shrinkBudget ?? (agent ? agentDefaults.shrinkBudget : undefined),
    ...hostBounds(kind, parsed.data),
    workers: parsed.data.workers ?? availableParallelism() * (agent ? agentDefaults.workersPerCore : 1),
    cacheObservations: parsed.data.cacheObservations ?? agent,
  };
}

/** `text` wrapped to the help text's width, every line indented by `indent` (later lines two more). */
export function wrapHelp(text: string, indent: number, width = 106): string {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const room = width - indent - (lines.length === 0 ? 0 : 2);
    if (line !== "" && line.length + 1 + word.length > room) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.map((part, index) => `${" ".repeat(indent + (index === 0 ? 0 : 2))}${part}`).join("\n");
}

/** `mcp-collide run --help`. */
export const runHelp = `Usage: mcp-collide run [options] [-- host-adapter-command [args...]]

Runs the clause catalogue as properties against a host under test and writes a report.
With no "--" and no --host, the host is the built-in reference host (a correct host).

Options:
  --runs N            random cases per clause (default 25; 3 with --agent). Every clause first judges
                      each hazard it is about on a world built for it (its coverage plan: the same at
                      every seed and every N, so a known hazard is never missed by an unlucky draw); the
                      N random cases then explore further. A pass needs every situation the clause
                      requires judged, not merely drawn; where no case could judge one (the host refused
                      every world holding it for another reason), the clause is INCONCLUSIVE, and says
                      which situation and what the host did on each world built for it
  --seed S            fast-check seed (default: random, printed and written to the report);
                      the same seed gives the same cases and the same verdicts
  --clause ID         run only this clause (repeatable), e.g. --clause surface/no-silent-loss
  --path P            replay exactly one case: the fast-check path from a report (use with --seed and --clause)
  --transport T       how fake servers are reached: stdio (the host spawns them) or http (127.0.0.1);
                      default http when the host loads http servers (fastest), else stdio
  --https             serve the http servers as https (127.0.0.1), with a CA made for this run and
                      deleted with it; session/open hands the adapter the CA (tls.caCertificate,
                      tls.caFile). Also on when the adapter declares capabilities.https
  --profile NAME      naming profile for names/provider-valid and names/profile:
                      default, adr-0112, anthropic-128, bedrock-agent, gemini, portable
                      (default: the one the host claims in initialize, else none for names/profile)
  --out DIR           where the report is written (default ./mcp-collide-report): report.json,
                      report.md (for a GitHub step summary), report.html (self-contained), junit.xml,
                      report.sarif (the defects, for GitHub code scanning); each opens with the defects;
                      checked and made before the run (a file, an unwritable or special path is bad
                      usage), written atomically, and locked: one run at a time per directory; every
                      format fails exactly the clauses the exit code fails (a warning: --strict).
                      report.json carries contentSha256: a hash that detects accidental edits; anyone
                      can recompute it, so it is not a signature (docs/ci.md)
  --host NAME         a built-in host: "reference" or a one-bug host id (see: mcp-collide hosts)
  --agent ID          an agent CLI, judged black box through a fake model provider (the pinned CLIs:
                      npm run agents:install), one of:
${wrapHelp(agentClis.join(", "), 22)}
                      Each session is one CLI process in its own loopback-only network namespace.
                      Changes the defaults:
                      --runs 3, --timeout 300000, --case-timeout 1800000, --shrink-budget 180000,
                      --workers 2 x cores, --cache-observations
  --agent-module PATH an agent CLI described by an agent module of your own (a .ts, .js or .mjs file whose
                      default export is { manifest, variants }: docs/agent-modules.md), judged as --agent
                      judges a registered one, with its defaults; its CLI is the package its manifest names,
                      as installed beside the module (or --agent-bin)
  --agent-bin PATH    judge this installed CLI instead of the pinned one (the report records its version)
  --agent-variant V   a named configuration (default: default, what users get), per CLI:
${agentHelpLines().map((line) => wrapHelp(line, 24)).join("\n")}
  --agent-no-isolation
                      run the CLI outside its sandbox (docs/sandbox.md), with the adapter's uid,
                      network and files (the adapter refuses to otherwise where the sandbox cannot be
                      built); the report says which isolation was in force
  --gateway ID        an MCP gateway (it merges several MCP servers into one), judged as its MCP client
                      (docs/gateways.md; the pinned gateways: npm run gateways:install), one of:
${wrapHelp(gateways.join(", "), 22)}
                      Each session is one gateway process in its own sandbox; what no client of a
                      gateway can see is NOT-APPLICABLE. The defaults change as with --agent
  --gateway-module PATH
                      a gateway module of your own (a .ts or .js file exporting default
                      { manifest, launch }: docs/gateways.md), its gateway installed beside it
  --gateway-no-isolation
                      run the gateway outside its sandbox, with the adapter's uid, network and files
  --cache-observations
                      observe each distinct world once per run and serve it again from a cache (never
                      twice within one case, so a clause comparing two opens of one world still compares
                      two real sessions); on by default with --agent
  --strict            SHOULD clauses gate the exit code too
  --require CAP       the host has this capability (repeatable): a clause NOT-APPLICABLE because the
                      adapter did not declare it FAILs instead, so an adapter that hides a feature cannot
                      turn its clauses into N/A. One of: ${REQUIRABLE_CAPABILITIES.join(", ")}
  --baseline FILE     known failures, {"expectedFailures": ["clause-id", ...]}: a listed failure does not
                      gate; a listed clause that now passes is a stale entry and fails the run (a regular
                      file of at most 1 MiB: a FIFO or device is bad usage)
  --write-baseline F  write this run's failures (fail, warn, inconclusive) as a baseline file
  --timeout MS        longest wait for one adapter answer, initialize (its start) included (default
                      ${DEFAULT_ANSWER_TIMEOUT_MS}, as check-adapter); a hang earns ERROR
  --case-timeout MS   longest one generated case (and the clean-world open that reads the host's join)
                      may take (default 120000); a case past it earns ERROR, and the host gets as long
                      again to finish what it was asked before it is asked anything else, or relaunched
  --shrink-budget MS  longest one clause may spend shrinking a violation (default: no bound; 180000 with
                      --agent); past it the smallest case found so far is reported, and the report says
                      it may not be the smallest (a constructed case is never shrunk: it is built smallest)
  --max-line-bytes N  longest line the adapter may write (default 33554432, 32 MiB); a longer one, or an
                      end of its stdout while it runs, breaks the adapter at once (ERROR)
  --workers N         host processes running clauses at once (default: the number of cores); the report
                      is the one a serial run gives (observation-cache counts aside)
  --shard i/n         run only every n-th clause starting at the i-th (1-based), for CI matrices;
                      combine the shards' report.json files with: mcp-collide merge
  --list-changed-timeout MS
                      how long drift/list-changed waits for the host to show a changed list (default 2000)
  -h, --help          this text

Host adapter: any program that speaks HAP/1 (JSON-RPC, one message per line on stdin/stdout);
see docs/hap-1.md and docs/adapters.md in the package.
Example: mcp-collide run -- python3 my_adapter.py --verbose

Exit codes:
  0  every MUST clause passed (SHOULD clauses too with --strict), failures listed in --baseline aside
  1  a clause failed, or a MUST clause was inconclusive (a situation it needs was never judged),
     or a --baseline entry is stale (that clause now passes)
  2  the harness or the host adapter broke (crash, hang, garbage, protocol violation), or bad usage
     (a bad option, an unreadable or malformed baseline file); a baseline never excuses a broken host
  130/143/129  stopped by SIGINT (Ctrl-C) / SIGTERM / SIGHUP: adapters and their servers are killed,
     no report is written
`;
