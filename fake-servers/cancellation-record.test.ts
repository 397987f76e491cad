/**
 * What the record of a `notifications/cancelled` says (message-record.ts): the request id it names, as it
 * arrived, and, from the connection's own book, that request's method and tool and whether the server had
 * already sent its answer. `wire/cancels-only-pending` judges a host by it.
 */
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { Recorder } from "./recorder.ts";
import { RecordingTransport } from "./recording-transport.ts";

async function connection() {
  const [hostSide, serverSide] = InMemoryTransport.createLinkedPair();
  const recorder = new Recorder();
  const transport = new RecordingTransport(serverSide, { server: "alpha", connection: 1, recorder, latency: { initialize: 0, toolsList: 0 } });
  await transport.start();
  await hostSide.start();
  return { hostSide, transport, recorder };
}

const cancel = (requestId: unknown): JSONRPCMessage => ({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId, reason: "test" } }) as JSONRPCMessage;

describe("the record of notifications/cancelled", () => {
  it("names a call the server had answered as answered, and one still in progress as not", async () => {
    const { hostSide, transport, recorder } = await connection();
    await hostSide.send({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "request", arguments: {} } });
    await hostSide.send({ jsonrpc: "2.0", id: "two", method: "tools/call", params: { name: "search", arguments: {} } });
    await transport.send({ jsonrpc: "2.0", id: 1, result: { content: [] } });
    await hostSide.send(cancel(1));
    await hostSide.send(cancel("two"));
    const [first, second] = recorder.records.filter((record) => record.method === "notifications/cancelled");
    expect(first).toMatchObject({ requestId: 1, cancelled: { method: "tools/call", tool: "request", answered: true } });
    expect(second).toMatchObject({ requestId: "two", cancelled: { method: "tools/call", tool: "search", answered: false } });
    // A cancellation never carries a tool of its own: records with a tool are calls (losesAnswer reads it).
    expect(first).not.toHaveProperty("tool");
  });

  it("keeps an id it cannot place, without a book entry, and no id at all when it names none", async () => {
    const { hostSide, recorder } = await connection();
    await hostSide.send(cancel(41));
    await hostSide.send(cancel({ not: "an id" }));
    const [unknown, malformed] = recorder.records;
    expect(unknown).toMatchObject({ method: "notifications/cancelled", requestId: 41 });
    expect(unknown).not.toHaveProperty("cancelled");
    expect(malformed).not.toHaveProperty("requestId");
  });

  it("tells 1 from \"1\": JSON-RPC ids of two types are two requests", async () => {
    const { hostSide, transport, recorder } = await connection();
    await hostSide.send({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
    await transport.send({ jsonrpc: "2.0", id: 1, result: { tools: [] } });
    await hostSide.send(cancel("1"));
    expect(recorder.records.at(-1)).not.toHaveProperty("cancelled");
  });
});
