/**
 * Qwen Code (`@qwen-code/qwen-code`) driven black box through `qwen -p "<prompt>" --approval-mode yolo`
 * (no prompt before a call): a fresh `HOME` whose `.qwen/settings.json` holds `mcpServers` (each
 * `trust: true`), OpenAI auth (`security.auth.selectedType: "openai"`; `OPENAI_BASE_URL` at the fake
 * Chat Completions endpoint, a dummy `OPENAI_API_KEY`, `OPENAI_MODEL`), usage statistics, telemetry and
 * auto-update off.
 *
 * Variants: `default` is what users get: MCP tools are deferred, listed by name in the system prompt's
 * "Deferred Tools" section and loaded through its `tool_search` tool (`select:A,B`); the adapter loads every
 * listed one, as a model would, before reading the surface. `eager` denies that tool
 * (`permissions.deny`), and with no tool search Qwen Code reveals every deferred tool in `tools[]`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HeldTurn, ModelReply, ProviderToolResult } from "../../../fake-servers/index.ts";
import type { HostError, ServerConfig, VisibleTool } from "../../../harness/index.ts";
import type { AgentCli, Launch, LaunchContext } from "../agent-cli.ts";

/** Qwen Code's variants. */
export type QwenVariant = "default" | "eager";

/** Its tool search's name on the wire, and how many schemas one search loads at most (HARD_MAX_RESULTS). */
export const TOOL_SEARCH = "tool_search";
const SEARCH_MAX = 20;

/** The settings.json for one session. */
export function qwenSettings(servers: readonly ServerConfig[], variant: QwenVariant): unknown {
  const mcpServers = Object.fromEntries(servers.map((server) => [server.key, server.transport.type === "http"
    ? { httpUrl: server.transport.url, trust: true }
    : { command: server.transport.command, args: server.transport.args, ...(server.transport.env ? { env: server.transport.env } : {}), trust: true }]));
  return {
    security: { auth: { selectedType: "openai" } },
    privacy: { usageStatisticsEnabled: false },
    telemetry: { enabled: false },
    general: { enableAutoUpdate: false, disableAutoUpdate: true, disableUpdateNag: true },
    ...(variant === "eager" ? { permissions: { deny: [TOOL_SEARCH] } } : {}),
    mcpServers,
  };
}

const DEFERRED_HEADER = "## Deferred Tools";

/** The names Qwen Code lists as deferred (`- "name": "description"` lines after its header), in its order. */
export function qwenDeferredNames(text: string): string[] {
  const at = text.lastIndexOf(DEFERRED_HEADER);
  if (at < 0) return [];
  const names: string[] = [];
  for (const line of text.slice(at).split("\n")) {
    const match = /^- ("(?:[^"\\]|\\.)*"): /.exec(line);
    if (match) names.push(JSON.parse(match[1]!) as string);
  }
  return [...new Set(names)];
}

/**
 * Qwen Code's own words for a call that failed, on a wire with no error flag (Chat Completions): an unknown
 * name (`Tool "x" not found in registry.`, the scheduler) and an MCP tool's `isError` result (`MCP tool 'x'
 * reported tool error for function call: ...`, DiscoveredMCPToolInvocation). The tool's own text never
 * counts: Qwen Code puts `error.message` or `output` alone into the `role: "tool"` message.
 */
export const QWEN_FAILED = /^(Tool "[^"]*" not found in registry\.|MCP tool '[^']*' reported tool error for function call: )/;

/** Lines of Qwen Code's printed output that report an MCP server failing, as errors (channel kept). */
export function qwenErrors(output: { stdout: string; stderr: string }): HostError[] {
  return (["stderr", "stdout"] as const).flatMap((channel) => output[channel].split("\n")
    .filter((line) => /\bMCP\b/i.test(line) && /(error|fail|could not|unable|invalid)/i.test(line))
    .map((line) => ({ message: line.trim(), channel }))).slice(0, 50);
}

/** Qwen Code in `variant`. */
export function qwenCode(variant: QwenVariant): AgentCli {
  return {
    id: "qwen-code",
    variant,
    packageName: "@qwen-code/qwen-code",
    binName: "qwen",
    frontEnd: "openai-chat",
    describe: variant === "eager"
      ? "OpenAI auth at the fake Chat Completions endpoint, every server trusted, tool_search denied: every MCP tool in tools[]"
      : "OpenAI auth at the fake Chat Completions endpoint, every server trusted, deferred tool search as shipped",
    launch(context: LaunchContext): Launch {
      mkdirSync(join(context.home, ".qwen"), { mode: 0o700 });
      writeFileSync(join(context.home, ".qwen", "settings.json"), JSON.stringify(qwenSettings(context.servers, variant)), { mode: 0o600 });
      return {
        argv: [context.bin, "-p", context.prompt, "--approval-mode", "yolo"],
        env: {
          HOME: context.home, OPENAI_BASE_URL: `${context.providerOrigin}/v1`, OPENAI_API_KEY: context.apiKey, OPENAI_MODEL: "mcp-collide-fake",
          NO_COLOR: "1", QWEN_CODE_NO_RELAUNCH: "true", QWEN_CODE_DISABLE_PRECONNECT: "1",
        },
      };
    },
    surface(turn: HeldTurn): VisibleTool[] {
      const listed = turn.content.tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }));
      const names = new Set(listed.map((tool) => tool.name));
      // A deferred tool is shown by name only until tool_search loads its schema into tools[] (HAP/1's `deferred`).
      return [...listed, ...qwenDeferredNames(turn.content.text).filter((name) => !names.has(name)).map((name) => ({ name, deferred: true }))];
    },
    warmUp(turn, surface): ModelReply | undefined {
      const unloaded = surface.filter((tool) => tool.description === undefined).map((tool) => tool.name).slice(0, SEARCH_MAX);
      // One search per turn, until every listed tool is loaded (or a search loaded nothing new).
      if (variant === "eager" || unloaded.length === 0 || turn.content.toolResults.length > 8) return undefined;
      return { type: "tool-call", id: `call_mcpcollide_search${turn.record.seq}`, name: TOOL_SEARCH, arguments: { query: `select:${unloaded.join(",")}`, max_results: unloaded.length } };
    },
    callReplies: (tool, args, id) => [{ type: "tool-call", id, name: tool.name, arguments: args }],
    // The default variant defers every MCP tool (no threshold); the query goes as the model would type it.
    ...(variant === "eager" ? {} : { search: { tool: TOOL_SEARCH, reply: (query: string, id: string) => ({ type: "tool-call" as const, id, name: TOOL_SEARCH, arguments: { query } }) } }),
    resultOf: (results: readonly ProviderToolResult[], id: string) => {
      const result = results.find((candidate) => candidate.id === id);
      return result && QWEN_FAILED.test(result.text) ? { ...result, isError: true } : result;
    },
    errorsOf: (output) => qwenErrors(output),
    deferredNames: qwenDeferredNames,
    withoutProxy: "Qwen Code routes every request through HTTPS_PROXY, loopback included (Config sets undici's setGlobalDispatcher(new ProxyAgent(proxy)), which reads no NO_PROXY), so with the recording proxy set it cannot reach the fake provider on 127.0.0.1",
  };
}

/** Every variant, by the name cli.json gives it (the adapter's `--variant`). */
export const variants: Record<string, () => AgentCli> = { default: () => qwenCode("default"), eager: () => qwenCode("eager") };
