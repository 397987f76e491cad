/**
 * Codex (`@openai/codex`) driven black box through `codex exec`: a fresh `CODEX_HOME` whose `config.toml`
 * names a custom provider at the fake one (`wire_api = "responses"`, a dummy key in `MCP_COLLIDE_API_KEY`)
 * and one `[mcp_servers."<key>"]` table per server; analytics, feedback, OpenTelemetry and update checks off;
 * `approval_policy = "never"` so a call runs without a prompt.
 *
 * What Codex shows its model depends on the model slug. For a slug it has no metadata for (`default` and
 * `required` set one) it sends each MCP server as an OpenAI Responses `namespace` tool `mcp__<key>` holding
 * plain names and routes only a `function_call` carrying both, so the visible identity is the (namespace,
 * name) pair (HAP/1's `namespace`). With no slug set, Codex picks its own default (`gpt-6.2-sol` in 0.171)
 * and switches to "code mode" (`code-mode`, code-mode.ts): one freeform `exec` tool running JavaScript, the
 * MCP tools deferred and reached as functions `tools.<name>` listed in `ALL_TOOLS`; that is what a user
 * who sets no model gets.
 *
 * Variants: `default` (MCP startup optional, as Codex ships), `required` (`required = true` on every
 * server, so a server that fails to start fails the run), `code-mode` (Codex's default slug, optional
 * MCP startup).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HeldTurn, ModelReply, ProviderToolResult } from "../../../fake-servers/index.ts";
import type { HostError, ServerConfig, VisibleTool } from "../../../harness/index.ts";
import type { AgentCli, Launch, LaunchContext } from "../agent-cli.ts";
import { tomlArray, tomlInlineTable, tomlString } from "../toml.ts";
import { callReply, codeModeResult, codeModeSurface, listingReply } from "./code-mode.ts";

/** A model slug Codex has no metadata for: it then offers MCP tools eagerly, one namespace per server. */
export const CODEX_MODEL = "mcp-collide-fake";

/** A configuration of Codex this adapter judges (see the header). */
export type CodexVariant = "default" | "required" | "code-mode" | "tool-search";

/** A model slug whose bundled metadata says it supports tool search and is not code mode (Codex 0.171's models.json). */
export const CODEX_SEARCH_MODEL = "gpt-5.5";

/** The `config.toml` for one session. */
export function codexConfig(servers: readonly ServerConfig[], providerOrigin: string, variant: CodexVariant): string {
  const lines = [
    // No slug at all in code mode: Codex's own default is the one users get.
    ...(variant === "code-mode" ? [] : [`model = ${tomlString(variant === "tool-search" ? CODEX_SEARCH_MODEL : CODEX_MODEL)}`]),
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
    if (variant === "required") lines.push("required = true");
  }
  return `${lines.join("\n")}\n`;
}

/** Codex's search tool for deferred tools, as its model sees it, and the result limit the harness's query asks for (its default). */
export const CODEX_TOOL_SEARCH = "tool_search";
const CODEX_SEARCH_LIMIT = 8;
/** The limit of a warm-up search for a whole namespace: every tool of a server (a world holds at most 128). */
const CODEX_WARM_UP_LIMIT = 200;

/** The namespaces Codex's prompt lists under `Deferred tool namespaces:` (`- mcp__<key>` lines), in its order. */
export function codexDeferredNamespaces(text: string): string[] {
  const at = text.lastIndexOf("Deferred tool namespaces:");
  if (at < 0) return [];
  const names: string[] = [];
  for (const line of text.slice(at).split("\n").slice(1)) {
    const match = /^- (mcp__[^:\s]+)$/.exec(line.trim());
    if (match) names.push(match[1]!);
    else if (!line.trim().startsWith("- ")) break;
  }
  return names;
}

/** Lines of Codex's output that report an MCP server failing, as errors (Codex names the server in them). */
export function codexErrors(output: string): HostError[] {
  return output.split("\n").filter((line) => /\bMCP\b/.test(line) && /(error|fail|could not|unable)/i.test(line)).slice(0, 50).map((message) => ({ message: message.trim() }));
}

const describe: Record<CodexVariant, string> = {
  default: `model slug ${CODEX_MODEL} (no metadata: eager namespace tools), optional MCP startup (as shipped)`,
  required: `model slug ${CODEX_MODEL} (no metadata: eager namespace tools), required = true on every server`,
  "code-mode": "no model slug set (Codex's default): code mode, MCP tools deferred and called from JavaScript through the exec tool, optional MCP startup (as shipped)",
  "tool-search": `model slug ${CODEX_SEARCH_MODEL} (its metadata supports tool search): every MCP tool deferred behind tool_search, optional MCP startup (as shipped)`,
};

/** Codex in one variant. */
export function codex(variant: CodexVariant): AgentCli {
  const eager = {
    surface: (turn: HeldTurn): VisibleTool[] => turn.content.tools.map((tool) => ({
      ...(tool.namespace === undefined ? {} : { namespace: tool.namespace }), name: tool.name, description: tool.description, inputSchema: tool.inputSchema,
    })),
    callReplies: (tool: { name: string; namespace?: string }, args: Record<string, unknown>, id: string): ModelReply[] =>
      [{ type: "tool-call", id, name: tool.name, ...(tool.namespace === undefined ? {} : { namespace: tool.namespace }), arguments: args }],
    // Codex answers a call it cannot route with plain output text, which is its refusal; a call that failed on
    // the way (a server gone mid-session) comes back as output whose text part is Codex's own
    // `tool call error: tool call failed for \`<server>/<tool>\`` (mcp_tool_call.rs): the wire has no error flag.
    resultOf: (results: readonly ProviderToolResult[], id: string) => {
      const result = results.find((candidate) => candidate.id === id);
      const failed = result && (/^"?(unsupported call|failed to parse function arguments)\b/.test(result.text) || /"text":"tool call error: /.test(result.text));
      return result && failed ? { ...result, isError: true } : result;
    },
  };
  // Code mode has no namespaces: a call names the nested tool alone, as `tools.<name>` in the script.
  const codeMode = {
    surface: codeModeSurface,
    // The listing runs once per session, right after open (also in the no-server baseline, which learns the built-ins there).
    warmUp: (turn: HeldTurn) => (turn.content.toolResults.length === 0 ? listingReply() : undefined),
    callReplies: (tool: { name: string }, args: Record<string, unknown>, id: string): ModelReply[] => [callReply(tool.name, args, id)],
    resultOf: codeModeResult,
  };
  // Tool search (a model whose metadata supports it): the MCP tools are not offered at first, the prompt names
  // only `Deferred tool namespaces`; a `tool_search_call` loads what Codex's BM25 finds, returned in a
  // `tool_search_output` item whose namespaces the provider counts among the turn's tools from then on.
  const searching = {
    ...eager,
    search: { tool: CODEX_TOOL_SEARCH, reply: (query: string, id: string): ModelReply => ({ type: "tool-search-call", id, arguments: { query, limit: CODEX_SEARCH_LIMIT } }) },
    // At open, as a model would before it can call anything: one search per deferred namespace, by its key.
    warmUp: (turn: HeldTurn): ModelReply | undefined => {
      const pending = codexDeferredNamespaces(turn.content.text);
      const key = pending[turn.content.toolResults.length]?.replace(/^mcp__/, "");
      return key === undefined ? undefined : { type: "tool-search-call", id: `call_mcpcollide_search${turn.content.toolResults.length}`, arguments: { query: key, limit: CODEX_WARM_UP_LIMIT } };
    },
  };
  return {
    id: "codex",
    variant,
    packageName: "@openai/codex",
    binName: "codex",
    frontEnd: "openai-responses",
    describe: describe[variant],
    ...(variant === "code-mode" ? codeMode : variant === "tool-search" ? searching : eager),
    launch(context: LaunchContext): Launch {
      writeFileSync(join(context.home, "config.toml"), codexConfig(context.servers, context.providerOrigin, variant), { mode: 0o600 });
      return {
        argv: [context.bin, "exec", "--skip-git-repo-check", "--color", "never", "-C", context.cwd, context.prompt],
        env: { HOME: context.home, CODEX_HOME: context.home, MCP_COLLIDE_API_KEY: context.apiKey, NO_COLOR: "1" },
      };
    },
    ownTools: ["list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource"],
    errorsOf: ({ stdout, stderr }) => codexErrors(`${stderr}\n${stdout}`),
  };
}

/** Every variant, by the name cli.json gives it (the adapter's `--variant`). */
export const variants: Record<string, () => AgentCli> = {
  default: () => codex("default"), required: () => codex("required"), "code-mode": () => codex("code-mode"), "tool-search": () => codex("tool-search"),
};
