/**
 * opencode (`opencode-ai`) driven black box through `opencode run "<prompt>"`: one JSON configuration file
 * named by `OPENCODE_CONFIG` holds a provider at the fake endpoint (`@ai-sdk/openai-compatible` with
 * `options.baseURL`, or in the `anthropic` variant its `anthropic` provider with `options.baseURL`), the
 * model, an `mcp` entry per server (`{"type":"local","command":[...]}` or `{"type":"remote","url"}`),
 * `permission: {"*":"allow"}` (no prompt before a call), `autoupdate: false` and sharing off. Every other
 * directory it reads or writes (XDG config, data, cache, state) is under the session's home. Its log files
 * (`<data>/opencode/log/*.log`) are read as diagnostics, channel `log-file`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HeldTurn, ProviderToolResult } from "../../../fake-servers/index.ts";
import { registeredManifest, type HostError, type ServerConfig, type VisibleTool } from "../../../harness/index.ts";
import type { AgentCli, AgentModule, Launch, LaunchContext } from "../../../harness/agent-kit.ts";

/** opencode's variants: the provider package it reaches the fake model through. */
export type OpencodeVariant = "default" | "anthropic";

/** The model id opencode is given (`<provider>/<model>`); the fake provider answers any. */
const MODEL = "mcp-collide-fake";

/** The opencode.json for one session. */
export function opencodeConfig(servers: readonly ServerConfig[], providerOrigin: string, apiKey: string, variant: OpencodeVariant): unknown {
  const mcp = Object.fromEntries(servers.map((server) => [server.key, server.transport.type === "http"
    ? { type: "remote", url: server.transport.url, enabled: true }
    : { type: "local", command: [server.transport.command, ...server.transport.args], ...(server.transport.env ? { environment: server.transport.env } : {}), enabled: true }]));
  const provider = variant === "anthropic"
    ? { anthropic: { options: { baseURL: `${providerOrigin}/v1`, apiKey }, models: { [MODEL]: { name: MODEL, tool_call: true } } } }
    : { fake: { npm: "@ai-sdk/openai-compatible", name: "mcp-collide fake provider", options: { baseURL: `${providerOrigin}/v1`, apiKey }, models: { [MODEL]: { name: MODEL, tool_call: true } } } };
  return {
    $schema: "https://opencode.ai/config.json",
    provider,
    model: `${variant === "anthropic" ? "anthropic" : "fake"}/${MODEL}`,
    small_model: `${variant === "anthropic" ? "anthropic" : "fake"}/${MODEL}`,
    mcp,
    permission: { "*": "allow" },
    autoupdate: false,
    share: "disabled",
  };
}

/**
 * opencode's own words for a call it could not make, on a wire with no error flag (Chat Completions): a name
 * it does not have goes to its `invalid` tool, whose output begins `The arguments provided to the tool are
 * invalid:`. The tool's own text never counts.
 */
export const OPENCODE_FAILED = /^The arguments provided to the tool are invalid: /;

/** Lines of opencode's printed output that report an MCP server failing, as errors (channel kept). */
export function opencodeErrors(output: { stdout: string; stderr: string }): HostError[] {
  return (["stderr", "stdout"] as const).flatMap((channel) => output[channel].split("\n")
    .filter((line) => /\bmcp\b/i.test(line) && /(error|fail|could not|unable|invalid)/i.test(line))
    .map((line) => ({ message: line.trim(), channel }))).slice(0, 50);
}

/** opencode in `variant`. */
export function opencode(variant: OpencodeVariant): AgentCli {
  return {
    id: "opencode",
    // Measured on the pinned version: after notifications/tools/list_changed its next turn offers the new list (drift/list-changed held: a tool removed, added, renamed).
    relists: true,
    variant,
    packageName: "opencode-ai",
    binName: "opencode",
    frontEnd: variant === "anthropic" ? "anthropic" : "openai-chat",
    describe: variant === "anthropic"
      ? "its anthropic provider at the fake Anthropic Messages endpoint, every permission allowed"
      : "an @ai-sdk/openai-compatible provider at the fake Chat Completions endpoint, every permission allowed",
    launch(context: LaunchContext): Launch {
      const config = join(context.home, "opencode.json");
      writeFileSync(config, JSON.stringify(opencodeConfig(context.servers, context.providerOrigin, context.apiKey, variant)), { mode: 0o600 });
      for (const dir of [".config", ".local/share", ".cache", ".local/state"]) mkdirSync(join(context.home, dir), { recursive: true, mode: 0o700 });
      return {
        argv: [context.bin, "run", context.prompt],
        env: {
          HOME: context.home, OPENCODE_CONFIG: config,
          XDG_CONFIG_HOME: join(context.home, ".config"), XDG_DATA_HOME: join(context.home, ".local/share"),
          XDG_CACHE_HOME: join(context.home, ".cache"), XDG_STATE_HOME: join(context.home, ".local/state"),
          OPENCODE_DISABLE_AUTOUPDATE: "true", OPENCODE_DISABLE_SHARE: "true", OPENCODE_DISABLE_LSP_DOWNLOAD: "true",
          OPENCODE_DISABLE_MODELS_FETCH: "true", OPENCODE_DISABLE_DEFAULT_PLUGINS: "true", OPENCODE_DISABLE_PROJECT_CONFIG: "true",
          OPENCODE_DISABLE_CLAUDE_CODE: "true", OPENCODE_DISABLE_EXTERNAL_SKILLS: "true", NO_COLOR: "1",
        },
      };
    },
    surface: (turn: HeldTurn): VisibleTool[] => turn.content.tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema })),
    callReplies: (tool, args, id) => [{ type: "tool-call", id, name: tool.name, arguments: args }],
    failureTexts: [OPENCODE_FAILED],
    errorsOf: (output) => opencodeErrors(output),
    logFiles: ({ home }) => [join(home, ".local/share/opencode/log")],
  };
}

/** The opencode module: its manifest is its cli.json; one AgentCli per variant cli.json names (`--agent opencode [--agent-variant V]`). */
export default { manifest: registeredManifest("opencode"), variants: { default: () => opencode("default"), anthropic: () => opencode("anthropic") } } satisfies AgentModule;
