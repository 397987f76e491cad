/**
 * One HAP/1 session of a gateway = one gateway process and one MCP client of it (the SDK's Client). The
 * surface is the gateway's `tools/list`, every page, as any client would read it; it is read again only after
 * the gateway sends `notifications/tools/list_changed` (so a gateway that re-lists a server on its
 * notification but never tells its clients is seen as a client sees it). A call is one `tools/call`.
 * Prompts and resources go the same way, only where the gateway's `initialize` advertises them: its
 * `prompts/list`, `resources/list` and `resources/templates/list` (every page) are read at the start and again
 * only after its `notifications/prompts/list_changed` or `notifications/resources/list_changed`; a get is one
 * `prompts/get`, a read one `resources/read`. A list the gateway fails is an error its client was told.
 * Results are read loosely (any tool shape, any content): the SDK's own `listTools` compiles every output
 * schema and would take a hostile schema the gateway merely passed on for the gateway's failure.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { LoggingMessageNotificationSchema, PromptListChangedNotificationSchema, ResourceListChangedNotificationSchema, ToolListChangedNotificationSchema, type ServerCapabilities } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { describeLoad } from "../pace.ts";
import type { CallResult } from "../protocol/call-result.ts";
import type { ServerConfig } from "../protocol/open-params.ts";
import type { Diagnostic, HostError } from "../protocol/open-result.ts";
import type { PromptGetResult, ResourceReadResult, ShownPrompt, ShownResource, ShownTemplate } from "../protocol/context-result.ts";
import type { VisibleTool } from "../protocol/tools-result.ts";
import { listPages, shownPrompt, shownResource, shownTemplate, visibleTool } from "./gateway-lists.ts";
import type { GatewayModule } from "./gateway-module.ts";
import { consoleDiagnostics, serverErrorLines } from "./gateway-output.ts";
import { GatewayProcess, type GatewayProcessOptions } from "./gateway-process.ts";

/** How sessions are run. */
export interface GatewaySessionOptions extends GatewayProcessOptions {
  /** Longest wait for the gateway to answer `initialize` (it starts, loads its servers), in ms. */
  startTimeoutMs: number;
  /** Longest wait for one `tools/list` page or `tools/call`, in ms. */
  requestTimeoutMs: number;
}

const CallAnswerSchema = z.looseObject({ content: z.array(z.unknown()).optional(), isError: z.boolean().optional() });
const PromptAnswerSchema = z.looseObject({ messages: z.array(z.unknown()), description: z.string().optional() });
const ReadAnswerSchema = z.looseObject({ contents: z.array(z.unknown()) });

/** The lists a gateway's client holds and re-reads on the gateway's word. */
type Family = "tools" | "prompts" | "resources";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The text a tool error carries: its text parts, else its content as JSON. */
function errorText(content: readonly unknown[]): string {
  const texts = content.flatMap((part) => (typeof part === "object" && part !== null && (part as { type?: unknown }).type === "text" ? [String((part as { text?: unknown }).text)] : []));
  return texts.length > 0 ? texts.join("\n") : JSON.stringify(content);
}

/** One gateway process and the harness's MCP client of it. */
export class GatewaySession {
  private surface: VisibleTool[] = [];
  private shownPrompts: ShownPrompt[] = [];
  private shownResources: { resources: ShownResource[]; templates: ShownTemplate[] } = { resources: [], templates: [] };
  /** The lists the gateway said changed since they were read. */
  private readonly stale = new Set<Family>();
  private readonly logged: Diagnostic[] = [];
  /** What the gateway told its client when a prompt or resource list failed at the start. */
  private readonly listErrors: HostError[] = [];
  /** Why the open failed as a whole (the gateway exited, or its tools/list failed), when it did. */
  failure: string | undefined;
  /** What the gateway said it can do, in its answer to `initialize`. */
  capabilities: ServerCapabilities = {};

  private constructor(private readonly module: GatewayModule, private readonly gateway: GatewayProcess, private readonly client: Client, private readonly options: GatewaySessionOptions) {
    client.setNotificationHandler(ToolListChangedNotificationSchema, async () => void this.stale.add("tools"));
    client.setNotificationHandler(PromptListChangedNotificationSchema, async () => void this.stale.add("prompts"));
    client.setNotificationHandler(ResourceListChangedNotificationSchema, async () => void this.stale.add("resources"));
    client.setNotificationHandler(LoggingMessageNotificationSchema, async ({ params }) => {
      if (this.logged.length < 50) this.logged.push({ level: params.level, message: typeof params.data === "string" ? params.data : JSON.stringify(params.data), channel: "api" });
    });
  }

  /**
   * Starts the gateway on `servers`, connects, and reads its list. Throws (with its stderr) when the gateway
   * never answers, unless `refusalIsResult` and it exited by itself (it refused this configuration: a gateway
   * that started with no servers at all has shown it can start here): then a session with no surface.
   */
  static async start(module: GatewayModule, servers: readonly ServerConfig[], options: GatewaySessionOptions, refusalIsResult = false): Promise<GatewaySession> {
    const gateway = await GatewayProcess.start(module, servers, options);
    const client = new Client({ name: "mcp-collide", version: "1" }, { capabilities: {} });
    const session = new GatewaySession(module, gateway, client, options);
    try {
      await session.connect();
      session.capabilities = client.getServerCapabilities() ?? {};
    } catch (error) {
      const exitedByItself = gateway.exited !== undefined;
      await session.close();
      if (!refusalIsResult || !exitedByItself) throw error;
      session.failure = messageOf(error);
      return session;
    }
    try {
      session.surface = await session.listAll();
    } catch (error) {
      // The client asked for the merged list and did not get it: the open failed as a whole, as its client saw.
      session.failure = `the gateway's tools/list failed: ${messageOf(error)}`;
      return session;
    }
    for (const family of ["prompts", "resources"] as const) {
      if (!session.capabilities[family]) continue;
      try {
        await session.read(family);
      } catch (error) {
        session.listErrors.push({ message: `the gateway's ${family === "prompts" ? "prompts/list" : "resources/list or resources/templates/list"} failed: ${messageOf(error)}` });
      }
    }
    return session;
  }

  /**
   * Connects once the gateway can be reached: a stdio gateway as soon as its pipes (or its relay's socket) are
   * there; an http or sse one once its module says it is ready (a gateway that answers but never says so is
   * listed as it stands at the start timeout, and the diagnostics say so), retrying until it answers `initialize`.
   */
  private async connect(): Promise<void> {
    const deadline = Date.now() + this.options.startTimeoutMs;
    const gone = () => (this.gateway.exited ? new Error(`the gateway exited (${this.gateway.exited.signal ?? `code ${this.gateway.exited.code}`}) before it answered; stderr: ${this.gateway.stderr.text.slice(-2000) || "(empty)"}`) : undefined);
    const stdio = this.module.manifest.endpoint === "stdio";
    const ready = stdio ? undefined : this.gateway.launch.ready;
    while (ready && !(await ready(this.gateway.origin).catch(() => false))) {
      const exited = gone();
      if (exited) throw exited;
      if (Date.now() >= deadline) {
        this.logged.push({ level: "warning", message: `the gateway did not say it was ready within ${this.options.startTimeoutMs} ms; its list was read as it stood then`, channel: "api" });
        break;
      }
      await sleep(200);
    }
    const connectBy = Math.max(deadline, Date.now() + 10_000);
    let last: unknown;
    while (Date.now() < connectBy) {
      const exited = gone();
      if (exited) throw exited;
      let transport: Transport;
      try {
        transport = await this.transport();
      } catch (error) {
        // The relay's socket is not there yet.
        last = error;
        await sleep(200);
        continue;
      }
      try {
        await this.client.connect(transport, { timeout: Math.max(1_000, connectBy - Date.now()) });
        return;
      } catch (error) {
        last = error;
        await this.client.close().catch(() => undefined);
        // A stdio gateway's one connection is spent; an http one may not listen yet.
        if (stdio) break;
        await sleep(200);
      }
    }
    throw gone() ?? new Error(`the gateway did not answer initialize within ${this.options.startTimeoutMs} ms (${messageOf(last)}; ${describeLoad()}); stderr: ${this.gateway.stderr.text.slice(-2000) || "(empty)"}`);
  }

  private async transport(): Promise<Transport> {
    const endpoint = this.module.manifest.endpoint;
    if (endpoint === "stdio") return this.gateway.stdioTransport();
    const url = new URL(this.gateway.launch.path ?? "/mcp", this.gateway.origin);
    return endpoint === "sse" ? new SSEClientTransport(url) : new StreamableHTTPClientTransport(url);
  }

  /** Every page of the gateway's `tools/list`, following its cursor; throws on an error, a repeated cursor or too many pages. */
  private async listAll(): Promise<VisibleTool[]> {
    return (await listPages(this.client, "tools", this.options.requestTimeoutMs)).map(visibleTool);
  }

  /** Reads one family's lists from the gateway, every page; throws when the gateway fails one. */
  private async read(family: Family): Promise<void> {
    const timeout = this.options.requestTimeoutMs;
    if (family === "tools") this.surface = await this.listAll();
    else if (family === "prompts") this.shownPrompts = (await listPages(this.client, "prompts", timeout)).map(shownPrompt);
    else {
      const resources = (await listPages(this.client, "resources", timeout)).map(shownResource);
      this.shownResources = { resources, templates: (await listPages(this.client, "templates", timeout)).map(shownTemplate) };
    }
  }

  /** Reads `family` again when the gateway said it changed (a failure is logged; the lists held stay). */
  private async fresh(family: Family): Promise<void> {
    if (this.failure || !this.stale.has(family)) return;
    this.stale.delete(family);
    try {
      await this.read(family);
    } catch (error) {
      this.logged.push({ level: "error", message: `re-listing after notifications/${family}/list_changed failed: ${messageOf(error)}`, channel: "api" });
    }
  }

  /** The surface as the client holds it: read again only when the gateway said its list changed. */
  async tools(): Promise<VisibleTool[]> {
    await this.fresh("tools");
    return this.surface;
  }

  /** The prompts as the client holds them (where the gateway advertises prompts): read again only when the gateway said they changed. */
  async prompts(): Promise<ShownPrompt[]> {
    await this.fresh("prompts");
    return this.shownPrompts;
  }

  /** The resources and templates as the client holds them (where the gateway advertises resources), read again on the gateway's word. */
  async resources(): Promise<{ resources: ShownResource[]; templates: ShownTemplate[] }> {
    await this.fresh("resources");
    return this.shownResources;
  }

  /** The client gets the prompt `name` with `args`: one `prompts/get`; a JSON-RPC error (or a gateway gone) is a refusal. */
  async getPrompt(name: string, args: Record<string, string>): Promise<PromptGetResult> {
    if (this.failure) return { ok: false, error: { message: `the gateway is not running: ${this.failure}` } };
    try {
      const answer = await this.client.request({ method: "prompts/get", params: { name, arguments: args } }, PromptAnswerSchema, { timeout: this.options.requestTimeoutMs });
      return { ok: true, messages: answer.messages, ...(answer.description !== undefined ? { description: answer.description } : {}) };
    } catch (error) {
      return { ok: false, error: { message: `the gateway answered prompts/get with an error: ${messageOf(error)}` } };
    }
  }

  /** The client reads `uri`: one `resources/read`; a JSON-RPC error (or a gateway gone) is a refusal. */
  async readResource(uri: string): Promise<ResourceReadResult> {
    if (this.failure) return { ok: false, error: { message: `the gateway is not running: ${this.failure}` } };
    try {
      const answer = await this.client.request({ method: "resources/read", params: { uri } }, ReadAnswerSchema, { timeout: this.options.requestTimeoutMs });
      return { ok: true, contents: answer.contents };
    } catch (error) {
      return { ok: false, error: { message: `the gateway answered resources/read with an error: ${messageOf(error)}` } };
    }
  }

  /**
   * The client calls `name`: the gateway's answer as a result. A JSON-RPC error or a result with `isError: true`
   * is an error the client's model would see (its text kept); a transport failure too (the gateway is gone).
   */
  async call(name: string, args: Record<string, unknown>): Promise<CallResult> {
    if (this.failure) return { ok: false, error: { message: `the gateway is not running: ${this.failure}` } };
    try {
      const answer = await this.client.request({ method: "tools/call", params: { name, arguments: args } }, CallAnswerSchema, { timeout: this.options.requestTimeoutMs });
      const content = answer.content ?? [];
      return answer.isError === true ? { ok: false, error: { message: errorText(content) } } : { ok: true, content };
    } catch (error) {
      return { ok: false, error: { message: `the gateway answered tools/call with an error: ${messageOf(error)}` } };
    }
  }

  /** The errors the gateway told its operator (its console) and its client (a failed open), and its console as diagnostics. */
  report(keys: readonly string[]): { errors: HostError[]; diagnostics: Diagnostic[] } {
    const output = { stdout: this.gateway.stdout.text, stderr: this.gateway.stderr.text };
    const told = (this.module.errorsOf ?? serverErrorLines)(output, keys);
    const errors = [...told, ...this.listErrors, ...(this.failure ? [{ message: this.failure }] : [])];
    return { errors, diagnostics: [...this.logged, ...consoleDiagnostics(output)] };
  }

  /** Closes the client and the gateway (everything it started dies with it). Idempotent. */
  async close(): Promise<void> {
    await this.client.close().catch(() => undefined);
    await this.gateway.close();
  }
}
