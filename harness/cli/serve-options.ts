/**
 * The `serve` command line: `mcp-collide serve WORLD | REPORT.json --clause ID | --list` with `--transport`,
 * `--provider`, `--out`, `--write-config`, `--list-changed-timeout` and `--app`.
 */
import { parseArgs } from "node:util";
import { z } from "zod";
import { PROVIDER_FRONT_ENDS } from "../serve/served-world.ts";

/** Parsed and checked options of `mcp-collide serve`. */
export const ServeCliOptionsSchema = z.object({
  target: z.string().min(1).optional(),
  clause: z.string().optional(),
  list: z.boolean().default(false),
  transport: z.enum(["stdio", "http"]).optional(),
  provider: z.enum(PROVIDER_FRONT_ENDS).optional(),
  out: z.string().min(1).default("mcp-collide-serve-report"),
  writeConfig: z.string().min(1).optional(),
  listChangedTimeout: z.coerce.number().int().min(10).default(2_000),
  app: z.string().min(1).max(200).optional(),
  help: z.boolean().default(false),
});
/** Parsed options of `mcp-collide serve`. */
export type ServeCliOptions = z.infer<typeof ServeCliOptionsSchema>;

/** `serve --help`. */
export const serveHelp = `Usage:
  mcp-collide serve WORLD [options]                 serve a named hazard world until Ctrl-C (or SIGTERM)
  mcp-collide serve REPORT.json --clause ID [options]  serve the world of a report's failing case of clause ID
  mcp-collide serve --list                          the named worlds, one line each

Starts the world's fake MCP servers on 127.0.0.1 (stdio through a small shim, or streamable HTTP), prints the
configuration for common hosts (a generic mcpServers file, .vscode/mcp.json, .cursor/mcp.json, Claude Desktop's
claude_desktop_config.json, Zed's context_servers) and a checklist of what a correct host shows and does here.
Point your app at them, use it, then stop serve: it writes a report judging only what the servers' records (and
the fake model provider's, with --provider) decide; every other clause is NOT-APPLICABLE ("serve mode cannot
see this"). See docs/serve.md.

Options:
  --transport stdio|http      how the servers are reached (default: stdio; http for worlds of one shared URL)
  --provider anthropic|openai-responses|chat-completions
                              also serve the fake model provider, for an app that takes a custom base URL and
                              API key (both printed): its model turns show the app's merged tool list
  --out DIR                   where the report goes when serve stops (default: mcp-collide-serve-report)
  --write-config DIR          also write every host's configuration file under DIR
  --list-changed-timeout MS   how long an app has to re-list after a list_changed notification (default 2000)
  --app NAME                  the app's name, for the report (default: unknown)
  -h, --help                  this text
`;

/** Parses `serve`'s arguments (without the word `serve`); throws a readable message on a bad combination. */
export function parseServeOptions(argv: readonly string[]): ServeCliOptions {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      clause: { type: "string" }, list: { type: "boolean" }, transport: { type: "string" }, provider: { type: "string" },
      out: { type: "string" }, "write-config": { type: "string" }, "list-changed-timeout": { type: "string" },
      app: { type: "string" }, help: { type: "boolean", short: "h" },
    },
  });
  if (positionals.length > 1) throw new Error(`expected one world or report, got ${positionals.map((arg) => `"${arg}"`).join(" ")}`);
  const { "write-config": writeConfig, "list-changed-timeout": listChangedTimeout, ...rest } = values;
  const parsed = ServeCliOptionsSchema.safeParse({ ...rest, writeConfig, listChangedTimeout, target: positionals[0] });
  if (!parsed.success) throw new Error(z.prettifyError(parsed.error));
  const options = parsed.data;
  if (options.help || options.list) return options;
  if (!options.target) throw new Error("give a world name (see serve --list), or a report and --clause ID");
  if (options.clause && !options.target.endsWith(".json")) throw new Error("--clause goes with a report file (REPORT.json)");
  if (!options.clause && options.target.endsWith(".json")) throw new Error("with a report file, give --clause ID: the clause whose failing case to serve");
  return options;
}
