/**
 * How a server of a drawn world behaves at load, in words every format shares: unreachable, or one of the
 * scripted load failures (issue 15: a counterexample of surface/failing-server-named must say how the
 * server failed, or the world looks healthy and the verdict unbelievable).
 */
import { situationMeanings } from "../world/situations.ts";
import type { ReportServer } from "./report-model.ts";

/** A server's load behaviour in a short phrase, or undefined for a server that loads normally. */
export function loadBehaviour(server: Pick<ReportServer, "unreachable" | "failure">): string | undefined {
  if (server.unreachable) return "unreachable";
  if (server.failure === undefined) return undefined;
  const meaning = (situationMeanings as Readonly<Record<string, string>>)[server.failure];
  // A failure this harness does not know (a report read from disk) is shown quoted, never as it came.
  if (meaning === undefined) return `fails at load (${JSON.stringify(server.failure)})`;
  return `fails at load (${server.failure}): ${meaning.replace(/^a server /, "")}`;
}
