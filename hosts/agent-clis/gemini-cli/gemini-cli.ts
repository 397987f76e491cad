/**
 * Gemini CLI (`@google/gemini-cli`) driven black box through `gemini -p`: a fresh `GEMINI_CLI_HOME` whose
 * `.gemini/settings.json` holds `mcpServers` (each `trust: true`, so a call runs without a prompt), API-key
 * auth (`security.auth.selectedType: "gemini-api-key"`, a dummy `GEMINI_API_KEY`, `GOOGLE_GEMINI_BASE_URL`
 * at the fake provider), usage statistics, telemetry and update checks off, and the empty working directory
 * trusted (`GEMINI_CLI_TRUST_WORKSPACE=true`). Gemini CLI first sends a non-streaming routing call with a
 * JSON response schema; the provider answers it. One variant: `default`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HeldTurn, ProviderToolResult } from "../../../fake-servers/index.ts";
import { registeredManifest, type HostError, type ServerConfig, type VisibleTool } from "../../../harness/index.ts";
import type { AgentCli, AgentModule, Launch, LaunchContext } from "../../../harness/agent-kit.ts";

/** The settings.json for one session. */
export function geminiSettings(servers: readonly ServerConfig[]): unknown {
  const mcpServers = Object.fromEntries(servers.map((server) => [server.key, server.transport.type === "http"
    ? { httpUrl: server.transport.url, trust: true }
    : { command: server.transport.command, args: server.transport.args, ...(server.transport.env ? { env: server.transport.env } : {}), trust: true }]));
  return {
    security: { auth: { selectedType: "gemini-api-key" } },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    general: { disableAutoUpdate: true, disableUpdateNag: true },
    mcpServers,
  };
}

/** Lines of Gemini CLI's output that report an MCP server failing, as errors. */
export function geminiErrors(output: string): HostError[] {
  return output.split("\n").filter((line) => /\bMCP\b/i.test(line) && /(error|fail|could not|unable|invalid)/i.test(line)).slice(0, 50).map((message) => ({ message: message.trim() }));
}

/** Gemini CLI (one variant). */
export function geminiCli(): AgentCli {
  return {
    id: "gemini-cli",
    variant: "default",
    packageName: "@google/gemini-cli",
    binName: "gemini",
    frontEnd: "gemini",
    // McpClient.refreshTools re-lists a server on list_changed and the next turn's functionDeclarations carry the new list.
    relists: true,
    describe: "API-key auth, every server trusted (as its docs show for headless use)",
    launch(context: LaunchContext): Launch {
      mkdirSync(join(context.home, ".gemini"), { mode: 0o700 });
      writeFileSync(join(context.home, ".gemini", "settings.json"), JSON.stringify(geminiSettings(context.servers)), { mode: 0o600 });
      return {
        argv: [context.bin, "-p", context.prompt],
        env: {
          HOME: context.home, GEMINI_CLI_HOME: context.home, GEMINI_API_KEY: context.apiKey, GOOGLE_GEMINI_BASE_URL: context.providerOrigin,
          GEMINI_CLI_TRUST_WORKSPACE: "true", NO_COLOR: "1", GEMINI_TELEMETRY_ENABLED: "false",
        },
      };
    },
    surface: (turn: HeldTurn): VisibleTool[] => turn.content.tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
    callReplies: (tool, args, id) => [{ type: "tool-call", id, name: tool.name, arguments: args }],
    // Gemini may drop the call id: then the last result under the called name.
    resultOf: (results: readonly ProviderToolResult[], id: string, name: string) =>
      results.find((result) => result.id === id) ?? results.filter((result) => result.id === undefined && result.name === name).at(-1),
    errorsOf: ({ stdout, stderr }) => geminiErrors(`${stderr}\n${stdout}`),
  };
}

/** The gemini-cli module: its manifest is its cli.json; one AgentCli per variant cli.json names (`--agent gemini-cli [--agent-variant V]`). */
export default { manifest: registeredManifest("gemini-cli"), variants: { default: () => geminiCli() } } satisfies AgentModule;
