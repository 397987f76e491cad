/**
 * How a scripted server pages its prompts, resources and templates: as it pages its tools (paged-list.ts),
 * with opaque cursors that are the same for the same server, list and page, so a report is the same for the
 * same seed, and a cursor it never gave is an invalid-params error. Policy carried here: a list scripted with
 * `emptyCursor` gives the empty string as the cursor of its second page, which the 2026-07-28 pagination rule
 * says is a cursor like any other ("MUST NOT be treated as the end of results"); a host that stops there
 * loses the rest of the list, and one that sends no cursor instead gets the first page again.
 */
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { ContextList, ContextPaging } from "./context-definition.ts";
import { pageCursor } from "./paged-list.ts";

/** The cursor that asks for page `at` (from 0) of `list` on server `key`. */
function cursorOf(key: string, list: ContextList, at: number, paging: ContextPaging): string {
  return at === 1 && paging.emptyCursor ? "" : pageCursor(key, at, list);
}

/**
 * The page of `items` a request with `cursor` gets, and the cursor of the next page when there is one.
 * @throws McpError (invalid params) for a cursor this list never gave.
 */
export function contextPage<T>(key: string, list: ContextList, items: readonly T[], paging: ContextPaging | undefined, cursor: string | undefined): { items: T[]; nextCursor?: string } {
  if (paging === undefined || items.length <= paging.pageSize) {
    if (cursor !== undefined) throw unknownCursor(cursor);
    return { items: [...items] };
  }
  const pages = Math.ceil(items.length / paging.pageSize);
  let at = 0;
  if (cursor !== undefined) {
    at = Array.from({ length: pages }, (_, index) => index).findIndex((index) => index > 0 && cursorOf(key, list, index, paging) === cursor);
    if (at < 0) throw unknownCursor(cursor);
  }
  const page = items.slice(at * paging.pageSize, (at + 1) * paging.pageSize);
  return at + 1 < pages ? { items: page, nextCursor: cursorOf(key, list, at + 1, paging) } : { items: page };
}

function unknownCursor(cursor: string): McpError {
  return new McpError(ErrorCode.InvalidParams, `unknown cursor ${JSON.stringify(cursor)}`);
}
