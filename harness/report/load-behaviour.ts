/**
 * How a server of a drawn world behaves at load, in words every format shares: unreachable, one of the
 * scripted load failures (issue 15: a counterexample of surface/failing-server-named must say how the
 * server failed, or the world looks healthy and the verdict unbelievable), or a list answered in pages (a
 * host that read one page shows a healthy-looking server with tools missing, unless the world says so).
 */
import { situationMeanings } from "../world/situations.ts";
import { unreachableMeanings } from "../world/unreachable-modes.ts";
import type { ReportServer } from "./report-model.ts";

/** `, in pages of N`, where the server pages a list longer than one page; else empty. */
function paging(server: Pick<ReportServer, "tools" | "pageSize">): string {
  return server.pageSize !== undefined && server.tools.length > server.pageSize ? `, in pages of ${server.pageSize}` : "";
}

/** `, the cursor after page N ""`, where the server gives an empty cursor; else empty. */
function emptyCursor(server: Pick<ReportServer, "emptyCursor">): string {
  return server.emptyCursor === undefined ? "" : `, the nextCursor of page ${server.emptyCursor} "" (a cursor, not the end)`;
}

/** A server's load behaviour in a short phrase, or undefined for a server that loads normally on one page. */
export function loadBehaviour(server: Pick<ReportServer, "unreachable" | "failure" | "tools" | "pageSize" | "emptyCursor">): string | undefined {
  if (server.unreachable) {
    if (server.failure === undefined) return "unreachable";
    const how = (unreachableMeanings as Readonly<Record<string, string>>)[server.failure];
    // A mode this harness does not know (a report read from disk) is shown quoted, never as it came.
    return how === undefined ? `unreachable (${JSON.stringify(server.failure)})` : `unreachable (${server.failure}: ${how})`;
  }
  if (server.failure === undefined) {
    const pages = server.pageSize === undefined ? 1 : Math.ceil(server.tools.length / server.pageSize);
    return pages > 1 ? `answers tools/list in ${pages} pages of ${server.pageSize}${emptyCursor(server)}` : undefined;
  }
  const meaning = (situationMeanings as Readonly<Record<string, string>>)[server.failure];
  // A failure this harness does not know (a report read from disk) is shown quoted, never as it came.
  if (meaning === undefined) return `fails at load (${JSON.stringify(server.failure)})`;
  return `fails at load (${server.failure}${paging(server)}${emptyCursor(server)}): ${meaning.replace(/^a server /, "")}`;
}
