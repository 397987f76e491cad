import type { ServerResponse } from "node:http";

/** One server-sent event: an optional `event:` name and a JSON `data:` line. */
export type SseEvent = [event: string | undefined, data: unknown];

/**
 * Answers with `events` as a complete `text/event-stream`, the way the real APIs stream; `terminator` is a
 * last raw `data:` line (Chat Completions ends its streams with `data: [DONE]`, which is not JSON).
 */
export function writeSse(res: ServerResponse, events: readonly SseEvent[], terminator?: string): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const [event, data] of events) res.write(`${event ? `event: ${event}\n` : ""}data: ${JSON.stringify(data)}\n\n`);
  if (terminator !== undefined) res.write(`data: ${terminator}\n\n`);
  res.end();
}

/** Answers with a JSON body. */
export function writeJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** Reads the events of an SSE text back (for tests and for clients in this repo); a data line that is not JSON (`[DONE]`) is kept as its text. */
export function parseSse(text: string): SseEvent[] {
  return text.split(/\n\n+/).filter((block) => block.trim() !== "").map((block) => {
    const event = /^event: (.*)$/m.exec(block)?.[1];
    const data = block.split("\n").filter((line) => line.startsWith("data: ")).map((line) => line.slice(6)).join("\n");
    try {
      return [event, JSON.parse(data)];
    } catch {
      return [event, data];
    }
  });
}
