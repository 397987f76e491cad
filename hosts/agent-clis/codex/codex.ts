/**
 * Codex (`@openai/codex`) driven black box through `codex exec`: a fresh `CODEX_HOME` whose `config.toml`
 * names a custom provider at the fake one (`wire_api = "responses"`, a dummy key in `MCP_COLLIDE_API_KEY`)
 * and one `[mcp_servers."<key>"]` table per server; analytics, feedback, OpenTelemetry and update checks off;
 * `approval_policy = "never"` so a call runs without a prompt.
 *
 * Codex sends each MCP server as an OpenAI Responses `namespace` tool `mcp__<key>` holding plain names and
 * routes only a `function_call` carrying both, so the visible identity is the (namespace, name) pair
 * (HAP/1's `namespace`). That eager namespace surface is what Codex sends for a model slug it has no
 * metadata for, which both variants use; with its own default slug Codex 0.171 switches to a "code mode"
 * surface (one exec tool, MCP tools as JavaScript functions declared in the prompt) that this adapter does
 * not drive yet. Variants: `default` (MCP startup optional, as Codex ships), `required` (`required = true`
 * on every server, so a server that fails to start fails the run).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HeldTurn, ProviderToolResult } from "../../../fake-servers/index.ts";
import type { HostError, ServerConfig, VisibleTool } from "../../../harness/index.ts";
import type { AgentCli, Launch, LaunchContext } from "../agent-cli.ts";
import { tomlArray, tomlInlineTable, tomlString } from "../toml.ts";

/** A model slug Codex has no metadata for: it then offers MCP tools eagerly, one namespace per server. */
export const CODEX_MODEL = "mcp-collide-fake";

/** The `config.toml` for one session. */
export function codexConfig(servers: readonly ServerConfig[], providerOrigin: string, required: boolean): string {
  const lines = [
    `model = ${tomlString(CODEX_MODEL)}`,
    `model_provider = "mcp-collide"`,
    `approval_policy = "never"`,
    `sandbox_mode = "danger-full-access"`,
    "check_for_update_on_startup = false",
    "[analytics]", "enabled = false",
    "[feedback]", "enabled = false",
    "[otel]", `exporter = "none"`, "log_user_prompt = false",
    "[model_providers.mcp-collide]",
    `name = "mcp-collide fake provider"`,
    `base_url = ${tomlString(`${providerOrigin}/v1`)}`,
    `wire_api = "responses"`,
    `env_key = "MCP_COLLIDE_API_KEY"`,
    "request_max_retries = 0", "stream_max_retries = 0",
  ];
  for (const server of servers) {
    lines.push(`[mcp_servers.${tomlString(server.key)}]`);
    if (server.transport.type === "http") lines.push(`url = ${tomlString(server.transport.url)}`);
    else {
      lines.push(`command = ${tomlString(server.transport.command)}`, `args = ${tomlArray(server.transport.args)}`);
      if (server.transport.env) lines.push(`env = ${tomlInlineTable(server.transport.env)}`);
    }
    if (required) lines.push("required = true");
  }
  return `${lines.join("\n")}\n`;
}

/** Lines of Codex's output that report an MCP server failing, as errors (Codex names the server in them). */
export function codexErrors(output: string): HostError[] {
  return output.split("\n").filter((line) => /\bMCP\b/.test(line) && /(error|fail|could not|unable)/i.test(line)).slice(0, 50).map((message) => ({ message: message.trim() }));
}

/** Codex in one variant. */
export function codex(variant: "default" | "required"): AgentCli {
  return {
    id: "codex",
    variant,
    packageName: "@openai/codex",
    binName: "codex",
    frontEnd: "openai-responses",
    describe: `model slug ${CODEX_MODEL} (no metadata: eager namespace tools), ${variant === "required" ? "required = true on every server" : "optional MCP startup (as shipped)"}`,
    launch(context: LaunchContext): Launch {
      writeFileSync(join(context.home, "config.toml"), codexConfig(context.servers, context.providerOrigin, variant === "required"), { mode: 0o600 });
      return {
        argv: [context.bin, "exec", "--skip-git-repo-check", "--color", "never", "-C", context.cwd, context.prompt],
        env: { HOME: context.home, CODEX_HOME: context.home, MCP_COLLIDE_API_KEY: context.apiKey, NO_COLOR: "1" },
      };
    },
    surface: (turn: HeldTurn): VisibleTool[] => turn.content.tools.map((tool) => ({
      ...(tool.namespace === undefined ? {} : { namespace: tool.namespace }), name: tool.name, description: tool.description, inputSchema: tool.inputSchema,
    })),
    callReplies: (tool, args, id) => [{ type: "tool-call", id, name: tool.name, ...(tool.namespace === undefined ? {} : { namespace: tool.namespace }), arguments: args }],
    // Codex answers a call it cannot route with plain output text, which is its refusal.
    resultOf: (results: readonly ProviderToolResult[], id: string) => {
      const result = results.find((candidate) => candidate.id === id);
      return result && /^"?(unsupported call|failed to parse function arguments)\b/.test(result.text) ? { ...result, isError: true } : result;
    },
    ownTools: ["list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource"],
    errorsOf: ({ stdout, stderr }) => codexErrors(`${stderr}\n${stdout}`),
  };
}
