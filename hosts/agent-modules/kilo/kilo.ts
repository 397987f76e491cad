/**
 * Kilo Code's CLI (`@kilocode/cli`, the `kilo` command) as an agent module (docs/agent-modules.md), driven
 * black box through `kilo run "<prompt>"`. Kilo is a fork of opencode and is configured alike, under its own
 * names: one JSON file named by `KILO_CONFIG` holds a provider at the fake Chat Completions endpoint
 * (`@ai-sdk/openai-compatible`, `options.baseURL`, a dummy key), the model, an `mcp` entry per server
 * (`{"type":"local","command":[...]}` or `{"type":"remote","url"}`), `permission: {"*": "allow"}` and
 * updates and sharing off; every XDG folder is in the session's home, and its `KILO_DISABLE_*` switches are
 * on. Its failure texts are its own (measured on this version), not opencode's.
 *
 * Run from any folder where `@kilocode/cli` is installed beside this file:
 *   npx mcp-collide run --agent-module ./kilo.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentCli, AgentModule, LaunchContext, Launch, ServerConfig } from "mcp-collide/agent";

/** The model id Kilo is given (`<provider>/<model>`); the fake provider answers any. */
const MODEL = "mcp-collide-fake";

/** The kilo.json for one session. */
export function kiloConfig(servers: readonly ServerConfig[], providerOrigin: string, apiKey: string): unknown {
  const mcp = Object.fromEntries(servers.map((server) => [server.key, server.transport.type === "http"
    ? { type: "remote", url: server.transport.url, enabled: true }
    : { type: "local", command: [server.transport.command, ...server.transport.args], ...(server.transport.env ? { environment: server.transport.env } : {}), enabled: true }]));
  return {
    $schema: "https://app.kilo.ai/config.json",
    provider: { fake: { npm: "@ai-sdk/openai-compatible", name: "mcp-collide fake provider", options: { baseURL: `${providerOrigin}/v1`, apiKey }, models: { [MODEL]: { name: MODEL, tool_call: true } } } },
    model: `fake/${MODEL}`,
    small_model: `fake/${MODEL}`,
    mcp,
    permission: { "*": "allow" },
    autoupdate: false,
    share: "disabled",
  };
}

/**
 * Kilo's own words for a call it could not make, as its model reads them (Chat Completions has no error
 * flag), measured on 7.7.7 and read in its binary: a name it does not have is the AI SDK's `NoSuchToolError`
 * (`Model tried to call unavailable tool 'x'. Available tools: ...`), since Kilo's `experimental_repairToolCall`
 * only lower-cases a name and never sends it to an `invalid` tool as opencode does (opencode's `The arguments
 * provided to the tool are invalid: ...` appears nowhere in Kilo, so that pattern would read Kilo's refusal
 * as a success); arguments its schema refuses are `InvalidToolInputError` (`Invalid input for tool x: ...`);
 * a call whose MCP client failed (a server gone) is the client's `McpError` message (`MCP error -32000:
 * Connection closed`). A tool's own result, `isError` or not, reaches the model as its text.
 */
export const KILO_FAILED: readonly RegExp[] = [/^Model tried to call unavailable tool '/, /^Invalid input for tool '?/, /^MCP error -?\d+: /];

/** Kilo Code's CLI (one variant). */
export function kiloCli(): AgentCli {
  return {
    id: "kilo",
    variant: "default",
    packageName: "@kilocode/cli",
    binName: "kilo",
    frontEnd: "openai-chat",
    describe: "kilo run, an @ai-sdk/openai-compatible provider at the fake Chat Completions endpoint, every permission allowed",
    launch(context: LaunchContext): Launch {
      const config = join(context.home, "kilo.json");
      writeFileSync(config, JSON.stringify(kiloConfig(context.servers, context.providerOrigin, context.apiKey)), { mode: 0o600 });
      for (const dir of [".config", ".local/share", ".cache", ".local/state"]) mkdirSync(join(context.home, dir), { recursive: true, mode: 0o700 });
      return {
        argv: [context.bin, "run", context.prompt],
        env: {
          HOME: context.home, KILO_CONFIG: config,
          XDG_CONFIG_HOME: join(context.home, ".config"), XDG_DATA_HOME: join(context.home, ".local/share"),
          XDG_CACHE_HOME: join(context.home, ".cache"), XDG_STATE_HOME: join(context.home, ".local/state"),
          KILO_DISABLE_AUTOUPDATE: "true", KILO_DISABLE_SHARE: "true", KILO_DISABLE_LSP_DOWNLOAD: "true",
          KILO_DISABLE_MODELS_FETCH: "true", KILO_DISABLE_DEFAULT_PLUGINS: "true", KILO_DISABLE_PROJECT_CONFIG: "true",
          KILO_DISABLE_CLAUDE_CODE: "true", KILO_DISABLE_EXTERNAL_SKILLS: "true", KILO_DISABLE_SESSION_INGEST: "true", NO_COLOR: "1",
        },
      };
    },
    failureTexts: KILO_FAILED,
    logFiles: ({ home }) => [join(home, ".local/share/kilo/log")],
  };
}

/** The module: `npx mcp-collide run --agent-module ./kilo.ts`. */
export default {
  manifest: {
    id: "kilo",
    title: "Kilo Code CLI (kilo run)",
    package: "@kilocode/cli",
    bin: "kilo",
    frontEnd: "openai-chat",
    variants: { default: "kilo run, an @ai-sdk/openai-compatible provider at the fake Chat Completions endpoint" },
  },
  variants: { default: kiloCli },
} satisfies AgentModule;
