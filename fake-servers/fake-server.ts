import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  McpError,
  ListToolsRequestSchema,
  type CallToolResult,
  type ListToolsResult,
  type ServerCapabilities,
} from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { Recorder } from "./recorder.ts";
import type { AnswerGate } from "./answer-gate.ts";
import { contextListsOf, type ContextLists } from "./context-definition.ts";
import { contextCapabilities, serveContext } from "./context-handlers.ts";
import { pagedList } from "./paged-list.ts";
import { RecordingTransport } from "./recording-transport.ts";
import { scriptedToolError, type ServerScript } from "./server-script.ts";
import type { ToolDefinition } from "./tool-definition.ts";

/** Knobs for behaviour that changes over a server's life (drift); absent: the script as written. */
export interface FakeServerOptions {
  /**
   * The tool list to advertise, asked afresh on every `tools/list` and `tools/call`, so a drift
   * controller can change the surface without rebuilding the server. Default: `script.tools`.
   */
  tools?: () => readonly ToolDefinition[];
  /** The prompts, resources and templates to answer, asked afresh on every request. Default: the script's. */
  context?: () => ContextLists;
  /** The world's answer order for the first `tools/list` (see {@link AnswerGate}). */
  gate?: AnswerGate;
  /** Capabilities to declare on `initialize`. Default: {@link fakeServerCapabilities}. */
  capabilities?: ServerCapabilities;
  /** Called as each `tools/list` is answered, so a drift controller knows which revision a host saw. */
  onListed?: () => void;
  /** Whether a call of this wire name loses its answer. Default: `script.loseAnswers` names it (or holds `*`). */
  losesAnswer?: (tool: string) => boolean;
  /** How this connection drops abruptly when an answer is lost. Default: its transport closes. */
  drop?: () => void;
}

/**
 * What a scripted server declares: tools, and prompts and resources where it serves them, with list_changed
 * only where the script advertises it.
 */
export function fakeServerCapabilities(script: ServerScript): ServerCapabilities {
  return { tools: { listChanged: script.listChanged ?? false }, ...contextCapabilities(script) };
}

/** The text every successful call answers with: enough for a suite to see which server and wire name ran. */
export interface CallEcho {
  /** Configuration key of the server that ran the call. */
  server: string;
  /** The tool name exactly as the call carried it (the wire name). */
  tool: string;
  /** The arguments as the server got them. */
  arguments?: unknown;
}

/**
 * A scripted MCP server for one connection. It is the SDK's low-level `Server` (tool schemas are
 * arbitrary JSON, which the high-level McpServer would reinterpret), and its `connect` wraps whatever
 * transport it is given in a {@link RecordingTransport}, so no connection can skip the record or the
 * scripted latency.
 */
export function createFakeServer(
  script: ServerScript,
  recorder: Recorder,
  connectionId: number,
  options: FakeServerOptions = {},
): Server {
  const tools = options.tools ?? (() => script.tools);
  const capabilities = options.capabilities ?? fakeServerCapabilities(script);
  const lost = new Set(script.loseAnswers ?? []);
  const context = {
    server: script.key, connection: connectionId, recorder, latency: script.latency, gate: options.gate,
    losesAnswer: options.losesAnswer ?? ((tool: string) => lost.has("*") || lost.has(tool)), drop: options.drop,
    failure: script.failure, stallMs: script.stallMs, toolCount: () => tools().length,
  };
  const server = new RecordingServer(context, script.serverInfo, { capabilities, jsonSchemaValidator: serverValidator });

  // The SDK does not validate handler results for tools/list, so hostile names and schemas leave as given.
  let stuckFollowed = 0;
  server.setRequestHandler(ListToolsRequestSchema, (request): ListToolsResult => {
    // A cursor that never advances is answered for a while, then refused, so a host that follows it blindly is
    // seen looping (the record counts each request) and then stopped, never left spinning until the case times out.
    if (script.failure === "stuck-cursor" && request.params?.cursor !== undefined && ++stuckFollowed > STUCK_CURSOR_ANSWERS) {
      throw new McpError(ErrorCode.InternalError, `the cursor was asked for ${stuckFollowed} times on this connection: no more pages`);
    }
    // Answered first: a cursor this server never gave is an error, and no list a host could have seen.
    const answer = listAnswer(script, tools(), request.params?.cursor);
    options.onListed?.();
    return answer;
  });
  server.setRequestHandler(CallToolRequestSchema, (request): CallToolResult => {
    const { name, arguments: args } = request.params;
    const failed = scriptedToolError(script, tools(), name);
    if (failed !== undefined) return { isError: true, content: [{ type: "text", text: failed }] };
    const tool = tools().find((candidate) => candidate.name === name)!;
    const echo: CallEcho = { server: script.key, tool: name, arguments: args };
    const result: CallToolResult = { content: [{ type: "text", text: JSON.stringify(echo) }] };
    if (tool.outputSchema) result.structuredContent = { server: script.key, tool: name };
    return result;
  });
  const lists = contextListsOf(script);
  serveContext(server, script, options.context ?? (() => lists));
  return server;
}

/** How often a `stuck-cursor` server answers its cursor on one connection before it refuses it. */
export const STUCK_CURSOR_ANSWERS = 50;

/** The cursor of a `list-crash` server's second page: asking for it is what kills the server. */
const NEXT_PAGE = "page-2";

/**
 * What `tools/list` answers: the list as given, or as the script's failure shapes it (a first page with a
 * cursor; a malformed tool added after the real ones), in the script's pages (see pagedList: healthy, or a
 * stuck cursor, or a repeated page). The other failures are played by the transport.
 */
function listAnswer(script: ServerScript, tools: readonly ToolDefinition[], cursor: string | undefined): ListToolsResult {
  const listed = [...tools] as unknown[];
  switch (script.failure) {
    case "list-crash":
      return { tools: listed.slice(0, Math.ceil(listed.length / 2)) as ListToolsResult["tools"], nextCursor: NEXT_PAGE };
    case "nameless-tool":
      listed.push({ description: "a tool without a name", inputSchema: { type: "object" } });
      break;
    case "schema-not-object":
      listed.push({ name: "malformed_schema", description: "a tool whose inputSchema is not an object", inputSchema: "object" });
      break;
    default:
      break;
  }
  return pagedList(script.key, listed, script.pageSize, script.failure, cursor) as ListToolsResult;
}

/**
 * One validator for every fake server. An SDK Server builds its own Ajv unless handed one (most of a case's
 * CPU went there); a server uses it only to check elicitation answers, and fake servers never elicit, so
 * sharing it holds nothing across worlds.
 */
const serverValidator = new AjvJsonSchemaValidator();

/** Server whose every transport is recorded; private so nobody can construct one without a record. */
class RecordingServer extends Server {
  constructor(
    private readonly recording: ConstructorParameters<typeof RecordingTransport>[1],
    ...rest: ConstructorParameters<typeof Server>
  ) {
    super(...rest);
  }

  override connect(transport: Transport): Promise<void> {
    return super.connect(new RecordingTransport(transport, this.recording));
  }
}
