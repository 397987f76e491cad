/** A port held closed: refused while held (never handed out as a free port), free to listen on once released. */
import { connect, createServer, type Server } from "node:net";
import { describe, expect, it } from "vitest";
import { holdPort } from "./port-hold.ts";

/** What a connection to `port` of 127.0.0.1 comes to: connected, or the error's code. */
function dial(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      // A listener that resets what it accepts shows as a reset at the first read.
      socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
      socket.once("close", () => resolve("closed"));
      socket.write("GET / HTTP/1.1\r\n\r\n");
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
  });
}

function listening(port: number): Promise<Server> {
  const server = createServer((socket) => socket.resume().end());
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => resolve(server));
  });
}

describe("holdPort", () => {
  it("refuses connections to a port it holds, and frees it on release", async () => {
    const first = await listening(0);
    const port = (first.address() as { port: number }).port;
    await new Promise<void>((resolve) => first.close(() => resolve()));
    const hold = await holdPort(port);
    try {
      expect(hold.how).toBe("refused");
      expect(await dial(port)).toBe("ECONNREFUSED");
      // Bound by a socket of ours, the port is given to no one asking for a free one.
      const others = await Promise.all(Array.from({ length: 20 }, () => listening(0)));
      expect(others.map((other) => (other.address() as { port: number }).port)).not.toContain(port);
      await Promise.all(others.map((other) => new Promise<void>((resolve) => other.close(() => resolve()))));
    } finally {
      await hold.release();
    }
    const again = await listening(port);
    expect(await dial(port)).toBe("closed");
    await new Promise<void>((resolve) => again.close(() => resolve()));
  });
});
