import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { AnswerGate } from "./answer-gate.ts";
import { Recorder } from "./recorder.ts";
import { RecordingTransport } from "./recording-transport.ts";

function pair(latency = { initialize: 0, toolsList: 0 }) {
  const [hostSide, serverSide] = InMemoryTransport.createLinkedPair();
  const recorder = new Recorder();
  const transport = new RecordingTransport(serverSide, { server: "alpha", connection: 7, recorder, latency });
  const delivered: Array<{ message: JSONRPCMessage; recordsAtDelivery: number }> = [];
  transport.onmessage = (message) => delivered.push({ message, recordsAtDelivery: recorder.records.length });
  return { hostSide, transport, recorder, delivered };
}

const call = (id: number, params: unknown): JSONRPCMessage => ({ jsonrpc: "2.0", id, method: "tools/call", params }) as JSONRPCMessage;

describe("RecordingTransport", () => {
  it("records before it delivers, keeping the wire name and arguments as sent", async () => {
    const { hostSide, transport, recorder, delivered } = pair();
    await transport.start();
    const args = { nested: { list: [1, "two"] } };
    await hostSide.send(call(1, { name: "a/b", arguments: args }));
    args.nested.list.push(3); // an in-process host mutating later must not rewrite history
    await hostSide.send({ jsonrpc: "2.0", id: 9, result: {} });
    expect(delivered.map((d) => d.recordsAtDelivery)).toEqual([1, 2]);
    expect(recorder.records[0]).toMatchObject({ server: "alpha", method: "tools/call", tool: "a/b", arguments: { nested: { list: [1, "two"] } }, connection: 7 });
    expect(recorder.records[1]).toMatchObject({ method: "(response)" });
    expect(recorder.records[1]).not.toHaveProperty("tool");
  });

  it("records even a call without a usable name", async () => {
    const { hostSide, transport, recorder } = pair();
    await transport.start();
    await hostSide.send(call(1, { name: 42 }));
    expect(recorder.records[0]).toMatchObject({ method: "tools/call" });
    expect(recorder.records[0]).not.toHaveProperty("tool");
  });

  it("holds tools/list for its latency but records it at once, and drops held messages on close", async () => {
    const { hostSide, transport, recorder, delivered } = pair({ initialize: 0, toolsList: 10_000 });
    let closed = 0;
    transport.onclose = () => closed++;
    await transport.start();
    await hostSide.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    await hostSide.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect(recorder.records.map((r) => r.method)).toEqual(["tools/list", "notifications/initialized"]);
    expect(delivered.map((d) => (d.message as { method: string }).method)).toEqual(["notifications/initialized"]);
    await transport.close();
    await transport.close();
    expect(closed).toBe(1);
    // vitest would report the 10 s timer as a leak only by hanging; closing must have cleared it.
  });

  it("tells the gate the host contacted the server, and how long it took from its initialize answer to its next message, once per connection", async () => {
    const [hostSide, serverSide] = InMemoryTransport.createLinkedPair();
    const gate = new AnswerGate(new Map(), 250, 30);
    const seen: number[] = [];
    const contacted: string[] = [];
    gate.observeHandling = (ms) => void seen.push(ms);
    gate.contact = (server) => void contacted.push(server);
    const transport = new RecordingTransport(serverSide, { server: "alpha", connection: 1, recorder: new Recorder(), latency: { initialize: 0, toolsList: 0 }, gate });
    transport.onmessage = () => undefined;
    await transport.start();
    await hostSide.send({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} } as JSONRPCMessage);
    expect(seen).toEqual([]);
    expect(contacted).toEqual(["alpha"]);
    await transport.send({ jsonrpc: "2.0", id: 1, result: {} });
    await hostSide.send({ jsonrpc: "2.0", method: "notifications/initialized" });
    await hostSide.send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeGreaterThanOrEqual(0);
  });
});
