/**
 * Cline CLI (`cline`) driven black box through `cline --yolo --json "<prompt>"`: a fresh home whose
 * `.cline/data/settings/` holds `providers.json` (the OpenAI-compatible provider at the fake one, a dummy
 * key: what `cline auth --provider openai --baseurl ... --apikey ... --modelid ...` writes, written
 * directly since that step is a whole CLI start of 15 s on a loaded machine), `global-settings.json`
 * (telemetry opted out, auto-update off) and the MCP settings file `CLINE_MCP_SETTINGS_PATH` names
 * (`mcpServers`, stdio as `command`/`args`/`env`, HTTP as `type: "streamableHttp"`).
 *
 * Its wire is Chat Completions; the MCP tool `x` of server `k` is offered as `k__x`, a name it had to
 * change (characters outside `[A-Za-z0-9_-]`, or over 64 characters) with an 8-hex hash suffix. `--yolo`
 * runs every call without a prompt. Cline ends a session only on its own `submit_and_exit` tool (plain
 * text makes it ask again, for ever), so that is the closing reply. It names a server that failed to
 * load only in its log file (`~/.cline/data/logs/cline.log`: `[mcp] Failed to load tools from MCP server
 * "<key>", skipping: ...`), read as diagnostics; its JSON output says nothing of it. One variant: `default`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HeldTurn, ModelReply, ProviderToolResult } from "../../../fake-servers/index.ts";
import { registeredManifest, type HostError, type ServerConfig, type VisibleTool } from "../../../harness/index.ts";
import type { AgentCli, AgentModule, Launch, LaunchContext } from "../../../harness/agent-kit.ts";

/** The model id written for the provider (Cline takes any id for an OpenAI-compatible provider). */
export const CLINE_MODEL = "mcp-collide-fake";

/** `providers.json`, as `cline auth --provider openai --baseurl <origin>/v1 --apikey <key> --modelid <model>` writes it (3.0.65). */
export function clineProviders(providerOrigin: string, apiKey: string): unknown {
  return {
    version: 1,
    lastUsedProvider: "openai-compatible",
    modes: {},
    providers: {
      "openai-compatible": {
        settings: { provider: "openai-compatible", apiKey, model: CLINE_MODEL, baseUrl: `${providerOrigin}/v1` },
        updatedAt: "2026-12-05T00:00:00.000Z",
        tokenSource: "manual",
      },
    },
  };
}

/** The MCP settings file for one session: every server under its HAP/1 key, in configuration order. */
export function clineMcpSettings(servers: readonly ServerConfig[]): unknown {
  return {
    mcpServers: Object.fromEntries(servers.map((server) => [server.key, server.transport.type === "http"
      ? { type: "streamableHttp", url: server.transport.url }
      : { command: server.transport.command, args: server.transport.args, env: server.transport.env ?? {} }])),
  };
}

/**
 * A tool result as Cline hands it to the model: the MCP `CallToolResult` as JSON (`{"content":[...]}`,
 * with `"isError":true` kept), or `{"error":"..."}` for a call it refused or that failed on the way (a
 * name it does not have, arguments its schema check refused, a server gone). Read back as its text, marked
 * an error where Cline said so; anything else is kept as it came.
 */
export function clineResult(result: ProviderToolResult): ProviderToolResult {
  let value: unknown;
  try {
    value = JSON.parse(result.text);
  } catch {
    return result;
  }
  if (!value || typeof value !== "object") return result;
  const record = value as { error?: unknown; isError?: unknown; content?: unknown };
  if (typeof record.error === "string") return { ...result, isError: true, text: record.error };
  if (!Array.isArray(record.content)) return result;
  const text = record.content.map((part: { type?: unknown; text?: unknown }) => (typeof part?.text === "string" ? part.text : JSON.stringify(part))).join("\n");
  return { ...result, isError: record.isError === true, text };
}

/** Lines of Cline's own output (its JSON events, stderr) about an MCP server failing: none seen in 3.0.65, kept honest. */
export function clineErrors(output: { stdout: string; stderr: string }): HostError[] {
  return (["stdout", "stderr"] as const).flatMap((channel) => output[channel].split("\n")
    .filter((line) => /\bMCP\b/i.test(line) && /(fail|error|could not|unable)/i.test(line))
    .slice(0, 50).map((line) => ({ message: line.trim().slice(0, 2000), channel })));
}

/** The file in the session's working directory that a re-list reads. */
export const RELIST_FILE = "mcp-collide-relist.txt";

/** Cline CLI (one variant). */
export function cline(): AgentCli {
  return {
    id: "cline",
    variant: "default",
    packageName: "cline",
    binName: "cline",
    frontEnd: "openai-chat",
    describe: "OpenAI-compatible provider, --yolo (every call auto-approved), --json output, telemetry opted out",
    launch(context: LaunchContext): Launch {
      const settings = join(context.home, ".cline", "data", "settings");
      mkdirSync(settings, { recursive: true, mode: 0o700 });
      writeFileSync(join(settings, "providers.json"), JSON.stringify(clineProviders(context.providerOrigin, context.apiKey)), { mode: 0o600 });
      writeFileSync(join(settings, "global-settings.json"), JSON.stringify({ telemetryOptOut: true, autoUpdateEnabled: false }), { mode: 0o600 });
      // What a re-list reads (relistReply): a line per turn, so no two re-listing calls are identical.
      writeFileSync(join(context.cwd, RELIST_FILE), Array.from({ length: 64 }, (_, at) => `line ${at + 1}`).join("\n"), { mode: 0o644 });
      const mcp = join(settings, "cline_mcp_settings.json");
      writeFileSync(mcp, JSON.stringify(clineMcpSettings(context.servers)), { mode: 0o600 });
      return {
        argv: [context.bin, "--yolo", "--json", "--cwd", context.cwd, context.prompt],
        env: { HOME: context.home, CLINE_MCP_SETTINGS_PATH: mcp, NO_COLOR: "1" },
      };
    },
    surface: (turn: HeldTurn): VisibleTool[] => turn.content.tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
    callReplies: (tool, args, id) => [{ type: "tool-call", id, name: tool.name, arguments: args }],
    // Its failures are structured (`{"error":...}`, read by resultOf): no words of its own in plain text.
    failureTexts: [],
    resultOf: (results: readonly ProviderToolResult[], id: string) => {
      const result = results.find((candidate) => candidate.id === id);
      return result && clineResult(result);
    },
    // A call of a tool Cline does not have is one of the three consecutive mistakes it stops at (`--retries`,
    // default 3), so a re-list reads a line of a file in its working directory with its own read_files.
    relistReply: (id, turn, { cwd }) => ({ type: "tool-call", id, name: "read_files", arguments: { files: [{ path: join(cwd, RELIST_FILE), start_line: ((turn - 1) % 64) + 1, end_line: ((turn - 1) % 64) + 1 }] } }),
    closingReply: (id: string): ModelReply => ({ type: "tool-call", id, name: "submit_and_exit", arguments: { summary: "mcp-collide: the scripted calls are done.", verified: true } }),
    errorsOf: (output) => clineErrors(output),
    logFiles: ({ home }) => [join(home, ".cline", "data", "logs")],
  };
}

/** The cline module: its manifest is its cli.json; one AgentCli per variant cli.json names (`--agent cline [--agent-variant V]`). */
export default { manifest: registeredManifest("cline"), variants: { default: () => cline() } } satisfies AgentModule;
