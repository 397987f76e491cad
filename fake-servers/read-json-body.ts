import type { IncomingMessage } from "node:http";

/** Bodies above this are not MCP traffic a fake server needs to take. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** Why a body could not be read, with the HTTP status that says so. */
export class BodyError extends Error {
  /** @param status HTTP status to answer with; @param message what went wrong. */
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Reads and parses a JSON request body. The SDK transport accepts a pre-parsed body, and the gateway
 * must look at it anyway to tell an `initialize` (new session) from a stray request.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BodyError(413, "request body too large");
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new BodyError(400, "Parse error: request body is not JSON");
  }
}
