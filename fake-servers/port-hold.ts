/**
 * A closed port on 127.0.0.1 that nothing else can take: what an HTTP server that is down answers with
 * (connection refused). Policy carried here:
 * - The port is held by a TCP connection of this process's own, bound to that port on 127.0.0.1 and connected
 *   to a listener of its own: a bound socket that is not listening, so the kernel refuses every connection to
 *   it (RST), and never hands the port out to anyone asking for a free one while the hold lasts (only a
 *   process binding that very port on purpose, with SO_REUSEADDR, could take it). Never another address.
 * - Where the port cannot be bound so (still in use a moment after its listener closed), a listener on it
 *   accepts each connection and resets it at once: a reset instead of a refusal, the port still ours.
 * - Releasing ends both ends with a reset, so no TIME_WAIT keeps the port from being listened on again.
 */
import { createServer, connect, type Server, type Socket } from "node:net";

/** A held port; `release` frees it for listening again. */
export interface PortHold {
  /** How the port refuses: by the kernel (`refused`), or by a listener that resets each connection (`reset`). */
  readonly how: "refused" | "reset";
  release(): Promise<void>;
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

const closed = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** A listener that keeps every socket it accepts, so they can be ended with it. */
function keeping(onSocket?: (socket: Socket) => void): { server: Server; sockets: Set<Socket> } {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => undefined);
    socket.on("close", () => sockets.delete(socket));
    onSocket?.(socket);
  });
  return { server, sockets };
}

/** Holds `port` of 127.0.0.1 closed (see the policy above). */
export async function holdPort(port: number): Promise<PortHold> {
  const anchor = keeping();
  await listen(anchor.server, 0);
  const anchorPort = (anchor.server.address() as { port: number }).port;
  const socket = connect({ host: "127.0.0.1", port: anchorPort, localAddress: "127.0.0.1", localPort: port });
  socket.on("error", () => undefined);
  const bound = await new Promise<boolean>((resolve) => {
    socket.once("connect", () => resolve(true));
    socket.once("error", () => resolve(false));
  });
  if (bound) {
    return {
      how: "refused",
      release: async () => {
        socket.resetAndDestroy();
        for (const accepted of anchor.sockets) accepted.destroy();
        await closed(anchor.server);
      },
    };
  }
  socket.destroy();
  await closed(anchor.server);
  const resetting = keeping((accepted) => accepted.resetAndDestroy());
  await listen(resetting.server, port);
  return {
    how: "reset",
    release: async () => {
      for (const accepted of resetting.sockets) accepted.resetAndDestroy();
      await closed(resetting.server);
    },
  };
}
