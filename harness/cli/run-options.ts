/**
 * The `run` command line (public contract):
 * `mcp-collide run [--runs N] [--seed S] [--clause ID]... [--transport stdio|http] [--profile NAME] [--out DIR] [-- host argv...]`
 * plus extensions: `--host NAME`, `--path P`, `--strict`, `--timeout MS`, `--case-timeout MS`,
 * `--baseline FILE`, `--write-baseline FILE`, `--workers N`, `--shard i/n`, `--list-changed-timeout MS`.
 */
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";
import { z } from "zod";
import { splitHostArgv } from "./split-host-argv.ts";

/** Parsed and checked options of `mcp-collide run`. */
export const RunCliOptionsSchema = z.object({
  runs: z.coerce.number().int().min(1).max(100_000).default(25),
  seed: z.coerce.number().int().min(-(2 ** 31)).max(2 ** 31 - 1).optional(),
  clause: z.array(z.string()).default([]),
  transport: z.enum(["stdio", "http"]).optional(),
  profile: z.string().optional(),
  out: z.string().default("mcp-collide-report"),
  path: z.string().regex(/^\d+(:\d+)*$/, "a fast-check path such as 12:0:3").optional(),
  host: z.string().optional(),
  strict: z.boolean().default(false),
  baseline: z.string().min(1).optional(),
  writeBaseline: z.string().min(1).optional(),
  timeout: z.coerce.number().int().min(100).default(30_000),
  caseTimeout: z.coerce.number().int().min(100).default(120_000),
  workers: z.coerce.number().int().min(1).max(64).default(availableParallelism()),
  shard: z.string().regex(/^\d+\/\d+$/, "i/n, such as 2/4").optional(),
  listChangedTimeout: z.coerce.number().int().min(10).default(2_000),
  help: z.boolean().default(false),
  hostArgv: z.array(z.string()).default([]),
});
/** Parsed options of `mcp-collide run`. */
export type RunCliOptions = z.infer<typeof RunCliOptionsSchema>;

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
      host: { type: "string" }, strict: { type: "boolean" }, timeout: { type: "string" },
      "case-timeout": { type: "string" }, help: { type: "boolean", short: "h" },
      baseline: { type: "string" }, "write-baseline": { type: "string" },
      workers: { type: "string" }, shard: { type: "string" }, "list-changed-timeout": { type: "string" },
    },
  });
  if (positionals.length > 0) throw new Error(`unexpected argument "${positionals[0]}" (a host command goes after "--")`);
  const { "case-timeout": caseTimeout, "write-baseline": writeBaseline, "list-changed-timeout": listChangedTimeout, ...rest } = values;
  const parsed = RunCliOptionsSchema.safeParse({ ...rest, caseTimeout, writeBaseline, listChangedTimeout, hostArgv });
  if (!parsed.success) throw new Error(z.prettifyError(parsed.error));
  if (parsed.data.host && hostArgv.length > 0) throw new Error("give either --host NAME or a host command after --, not both");
  return parsed.data;
}

/** `mcp-collide run --help`. */
export const runHelp = `Usage: mcp-collide run [options] [-- host-adapter-command [args...]]

Runs the clause catalogue as properties against a host under test and writes a report.
With no "--" and no --host, the host is the built-in reference host (a correct host).

Options:
  --runs N            generated cases per clause (default 25); while a situation the clause needs
                      (e.g. a separator clash) has not arisen, up to 3N more are drawn and only those
                      showing it are run (all, for a situation only running a case shows), so a rare
                      situation costs cases, not an INCONCLUSIVE verdict
  --seed S            fast-check seed (default: random, printed and written to the report);
                      the same seed gives the same cases and the same verdicts
  --clause ID         run only this clause (repeatable), e.g. --clause surface/no-silent-loss
  --path P            replay exactly one case: the fast-check path from a report (use with --seed and --clause)
  --transport T       how fake servers are reached: stdio (the host spawns them) or http (127.0.0.1);
                      default http when the host loads http servers (fastest), else stdio
  --profile NAME      naming profile for names/provider-valid and names/profile:
                      default, adr-0112, anthropic-128, bedrock-agent, portable
                      (default: the one the host claims in initialize, else none for names/profile)
  --out DIR           where the report is written (default ./mcp-collide-report): report.json,
                      report.md (for a GitHub step summary), report.html (self-contained), junit.xml
  --host NAME         a built-in host: "reference" or a one-bug host id (see: mcp-collide hosts)
  --strict            SHOULD clauses gate the exit code too
  --baseline FILE     known failures, {"expectedFailures": ["clause-id", ...]}: a listed failure does not
                      gate; a listed clause that now passes is a stale entry and fails the run
  --write-baseline F  write this run's failures (fail, warn, inconclusive) as a baseline file
  --timeout MS        longest wait for one adapter answer (default 30000); a hang earns ERROR
  --case-timeout MS   longest one generated case may take (default 120000)
  --workers N         host processes running clauses at once (default: the number of cores); the report
                      is the one a serial run gives
  --shard i/n         run only every n-th clause starting at the i-th (1-based), for CI matrices;
                      combine the shards' report.json files with: mcp-collide merge
  --list-changed-timeout MS
                      how long drift/list-changed waits for the host to show a changed list (default 2000)
  -h, --help          this text

Host adapter: any program that speaks HAP/1 (JSON-RPC, one message per line on stdin/stdout);
see the README. Example: mcp-collide run -- python3 my_adapter.py --verbose

Exit codes:
  0  every MUST clause passed (SHOULD clauses too with --strict), failures listed in --baseline aside
  1  a clause failed, or a MUST clause was inconclusive (its situation never arose: raise --runs),
     or a --baseline entry is stale (that clause now passes)
  2  the harness or the host adapter broke (crash, hang, garbage, protocol violation), or bad usage
     (a bad option, an unreadable or malformed baseline file); a baseline never excuses a broken host
  130/143/129  stopped by SIGINT (Ctrl-C) / SIGTERM / SIGHUP: adapters and their servers are killed,
     no report is written
`;
