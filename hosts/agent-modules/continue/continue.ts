/**
 * Continue's CLI (`@continuedev/cli`, the `cn` command) as an agent module (docs/agent-modules.md), driven
 * black box through `cn -p "<prompt>" --config <home>/config.yaml --auto`: one config file (YAML; JSON is
 * YAML) holds a model at the fake provider's Chat Completions endpoint (`provider: openai`, `apiBase`, a dummy
 * `apiKey`) and every server under `mcpServers` (`command`/`args`/`env`, or `url` with `type:
 * streamable-http`), in configuration order. `--auto` allows every tool (headless mode allows MCP tools by
 * default too). Its state folder (`CONTINUE_GLOBAL_DIR`) is in the session's home; auto-update is off in
 * its global context (`autoUpdateCli: false`), metrics off (`CONTINUE_CLI_ENABLE_TELEMETRY=0`,
 * `CONTINUE_METRICS_ENABLED=0`).
 *
 * Run from any folder where `@continuedev/cli` is installed beside this file:
 *   npx mcp-collide run --agent-module ./continue.ts
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentCli, AgentModule, HostError, LaunchContext, Launch, ServerConfig } from "mcp-collide/agent";

/** The model id cn is given; the fake provider answers any. */
const MODEL = "mcp-collide-fake";

/** The config.yaml for one session (written as JSON, which is YAML). */
export function continueConfig(servers: readonly ServerConfig[], providerOrigin: string, apiKey: string): unknown {
  return {
    name: "mcp-collide",
    version: "1.0.0",
    schema: "v1",
    models: [{ name: MODEL, provider: "openai", model: MODEL, apiBase: `${providerOrigin}/v1`, apiKey, roles: ["chat"] }],
    mcpServers: servers.map((server) => server.transport.type === "http"
      ? { name: server.key, type: "streamable-http", url: server.transport.url }
      : { name: server.key, command: server.transport.command, args: [...server.transport.args], env: { ...server.transport.env } }),
  };
}

/**
 * cn's own words for a call it could not make, as its model reads them (Chat Completions has no error flag).
 * Its MCP tool results are `JSON.stringify(result.content)` (tools/index.tsx `convertMcpToolToContinueTool`),
 * an array, `isError` or not; everything else in a tool message is cn's: an unknown name (`Tool x not found`,
 * `preprocessStreamedToolCalls`), a missing argument (`validateToolCallArgsPresent`), a call that threw (a
 * server gone: `Error executing tool x: ...`, `executeStreamedToolCalls`), a permission refused.
 */
export const CONTINUE_FAILED: readonly RegExp[] = [
  /^Tool .* not found$/s, /^Required parameter "[^"]*" missing for tool "/, /^Error executing tool /, /^Error checking permissions for /,
  /^Permission denied by user$/, /^Command blocked by security policy$/,
];

/**
 * What cn told its user about its servers: in headless mode a server that fails to load stops the run, and cn
 * prints `{"status":"error","message":"MCP server(s) failed to load:\n<name>: <error>\n..."}` on stderr
 * (services/MCPService.ts `doInitialize`). Each `<name>: <error>` line is an error naming that server.
 */
export function continueErrors(stderr: string, keys: readonly string[]): HostError[] {
  return stderr.split("\n").flatMap((line) => {
    let parsed: { status?: unknown; message?: unknown };
    try {
      parsed = JSON.parse(line.trim()) as typeof parsed;
    } catch {
      return [];
    }
    if (parsed?.status !== "error" || typeof parsed.message !== "string") return [];
    const [head, ...failed] = parsed.message.split("\n");
    if (!/failed to load/.test(head ?? "")) return [{ message: parsed.message, channel: "stderr" as const }];
    return failed.filter((entry) => entry.trim() !== "").map((entry) => {
      const key = keys.filter((candidate) => entry.startsWith(`${candidate}: `)).sort((a, b) => b.length - a.length)[0];
      return { ...(key === undefined ? {} : { server: key }), message: `MCP server failed to load: ${entry}`, channel: "stderr" as const };
    });
  });
}

/** Continue's CLI (one variant). */
export function continueCli(): AgentCli {
  return {
    id: "continue",
    variant: "default",
    packageName: "@continuedev/cli",
    binName: "cn",
    frontEnd: "openai-chat",
    describe: "cn -p in headless mode, --auto, a config.yaml with an openai provider at the fake Chat Completions endpoint",
    launch(context: LaunchContext): Launch {
      const state = join(context.home, ".continue");
      mkdirSync(join(state, "index"), { recursive: true, mode: 0o700 });
      writeFileSync(join(state, "index", "globalContext.json"), JSON.stringify({ autoUpdateCli: false }), { mode: 0o600 });
      const config = join(context.home, "config.yaml");
      writeFileSync(config, JSON.stringify(continueConfig(context.servers, context.providerOrigin, context.apiKey), null, 2), { mode: 0o600 });
      return {
        argv: [context.bin, "-p", context.prompt, "--config", config, "--auto"],
        env: {
          HOME: context.home, CONTINUE_GLOBAL_DIR: state, CONTINUE_CLI_ENABLE_TELEMETRY: "0", CONTINUE_METRICS_ENABLED: "0", NO_COLOR: "1", FORCE_NO_TTY: "1",
        },
      };
    },
    failureTexts: CONTINUE_FAILED,
    errorsOf: ({ stderr }, keys) => continueErrors(stderr, keys),
    logFiles: ({ home }) => [join(home, ".continue", "logs")],
  };
}

/** The module: `npx mcp-collide run --agent-module ./continue.ts`. */
export default {
  manifest: {
    id: "continue",
    title: "Continue CLI (cn)",
    package: "@continuedev/cli",
    bin: "cn",
    frontEnd: "openai-chat",
    variants: { default: "cn -p, --auto, an openai provider at the fake Chat Completions endpoint" },
  },
  variants: { default: continueCli },
} satisfies AgentModule;
