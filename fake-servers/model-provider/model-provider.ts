/**
 * A scripted model provider on 127.0.0.1, the way the fake MCP servers are scripted servers: it records
 * every request before answering it, and holds each model turn open until its driver answers it with final
 * text or one tool call. Four front ends, each streaming as the real API does: Anthropic Messages
 * (`/v1/messages`), OpenAI Responses (`/v1/responses`), OpenAI Chat Completions (`/v1/chat/completions`)
 * and Gemini (`/v1beta/models/<m>:streamGenerateContent`).
 *
 * A request belongs to the client whose key it carries (`x-api-key`, `Authorization: Bearer`,
 * `x-goog-api-key` or `?key=`; see {@link ModelProvider.expect}), so one provider serves many CLI
 * processes at once. A streamed request that offers tools is a *turn* and waits for its client's driver;
 * anything else a CLI sends on the side (titles, token counts, Gemini's routing call with its JSON
 * response schema, a Chat Completions call without tools, a model list) is answered at once with the plainest
 * valid answer. A request carrying a key nobody expects is refused with 401 before its body is read, and kept
 * nowhere (only counted, in {@link ModelProvider.refusedUnknownKey}): whoever can reach the port without a key
 * can neither fill the provider's memory nor put a request among a client's records.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { anthropicMessage, anthropicStream, AnthropicRequestSchema, readAnthropic } from "./anthropic.ts";
import { geminiResponse, geminiStream, GeminiRequestSchema, readGemini, valueForSchema } from "./gemini.ts";
import { chatCompletion, ChatRequestSchema, chatResponseSchema, chatStream, readChat } from "./chat-completions.ts";
import { readResponses, responsesStream, ResponsesRequestSchema } from "./openai-responses.ts";
import { ModelReplySchema, type FrontEnd, type ModelReply, type ProviderRecord, type TurnContent } from "./provider-types.ts";
import { writeJson, writeSse } from "./sse.ts";

/** Bodies above this are not a model request a CLI would send in these tests. */
const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** A model turn held open until its driver answers it. */
export interface HeldTurn {
  readonly record: ProviderRecord;
  readonly frontEnd: FrontEnd;
  readonly content: TurnContent;
  /** Answers the CLI (once; later answers are ignored): final text or one call; throws, leaving the turn held, for a reply that is invalid or that its front end cannot say. */
  answer(reply: ModelReply): void;
  /** True once answered, or once the CLI hung up. */
  readonly settled: boolean;
}

interface Waiter {
  resolve(turn: HeldTurn): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

interface Client {
  /** Turns that arrived and no driver has taken yet. */
  turns: HeldTurn[];
  /** Every turn not yet answered, taken or not. */
  held: Set<HeldTurn>;
  waiters: Waiter[];
}

function keyOf(req: IncomingMessage, url: URL): string | undefined {
  const header = (name: string) => (typeof req.headers[name] === "string" ? (req.headers[name] as string) : undefined);
  const bearer = /^Bearer\s+(.+)$/i.exec(header("authorization") ?? "")?.[1];
  return header("x-api-key") ?? bearer ?? header("x-goog-api-key") ?? url.searchParams.get("key") ?? undefined;
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error("request body too large");
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The fake model provider. */
export class ModelProvider {
  /** Every request carrying an expected key, in arrival order, recorded before it was answered. */
  readonly records: ProviderRecord[] = [];
  /** Requests refused for a key nobody expects (or none), unread and unrecorded. */
  refusedUnknownKey = 0;
  private readonly keys = new Map<string, string>();
  private readonly clients = new Map<string, Client>();
  private readonly open = new Set<ServerResponse>();
  private closed = false;

  private constructor(private readonly server: Server, readonly port: number) {
    server.on("request", (req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) writeJson(res, 500, { error: { message: `fake provider failed: ${String(error)}` } });
        else res.end();
      });
    });
  }

  /** Listens on an ephemeral port of 127.0.0.1. */
  static async start(): Promise<ModelProvider> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    const address = server.address();
    if (address === null || typeof address === "string") throw new Error("model provider has no TCP address");
    return new ModelProvider(server, address.port);
  }

  /** `http://127.0.0.1:<port>` */
  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Requests carrying `key` belong to `client` from now on. */
  expect(client: string, key: string): void {
    this.keys.set(key, client);
    if (!this.clients.has(client)) this.clients.set(client, { turns: [], held: new Set(), waiters: [] });
  }

  /** Stops serving `client`: its held turns are answered with `farewell` text, its waiters rejected. */
  forget(client: string, farewell = "done"): void {
    for (const [key, owner] of this.keys) if (owner === client) this.keys.delete(key);
    const state = this.clients.get(client);
    this.clients.delete(client);
    if (!state) return;
    for (const turn of state.held) turn.answer({ type: "text", text: farewell });
    for (const waiter of state.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(new Error(`client ${client} was forgotten`));
    }
  }

  /** The requests `client` sent, in order. */
  recordsOf(client: string): ProviderRecord[] {
    return this.records.filter((record) => record.client === client);
  }

  /** The next model turn `client` sends (one already waiting, or the next to arrive); rejects after `timeoutMs`. */
  nextTurn(client: string, timeoutMs: number): Promise<HeldTurn> {
    const state = this.clients.get(client);
    if (!state) return Promise.reject(new Error(`no client ${client}`));
    const ready = state.turns.shift();
    if (ready) return Promise.resolve(ready);
    return new Promise<HeldTurn>((resolve, reject) => {
      const waiter: Waiter = {
        resolve, reject,
        timer: setTimeout(() => {
          state.waiters.splice(state.waiters.indexOf(waiter), 1);
          reject(new Error(`no model turn from ${client} within ${timeoutMs} ms`));
        }, timeoutMs),
      };
      state.waiters.push(waiter);
    });
  }

  /** Stops listening; every held or streaming response is ended. Idempotent. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const client of [...this.clients.keys()]) this.forget(client);
    for (const res of this.open) res.destroy();
    const done = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await done;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.origin);
    const key = keyOf(req, url);
    const client = key === undefined ? undefined : this.keys.get(key);
    if (client === undefined || this.closed) {
      // Refused on its headers: the body is never read, and the connection is closed after the answer.
      this.refusedUnknownKey++;
      res.shouldKeepAlive = false;
      return writeJson(res, 401, { error: { type: "authentication_error", message: "unknown key (mcp-collide fake provider)" } });
    }
    const body = req.method === "POST" ? await readBody(req) : undefined;
    const path = url.pathname;
    const frontEnd: FrontEnd | undefined = path.startsWith("/v1/messages") ? "anthropic"
      : path.startsWith("/v1/responses") ? "openai-responses"
      : path.endsWith("/chat/completions") ? "openai-chat"
      : /\/models\/[^/]+:/.test(path) ? "gemini" : undefined;
    const record: ProviderRecord = { seq: this.records.length + 1, method: req.method ?? "", url: `${url.pathname}${url.search}`, frontEnd, client, kind: "side", body };
    this.records.push(record);
    this.open.add(res);
    res.on("close", () => this.open.delete(res));
    const turnId = `${client}-${record.seq}`;

    if (frontEnd === "anthropic") {
      if (path.endsWith("/count_tokens")) return writeJson(res, 200, { input_tokens: 1 });
      const request = AnthropicRequestSchema.parse(body ?? {});
      const content = readAnthropic(request);
      if (request.stream && content.tools.length > 0) return this.hold(record, "anthropic", content, res, (reply) => writeSse(res, anthropicStream(reply, request.model, `msg_${turnId}`)));
      if (request.stream) return writeSse(res, anthropicStream({ type: "text", text: "ok" }, request.model, `msg_${turnId}`));
      return writeJson(res, 200, anthropicMessage("ok", request.model, `msg_${turnId}`));
    }
    if (frontEnd === "openai-responses") {
      const request = ResponsesRequestSchema.parse(body ?? {});
      const content = readResponses(request);
      const stream = (reply: ModelReply) => writeSse(res, responsesStream(reply, request.model, `resp_${turnId}`));
      if (content.tools.length > 0) return this.hold(record, "openai-responses", content, res, stream);
      return stream({ type: "text", text: "ok" });
    }
    if (frontEnd === "openai-chat") {
      const request = ChatRequestSchema.parse(body ?? {});
      const content = readChat(request);
      const id = `chatcmpl_${turnId}`;
      // Streamed or not, as the CLI asked; a request with tools is a turn either way.
      const answer = (reply: ModelReply) => (request.stream ? writeSse(res, chatStream(reply, request, id), "[DONE]") : writeJson(res, 200, chatCompletion(reply, request.model, id)));
      if (content.tools.length > 0) return this.hold(record, "openai-chat", content, res, answer);
      // A side call asking for JSON of a schema (a next-speaker check, a title) gets a value that fits it.
      const schema = chatResponseSchema(request);
      return answer({ type: "text", text: schema === undefined ? "ok" : JSON.stringify(valueForSchema(schema)) });
    }
    if (frontEnd === "gemini") {
      if (path.endsWith(":countTokens")) return writeJson(res, 200, { totalTokens: 1 });
      const request = GeminiRequestSchema.parse(body ?? {});
      const content = readGemini(request);
      if (path.endsWith(":streamGenerateContent")) {
        if (content.tools.length > 0) return this.hold(record, "gemini", content, res, (reply) => writeSse(res, geminiStream(reply)));
        return writeSse(res, geminiStream({ type: "text", text: "ok" }));
      }
      // The routing side call: a JSON answer that fits its response schema.
      const schema = request.generationConfig?.responseJsonSchema ?? request.generationConfig?.responseSchema;
      return writeJson(res, 200, geminiResponse(schema === undefined ? "ok" : JSON.stringify(valueForSchema(schema))));
    }
    if (req.method === "GET" && path.endsWith("/models")) return writeJson(res, 200, { object: "list", data: [], models: [] });
    record.kind = "refused";
    return writeJson(res, 404, { error: { message: `no such endpoint on the fake provider: ${req.method} ${path}` } });
  }

  private hold(record: ProviderRecord, frontEnd: FrontEnd, content: TurnContent, res: ServerResponse, reply: (reply: ModelReply) => void): void {
    record.kind = "turn";
    const state = this.clients.get(record.client!)!;
    let settled = false;
    const turn: HeldTurn = {
      record, frontEnd, content,
      get settled() { return settled; },
      answer(value) {
        if (settled) return;
        // A reply that is invalid, or that this front end cannot say, throws and leaves the turn held.
        reply(ModelReplySchema.parse(value));
        settled = true;
        state.held.delete(turn);
      },
    };
    // A CLI that hung up (killed, timed out) leaves nothing to answer.
    res.on("close", () => {
      settled = true;
      state.held.delete(turn);
    });
    state.held.add(turn);
    const waiter = state.waiters.shift();
    if (waiter) {
      clearTimeout(waiter.timer);
      waiter.resolve(turn);
    } else {
      state.turns.push(turn);
    }
  }
}
