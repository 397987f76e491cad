/**
 * Claude Code (`@anthropic-ai/claude-code`) driven black box through `claude -p`: servers in a
 * `--mcp-config` JSON file with `--strict-mcp-config` (no other configuration is read), its model at the
 * fake provider (`ANTHROPIC_BASE_URL`, a dummy `ANTHROPIC_API_KEY`), `--output-format stream-json`
 * (its init event says which MCP servers failed), `--dangerously-skip-permissions` with `IS_SANDBOX=1`
 * (needed as root) so a call runs without a prompt, and every telemetry, error-report and update switch off.
 *
 * Variants: `default` is what users get: deferred tool search (MCP tools listed by name in the prompt,
 * their schemas loaded through the `ToolSearch` tool; the adapter loads them all once, as a model would,
 * before reading the surface); `tools-in-list` sets `ENABLE_TOOL_SEARCH=false`, which puts every MCP tool
 * in `tools[]` from the start.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HeldTurn, ProviderToolResult } from "../../../fake-servers/index.ts";
import type { HostError, VisibleTool } from "../../../harness/index.ts";
import type { AgentCli, Launch, LaunchContext } from "../agent-cli.ts";

const DEFERRED_HEADER = /deferred tools are now available via ToolSearch[^\n]*\n/;

/** Claude Code's search tool for deferred tools, as its model sees it. */
export const TOOL_SEARCH = "ToolSearch";

/** The names Claude Code lists as deferred (reachable through ToolSearch), in its order. */
export function deferredNames(text: string): string[] {
  const names: string[] = [];
  let at = text.search(DEFERRED_HEADER);
  while (at >= 0) {
    const rest = text.slice(at).replace(DEFERRED_HEADER, "");
    for (const line of rest.split("\n")) {
      if (line.trim() === "" || /\s/.test(line.trim())) break;
      names.push(line.trim());
    }
    const next = text.slice(at + 1).search(DEFERRED_HEADER);
    at = next < 0 ? -1 : at + 1 + next;
  }
  return [...new Set(names)];
}

/** The stream-json init event's MCP server statuses, as errors for every server not connected. */
export function claudeErrors(stdout: string, keys: readonly string[]): HostError[] {
  for (const line of stdout.split("\n")) {
    if (!line.startsWith("{")) continue;
    let event: { type?: unknown; subtype?: unknown; mcp_servers?: unknown };
    try {
      event = JSON.parse(line);
    } catch {
      continue;
    }
    if (event.type !== "system" || event.subtype !== "init" || !Array.isArray(event.mcp_servers)) continue;
    return event.mcp_servers.flatMap((entry: { name?: unknown; status?: unknown; error?: unknown }) => {
      if (typeof entry?.name !== "string" || entry.status === "connected") return [];
      const message = `MCP server ${JSON.stringify(entry.name)}: ${String(entry.status)}${entry.error ? ` (${String(entry.error)})` : ""}`;
      return [keys.includes(entry.name) ? { server: entry.name, message } : { message }];
    });
  }
  return [];
}

/** Claude Code in one variant. */
export function claudeCode(variant: "default" | "tools-in-list"): AgentCli {
  const deferred = variant === "default";
  return {
    id: "claude-code",
    variant,
    packageName: "@anthropic-ai/claude-code",
    binName: "claude",
    frontEnd: "anthropic",
    // It re-lists a server on list_changed (a second tools/list); whether its next turn offers the new list is the clause's to judge.
    relists: true,
    describe: deferred ? "deferred tool search (its default): MCP tools listed by name, schemas loaded through ToolSearch" : "ENABLE_TOOL_SEARCH=false: every MCP tool in tools[]",
    launch(context: LaunchContext): Launch {
      const mcpServers = Object.fromEntries(context.servers.map((server) => [server.key, server.transport.type === "http"
        ? { type: "http", url: server.transport.url }
        : { type: "stdio", command: server.transport.command, args: server.transport.args, env: server.transport.env ?? {} }]));
      const config = join(context.home, "mcp.json");
      writeFileSync(config, JSON.stringify({ mcpServers }), { mode: 0o600 });
      return {
        argv: [context.bin, "-p", context.prompt, "--mcp-config", config, "--strict-mcp-config", "--output-format", "stream-json", "--verbose", "--dangerously-skip-permissions"],
        env: {
          HOME: context.home, CLAUDE_CONFIG_DIR: join(context.home, ".claude"),
          ANTHROPIC_BASE_URL: context.providerOrigin, ANTHROPIC_API_KEY: context.apiKey, IS_SANDBOX: "1",
          DISABLE_TELEMETRY: "1", DISABLE_ERROR_REPORTING: "1", DISABLE_AUTOUPDATER: "1", DISABLE_BUG_COMMAND: "1",
          CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1", CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY: "1",
          ...(deferred ? {} : { ENABLE_TOOL_SEARCH: "false" }),
        },
      };
    },
    surface(turn: HeldTurn): VisibleTool[] {
      const listed = turn.content.tools.map((tool) => ({ name: tool.name, description: tool.description, inputSchema: tool.inputSchema }));
      const names = new Set(listed.map((tool) => tool.name));
      // A deferred tool is shown by name only until its schema is loaded into tools[] (HAP/1's `deferred`).
      return [...listed, ...deferredNames(turn.content.text).filter((name) => !names.has(name)).map((name) => ({ name, deferred: true }))];
    },
    warmUp(_turn, surface) {
      const unloaded = surface.filter((tool) => tool.description === undefined).map((tool) => tool.name);
      if (!deferred || unloaded.length === 0) return undefined;
      return { type: "tool-call", id: "toolu_mcpcollide_toolsearch", name: TOOL_SEARCH, arguments: { query: `select:${unloaded.join(",")}`, max_results: unloaded.length } };
    },
    callReplies: (tool, args, id) => [{ type: "tool-call", id, name: tool.name, arguments: args }],
    resultOf: (results: readonly ProviderToolResult[], id: string) => results.find((result) => result.id === id),
    errorsOf: ({ stdout }, keys) => claudeErrors(stdout, keys),
    // ENABLE_TOOL_SEARCH unset is mode "tst" in 2.1.332: every MCP tool deferred, whatever their number (only
    // `auto:N` defers past N % of the context window), so no threshold is declared.
    ...(deferred ? { search: { tool: TOOL_SEARCH, reply: (query: string, id: string) => ({ type: "tool-call" as const, id, name: TOOL_SEARCH, arguments: { query } }) } } : {}),
    deferredNames,
  };
}

/** Every variant, by the name cli.json gives it (the adapter's `--variant`). */
export const variants: Record<string, () => AgentCli> = { default: () => claudeCode("default"), "tools-in-list": () => claudeCode("tools-in-list") };
