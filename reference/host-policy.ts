/**
 * The points where real MCP hosts disagree about merging tools from several servers, each one small and
 * named. The reference host fills every point with ADR-0112's answer ({@link referencePolicy}); a one-bug
 * host is the same host with exactly one point filled the way some real host fills it. Everything that is
 * not a policy point (parallel loading, pass-through of descriptions, closing) is shared.
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { LocalShape } from "../harness/index.ts";
import type { ContextPolicy } from "./context-policy.ts";

/** What a host knows about a loaded server when it picks the label its tools are named under. */
export interface ServerIdentity {
  /** The operator's configuration key for the server. */
  key: string;
  /** What the server said about itself in `initialize`; spoofable, so ADR-0112 never names tools by it. */
  serverInfo?: { name: string; version: string };
}

/** How a host settles two tools that would be shown under one name. */
export type CollisionPolicy =
  /** Fail every server involved, symmetrically, with an error naming the others (ADR D1, D3). */
  | "refuse-all"
  /** Keep the earlier claimant; skip the later tool with a warning diagnostic only. */
  | "first-wins"
  /** Let the later claimant silently replace the earlier one. */
  | "last-wins"
  /** Show both; the first one shown receives every call. */
  | "show-both"
  /** Give every claimant a name of its own, the shared one with a hash of its server and tool appended. */
  | "hash-suffix";

/** The decisions a merging host makes, one field per decision. */
export interface HostPolicy {
  /** The string that stands for a server in its tools' names (ADR D1: the configuration key). */
  label(server: ServerIdentity): string;
  /** Why a label cannot name tools injectively, with the remedy; undefined when it can. */
  refuseLabel(label: string): string | undefined;
  /**
   * The name a model is shown for one tool. `shared` is true when another loaded server advertises the
   * same wire name; the reference ignores it, because a name must not depend on other servers (ADR P4).
   */
  name(label: string, tool: string, shared: boolean): string;
  /** Why a visible name cannot be shown to a model, with the remedy; undefined when it can (ADR D6). */
  refuseName(name: string, label: string, tool: string): string | undefined;
  /** What happens when two tools would be shown under one name. */
  collision: CollisionPolicy;
  /** The order registration replays servers in: as configured (ADR P2), or as they answered. */
  order: "config" | "arrival";
  /**
   * How the servers are loaded at open: all at once (the reference), or one after another in configuration
   * order (absent: all at once). Both are correct; one at a time fixes the order servers answer in.
   */
  loading?: "parallel" | "one-at-a-time";
  /** The tool name a call sends the server: its own (ADR D2), or the one the model was shown. */
  wireName: "server" | "visible";
  /** When some of a server's tools cannot be shown: fail the whole server (ADR D3), or drop them quietly. */
  shortfall: "fail-server" | "skip-silently";
  /**
   * A tool whose name is the empty string: named and refused like any name a provider refuses, failing its
   * server (ADR D3, D6), or filtered out before naming with no word, as LangChain's `loadMcpTools`
   * (`filter((tool) => !!tool.name)`) and Mastra's `if (tool.name)` do.
   */
  emptyToolName: "refuse" | "drop-silently";
  /** Where a call of a name the host does not show goes: nowhere (ADR P5), or to a server guessed by bare name. */
  unknownName: "refuse" | "first-bare-match";
  /**
   * What loaded servers and their tools are kept in, by name: Maps, which hold any name as an ordinary key,
   * or plain objects (`{}`), where `if (registry[name])` finds Object.prototype's members, so a tool named
   * `toString` (or a server keyed `constructor`) is skipped as a duplicate with a warning (see
   * registry-keeping.ts).
   */
  registry: "map" | "plain-object";
  /** Whether a server that registers no tools is an error; ADR D3 says deliberately not. */
  emptyIsError: boolean;
  /** Whether an error says which server it is about (ADR D4, P6), or only that something failed. */
  errorsNameServer: boolean;
  /**
   * A server that cannot be loaded at open: reported with an error naming it (ADR D3), dropped with a debug
   * line only, or the whole open refused for it (every other server's tools with it), as LangChain's
   * `MultiServerMCPClient.get_tools` (a bare `asyncio.gather`) and Mastra's `listTools` (`Promise.all`) did.
   */
  loadFailure: "report" | "drop-silently" | "refuse-open";
  /**
   * An open in which two servers advertise one wire name: registered as naming allows (the reference's
   * names never meet), or refused whole, as the OpenAI Agents SDK raises on a duplicate.
   */
  duplicates: "register" | "refuse-open";
  /**
   * How much of a paginated tools/list is read: every page, following `nextCursor` (the spec's pagination) and
   * failing the server on a cursor given twice or a tool listed twice; the first page only, as Mastra, VoltAgent
   * and the Vercel AI SDK call `listTools()` once; or every cursor followed blindly, pages concatenated, as
   * Claude Code 2.1.218 showed one page about 20 times (see load-server.ts).
   */
  listPages: "all" | "first" | "blind";
  /**
   * A host-wide cap on the server tools a model is shown: none (ADR-0112: every tool, or an error naming its
   * server), or at most `max`, the rest dropped with no word (Cursor documents sending only the first 40 tools
   * to the agent), or each server that would take the total past `max` refused with an error naming it and its
   * tools (Windsurf refuses a server past its 50 with an error naming the server).
   */
  toolLimit: { max: number; beyond: "drop-silently" | "refuse-server" } | undefined;
  /**
   * Deferred tools: once more than `above` server tools are shown, the host offers its model a search tool,
   * `searchTool`, in place of them, each still listed by name (Claude Code's ToolSearch, Codex's and Qwen Code's
   * tool_search); undefined: every tool offered as it is. A deferred tool stays callable by its name.
   */
  deferral: { above: number; searchTool: string } | undefined;
  /**
   * How the search tool matches a query: exact names (shown or wire) first, then words (the reference); or
   * ranked by word counts alone with the top five kept, so an exact name can lose the cut (openai/codex#21503).
   */
  toolSearch: "exact-first" | "ranked-top-5";
  /**
   * How what a search found is loaded for the model: by name (the reference); or by reading the names back out
   * of the search's result text with a pattern of word characters, which stops at a `-`
   * (netease-lcap/wave-agent PR#1070: `mcp__popo-acp__sendFile` never activated).
   */
  searchActivation: "by-name" | "result-text-word-chars";

  // Lifecycle: what happens after open.
  /** What a refresh does with a server's new list: take it as the whole truth (adonis), or only add to the old one. */
  refresh: "replace" | "add-only";
  /** What a refresh that cannot reach a server does with its tools: keep them (adonis: unknown, not gone), or drop them. */
  unreachableRefresh: "keep" | "prune";
  /** Whether `notifications/tools/list_changed` makes the host re-list that server by itself. */
  listChanged: boolean;
  /** The registration shapes the duplicate guard covers (ADR P8, delta #8: every shape the API accepts). */
  guardedShapes: readonly LocalShape[];
  /**
   * When a local tool already holds a server tool's name: fail that server (ADR D1, D3), overwrite the local,
   * or refuse the whole configuration, local tools included (Genkit's `assertValidToolNames` refuses the
   * whole `generate()` request that holds two tools of one name).
   */
  localOccupant: "fail-server" | "overwrite" | "refuse-open";
  /** What a pin holds a tool to: the reference hashes name, description and both schemas (tesserix, guide). */
  fingerprint(tool: Tool): string;
  /**
   * How an object schema that does not mention `additionalProperties` is read when a call's arguments are
   * checked: as JSON Schema says, other properties allowed; or closed, refusing any property it does not
   * declare, as mcp-use's JSONSchemaToZod makes every such object `.strict()`.
   */
  undeclaredProperties: "allow" | "refuse";
  /**
   * The input schema a model is handed for a server's tool: the server's, whole (the reference); or only its
   * `properties` and `required` under `type: "object"`, as Continue CLI 1.5.47 builds its tool definitions, so a
   * `$ref` into the `$defs` it leaves behind dangles.
   */
  shownSchema: "whole" | "properties-required";
  /** Which name request schemas are keyed and read by: the server's own (ADR D5), or the visible one, unmatched keys dropped (P7). */
  requestSchemaKey: "wire" | "visible";
  /** Whether a server's deny list is honoured (tesserix: never adopted, whatever allow says). */
  honourDeny: boolean;
  /** Whether a schema with a pattern that can backtrack exponentially is refused before it validates anything (adonis). */
  screenPatterns: boolean;
  /**
   * What the model gets when a tool answers `isError: true`: an error (the MCP spec's CallToolResult: tool
   * errors are reported in the result so the model can see them), or the content as ordinary output, as
   * gemini-cli did before PR#6194 and opencode before PR#16988.
   */
  toolErrors: "error" | "output";
  /**
   * A server found dead mid-session (it cannot be reached for a call, or a call's connection dropped): its
   * tools stay and the call is an error naming it, or its tools are removed at once and the call answers
   * only that no such tool exists, as Claude Code did (anthropics/claude-code#57513).
   */
  lostServer: "report" | "drop-tools";
  /**
   * A server that failed to load at an open: tried again at the next open, or remembered as failed for the
   * life of the host process and never tried again (NousResearch/hermes-agent#112445).
   */
  failedOpen: "retry" | "remember";
  /**
   * What makes a configured stdio server itself: its configuration key (each key its own process, with its
   * own environment), or its command and arguments, so a second server launched by the same command runs
   * with the first one's environment, as in Cursor (cursor/cursor#3688: the second instance of one JAR used
   * the first one's database).
   */
  launchIdentity: "key" | "command";
  /**
   * A tool whose input schema carries an invalid `x-mcp-header` (MCP 2026-07-28): excluded, the server's
   * other tools kept, with a warning naming the tool and the reason (the spec's MUST and SHOULD), or
   * excluded with no word to the host's caller.
   */
  invalidHeader: "exclude-logged" | "exclude-silently";
  /**
   * What becomes of a call's request once its answer is in: nothing (the reference: a finished request is not
   * cancelled, MCP's cancellation is for requests still in progress); or `notifications/cancelled` is sent for it
   * anyway, as Kilo Code CLI 7.7.7 does for every call that had finished.
   */
  settledCalls: "leave" | "cancel";
  /** Which calls whose answer was lost are sent again: only tools annotated `idempotentHint` (adonis), or every one. */
  retryLostAnswer: "idempotent-only" | "always";
  /**
   * What a call whose answer was lost does beyond that call: nothing (the server is reached afresh when next
   * needed), or the server is marked disconnected for the life of the host process and every later open
   * leaves it out, with no error, as an agent backend did whose registry pruned a server after any failed call.
   */
  lostAnswerScope: "call" | "process";
  /** How prompts, resources and resource templates are listed, shown, got and read (context-policy.ts). */
  context: ContextPolicy;
  /**
   * What a call of a tool whose wire name is `__proto__` does beyond that call: nothing, or it corrupts the
   * host process's registry, so that every later open of the process refuses the whole configuration with one
   * error, as Strands Agents TypeScript 1.19 did after one such call (found for issue 43).
   */
  prototypeCall: "contained" | "poisons-process";
  /**
   * The error every attempt to build the tools a model is shown throws once the servers are loaded (absent:
   * none): each open (and refresh) reports it whole, naming no server, and shows nothing. Inngest AgentKit
   * 0.13.2 as installed threw on every run that held an MCP tool (a zod 3 schema from its JSON Schema
   * converter handed to zod 4); a host-wide defect, no answer to any hazard a world was built for.
   */
  everyOpenThrows?: string;
}
