/**
 * How a scripted server pages its `tools/list`: in pages of `pageSize` with a cursor before each page but the
 * first, or as one of the broken pagers (`stuck-cursor`, `repeated-page`). Policy carried here:
 * - Cursors are opaque and not numbers (MCP: "clients MUST treat cursors as opaque tokens"; a host that
 *   parses one as an offset is caught out), yet the same for the same server key and page, so a report
 *   is the same for the same seed. They differ between servers, so a cursor taken to the wrong server fails.
 * - A cursor this server never gave is answered with a JSON-RPC invalid-params error, as the spec asks.
 * - One cursor may be the empty string (`emptyCursor`): "an empty string is a valid cursor and thus MUST NOT be
 *   treated as the end of results" (MCP 2026-07-28 pagination), so a request carrying `cursor: ""` asks for a
 *   page and a request carrying none asks for the first: the two are told apart by presence, never by truth.
 */
import { createHash } from "node:crypto";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { ServerFailure } from "./server-script.ts";

/** One page of a list as it goes on the wire. */
export interface ListPage {
  tools: unknown[];
  nextCursor?: string;
}

/**
 * The cursor that asks server `key` for position `at` of its page sequence (`kind` tells the sequences of the
 * broken pagers apart): 16 base64url characters of a hash, with a letter in front should they be all digits.
 */
export function pageCursor(key: string, at: number, kind = "page"): string {
  const token = createHash("sha256").update(`mcp-collide\u0000${kind}\u0000${key}\u0000${at}`).digest("base64url").slice(0, 16);
  return /^\d+$/.test(token) ? `c${token}` : token;
}

/** `items` in pages of `size` (absent: one page); an empty list is one empty page. */
function chunks(items: readonly unknown[], size: number | undefined): unknown[][] {
  if (size === undefined || items.length <= size) return [[...items]];
  const pages: unknown[][] = [];
  for (let at = 0; at < items.length; at += size) pages.push(items.slice(at, at + size));
  return pages;
}

/**
 * The page of `listed` a request with `cursor` gets from server `key`:
 * - healthy: page 1 without a cursor, then each page under the cursor the previous one gave;
 * - `stuck-cursor`: page 1 and the same cursor, whether asked without a cursor or with that one;
 * - `repeated-page`: page 1, page 1 again under a fresh cursor, then pages 2, 3 ... as usual.
 * `emptyCursor` (counted from 1, as pages are) is the page whose `nextCursor` is "" instead of a token: 1 makes
 * the cursor page 1 gives empty, a stuck cursor empty, a repeated page's cursor empty.
 * @throws McpError (invalid params) for a cursor this server never gave.
 */
export function pagedList(
  key: string, listed: readonly unknown[], pageSize: number | undefined, failure: ServerFailure | undefined, cursor: string | undefined, emptyCursor?: number,
): ListPage {
  const pages = chunks(listed, pageSize);
  if (failure === "stuck-cursor") {
    const stuck = emptyCursor === 1 ? "" : pageCursor(key, 1, "stuck");
    if (cursor !== undefined && cursor !== stuck) throw unknownCursor(cursor);
    return { tools: pages[0]!, nextCursor: stuck };
  }
  const kind = failure === "repeated-page" ? "repeated" : "page";
  const sequence = failure === "repeated-page" ? [pages[0]!, ...pages] : pages;
  /** The cursor that asks for `sequence[index]` (index 1 or more): the page before it gives it. */
  const cursorOf = (index: number) => (index === emptyCursor ? "" : pageCursor(key, index, kind));
  let at = 0;
  if (cursor !== undefined) {
    at = sequence.findIndex((_, index) => index > 0 && cursorOf(index) === cursor);
    if (at < 0) throw unknownCursor(cursor);
  }
  return { tools: sequence[at]!, ...(at + 1 < sequence.length ? { nextCursor: cursorOf(at + 1) } : {}) };
}

function unknownCursor(cursor: string): McpError {
  return new McpError(ErrorCode.InvalidParams, `unknown cursor ${JSON.stringify(cursor)}`);
}
