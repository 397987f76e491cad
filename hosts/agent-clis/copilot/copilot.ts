/**
 * GitHub Copilot CLI (`@github/copilot`) driven black box through `copilot -p`: servers in
 * `<home>/.copilot/mcp-config.json` (`type: "local"` or `"http"`, `tools: ["*"]`), offline BYOK mode
 * (`COPILOT_OFFLINE=true`: no GitHub login, telemetry, web tools, GitHub MCP server or auto-update;
 * `COPILOT_PROVIDER_BASE_URL` at the fake provider, a dummy `COPILOT_PROVIDER_API_KEY`, a model it has no
 * catalogue entry for), `--allow-all-tools` so a call runs without a prompt, and `--output-format json`,
 * whose event stream says which MCP server failed (`session.mcp_server_status_changed`, status `failed`,
 * with the error); the default text output says nothing about it, and the log file
 * (`~/.copilot/logs/`) names it too, read as diagnostics.
 *
 * Its provider wire is Chat Completions (`COPILOT_PROVIDER_WIRE_API` defaults to `completions`); the MCP
 * tool `x` of server `k` is offered as the function `k-x`, with names built alike on its Responses and
 * Anthropic wires (measured 2026-12-05), so one variant: `default`. Copilot unpacks its 235 MB package
 * into a cache on first start (5 s); `COPILOT_PKG_CACHE_HOME` points every session of one adapter at one
 * copy in the folder they share (the package only, never state: each session's home is fresh).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HeldTurn, ProviderToolResult } from "../../../fake-servers/index.ts";
import { registeredManifest, type HostError, type ServerConfig, type VisibleTool } from "../../../harness/index.ts";
import type { AgentCli, AgentModule, Launch, LaunchContext } from "../../../harness/agent-kit.ts";

/** A model id Copilot has no catalogue entry for (it falls back to default token limits, and says so in its log). */
export const COPILOT_MODEL = "mcp-collide-fake";

/** The `mcp-config.json` for one session: every server under its HAP/1 key, in configuration order, all tools enabled. */
export function copilotMcpConfig(servers: readonly ServerConfig[]): unknown {
  return {
    mcpServers: Object.fromEntries(servers.map((server) => [server.key, server.transport.type === "http"
      ? { type: "http", url: server.transport.url, tools: ["*"] }
      : { type: "local", command: server.transport.command, args: server.transport.args, env: server.transport.env ?? {}, tools: ["*"] }])),
  };
}

const StatusEvent = (line: string): { serverName?: unknown; status?: unknown; error?: unknown } | undefined => {
  if (!line.startsWith("{")) return undefined;
  try {
    const event = JSON.parse(line) as { type?: unknown; data?: { serverName?: unknown; status?: unknown; error?: unknown } };
    return event.type === "session.mcp_server_status_changed" ? event.data : undefined;
  } catch {
    return undefined;
  }
};

/** Each MCP server the JSON event stream reported `failed`, with Copilot's error, once per server. */
export function copilotErrors(stdout: string, keys: readonly string[]): HostError[] {
  const failed = new Map<string, string>();
  for (const line of stdout.split("\n")) {
    const data = StatusEvent(line.trim());
    if (!data || data.status !== "failed" || typeof data.serverName !== "string") continue;
    failed.set(data.serverName, `MCP server ${JSON.stringify(data.serverName)} failed${typeof data.error === "string" ? `: ${data.error}` : ""}`);
  }
  return [...failed].map(([name, message]) => ({ ...(keys.includes(name) ? { server: name } : {}), message, channel: "stdout" as const }));
}

/**
 * A tool result as the model read it. Chat Completions has no error flag: Copilot hands the model a failed
 * call's error message instead of its output (`tool.execution_complete` says `success: false`), which is
 * `MCP server '<key>': <text>` for a tool's `isError: true` result and `Tool '<name>' does not exist. ...`
 * for a name it does not have; those read as errors.
 */
export function copilotResult(result: ProviderToolResult): ProviderToolResult {
  return COPILOT_FAILED.some((pattern) => pattern.test(result.text)) ? { ...result, isError: true } : result;
}

/** Copilot's own words for a failed call (its failureTexts): see {@link copilotResult}. */
export const COPILOT_FAILED: readonly RegExp[] = [/^MCP server '[^']*': /, /^Tool '[^']*' does not exist\./];

/** Copilot CLI (one variant). */
export function copilot(): AgentCli {
  return {
    id: "copilot",
    // Measured on the pinned version: after notifications/tools/list_changed its next turn offers the new list (drift/list-changed held: a tool removed, added, renamed).
    relists: true,
    variant: "default",
    packageName: "@github/copilot",
    binName: "copilot",
    frontEnd: "openai-chat",
    describe: "offline BYOK (COPILOT_OFFLINE=true), Chat Completions wire (its default), every tool allowed, JSON event output",
    launch(context: LaunchContext): Launch {
      mkdirSync(join(context.home, ".copilot"), { mode: 0o700 });
      writeFileSync(join(context.home, ".copilot", "mcp-config.json"), JSON.stringify(copilotMcpConfig(context.servers)), { mode: 0o600 });
      return {
        argv: [
          context.bin, "-p", context.prompt, "--allow-all-tools", "--output-format", "json", "--no-auto-update", "--no-ask-user",
          "--disable-builtin-mcps", "--no-custom-instructions", "--disable-client-telemetry", "--no-color",
        ],
        env: {
          HOME: context.home, COPILOT_OFFLINE: "true", COPILOT_PROVIDER_BASE_URL: `${context.providerOrigin}/v1`,
          COPILOT_PROVIDER_API_KEY: context.apiKey, COPILOT_MODEL, COPILOT_AUTO_UPDATE: "false", NO_COLOR: "1",
          // The unpacked package (code only) is shared by the sessions of one adapter.
          COPILOT_PKG_CACHE_HOME: context.shared ?? join(context.home, ".cache", "copilot"),
        },
      };
    },
    surface: (turn: HeldTurn): VisibleTool[] => turn.content.tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
    callReplies: (tool, args, id) => [{ type: "tool-call", id, name: tool.name, arguments: args }],
    failureTexts: COPILOT_FAILED,
    errorsOf: ({ stdout }, keys) => copilotErrors(stdout, keys),
    logFiles: ({ home }) => [join(home, ".copilot", "logs")],
    sharedFolder: "copilot-package",
  };
}

/** The copilot module: its manifest is its cli.json; one AgentCli per variant cli.json names (`--agent copilot [--agent-variant V]`). */
export default { manifest: registeredManifest("copilot"), variants: { default: () => copilot() } } satisfies AgentModule;
