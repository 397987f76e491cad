/**
 * The `fetch` the reference host hands the SDK's streamable-HTTP client: the same requests and the same
 * Response objects, made with node:http (one keep-alive agent per host process) instead of the global
 * fetch. Why: a default run sends thousands of small POSTs to servers on this machine, and the global
 * fetch's request pipeline (undici, web streams end to end) was the largest single cost of the reference
 * adapter (bench/README.md); node:http costs about half as much CPU per request. A body
 * that streams (text/event-stream) is handed on as it arrives; any other body is read whole first.
 * Redirects are never followed here (the SDK follows them itself, within the origin); a failure rejects
 * as the global fetch does, `TypeError("fetch failed")` with the cause, so the host's messages read alike.
 */
import { setMaxListeners } from "node:events";
import { Agent, request, type IncomingMessage } from "node:http";
import { Readable } from "node:stream";

const agent = new Agent({ keepAlive: true });

/** Statuses whose Response may carry no body at all (the Response constructor refuses one). */
const NULL_BODY = new Set([204, 205, 304]);

function headersOf(response: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

/** A `fetch` for http: URLs over node:http; anything else goes to the global fetch. */
export async function nodeHttpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : input);
  if (url.protocol !== "http:" || input instanceof Request || (init.body !== undefined && init.body !== null && typeof init.body !== "string")) {
    return fetch(input, init);
  }
  const signal = init.signal ?? undefined;
  if (signal?.aborted) throw abortError(signal);
  const headers = Object.fromEntries(new Headers(init.headers));
  // One transport's signal watches every request of its session at once: more than the default ten is normal.
  if (signal) setMaxListeners(0, signal);
  return new Promise<Response>((resolve, reject) => {
    const failed = (cause: unknown) => (signal?.aborted ? abortError(signal) : new TypeError("fetch failed", { cause }));
    let outgoing: ReturnType<typeof request>;
    try {
      outgoing = request(url, { method: init.method ?? "GET", headers, agent });
    } catch (error) {
      reject(failed(error));
      return;
    }
    const onAbort = () => outgoing.destroy(abortError(signal!) as Error);
    signal?.addEventListener("abort", onAbort, { once: true });
    const settle = () => signal?.removeEventListener("abort", onAbort);
    // Whatever a server answers, the promise settles: an answer no Response can hold (a status past 599, a
    // control character in the reason) is a failed fetch, never an exception thrown into the host.
    const fail = (error: unknown) => {
      settle();
      reject(failed(error));
    };
    const refuse = (error: unknown) => {
      outgoing.destroy();
      fail(error);
    };
    outgoing.once("error", fail);
    outgoing.once("response", (response) => {
      try {
        answer(response);
      } catch (error) {
        refuse(error);
      }
    });
    const answer = (response: IncomingMessage) => {
      const status = response.statusCode ?? 0;
      const meta = { status, statusText: response.statusMessage ?? "", headers: headersOf(response) };
      if (NULL_BODY.has(status)) {
        const empty = new Response(null, meta);
        settle();
        response.resume();
        resolve(empty);
        return;
      }
      if ((response.headers["content-type"] ?? "").toLowerCase().includes("text/event-stream")) {
        const streamed = new Response(Readable.toWeb(response) as ReadableStream<Uint8Array>, meta);
        // The stream lives on after this promise: an abort still ends it, by destroying the request.
        response.once("close", settle);
        resolve(streamed);
        return;
      }
      const chunks: Buffer[] = [];
      let ended = false;
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.once("end", () => {
        ended = true;
        try {
          resolve(new Response(Buffer.concat(chunks), meta));
          settle();
        } catch (error) {
          refuse(error);
        }
      });
      // A connection that drops mid-body: the answer is lost, as the global fetch would say.
      const lost = (error?: Error) => {
        if (!ended) fail(error ?? new Error("the connection closed before the body ended"));
      };
      response.once("error", lost);
      response.once("close", () => lost());
    };
    try {
      outgoing.end(init.body ?? undefined);
    } catch (error) {
      refuse(error);
    }
  });
}
