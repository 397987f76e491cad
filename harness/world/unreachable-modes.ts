/**
 * The ways a server of a world cannot be reached (ServerScript.unreachableAs), as a report says them, and the
 * transport each is made for. Policy: a case whose world holds a server failing in a way only one transport
 * can (a closed port, a reset, a silent accept: HTTP's; a command that exits or closes its stdout: stdio's) is
 * opened over that transport where the host loads it, whatever the run's transport; elsewhere it runs over
 * the run's own, where the fake servers play the nearest failure they can (see UnreachableAsSchema).
 */
import type { UnreachableAs } from "../../fake-servers/index.ts";
import type { World } from "./world.ts";

/** The transport each unreachable mode is made for (absent: any). */
const NATURAL: Partial<Record<UnreachableAs, "http" | "stdio">> = {
  refused: "http", reset: "http", silent: "http", exits: "stdio", "stdout-closed": "stdio",
};

/** What each unreachable mode is, in the words a report uses after `unreachable: `. */
export const unreachableMeanings: Readonly<Record<UnreachableAs, string>> = {
  "not-found": "nothing serves its address (an HTTP 404 from a live listener; a command that exits at once)",
  refused: "its port is closed: connection refused",
  reset: "the connection is reset while the host awaits the answer",
  silent: "the connection is accepted and nothing is ever written",
  exits: "the command exits at once, writing nothing",
  "stdout-closed": "the command closes its stdout at once and keeps running",
};

/**
 * The transport `world` must be opened over for its unreachable servers to fail the way they are scripted to:
 * HTTP or stdio, or undefined where any will do (or where its servers want both, which no constructed world does).
 */
export function naturalTransport(world: World): "http" | "stdio" | undefined {
  const wanted = new Set(world.servers.flatMap((server) => {
    const natural = server.unreachableAs === undefined ? undefined : NATURAL[server.unreachableAs];
    return natural === undefined ? [] : [natural];
  }));
  return wanted.size === 1 ? [...wanted][0] : undefined;
}

/** The transport to open `world` over for a host that loads `transports`: its natural one where the host has it, else undefined (the run's). */
export function transportFor(host: { transports: readonly string[] }, world: World): "http" | "stdio" | undefined {
  const natural = naturalTransport(world);
  return natural !== undefined && host.transports.includes(natural) ? natural : undefined;
}
