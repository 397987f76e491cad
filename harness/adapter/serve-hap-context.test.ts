/**
 * HAP/1's prompts and resources on the adapter side (serve-hap.ts): each method reaches the host's method with
 * its params read (arguments as strings, the namespace only when sent), and a host that lacks a method answers
 * a JSON-RPC error, which the harness scores as the adapter breaking (it declared a capability it cannot serve).
 */
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { HostAdapter } from "./host-adapter.ts";
import { serveHap } from "./serve-hap.ts";

/** Serves `host` on in-memory streams and answers `requests` in order. */
async function serve(host: HostAdapter, requests: Array<{ method: string; params: unknown }>): Promise<unknown[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  let text = "";
  output.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  const done = serveHap(host, input, output);
  input.end(requests.map((request, index) => `${JSON.stringify({ jsonrpc: "2.0", id: index + 1, ...request })}\n`).join(""));
  await done;
  return text.trimEnd().split("\n").map((line) => JSON.parse(line));
}

const basic: HostAdapter = {
  initialize: async () => { throw new Error("not asked"); },
  open: async () => { throw new Error("not asked"); },
  tools: async () => ({ tools: [] }),
  call: async () => ({ ok: false, error: { message: "no" } }),
  close: async () => undefined,
  shutdown: async () => undefined,
};

describe("serveHap: prompts and resources", () => {
  it("hands each method to the host with its params, the namespace only when sent", async () => {
    const seen: unknown[] = [];
    const host: HostAdapter = {
      ...basic,
      prompts: async (session) => ({ prompts: [{ name: `mcp__alpha__review@${session}`, server: "alpha", wireName: "review" }] }),
      getPrompt: async (...args) => {
        seen.push(["getPrompt", ...args]);
        return { ok: true, messages: [] };
      },
      resources: async () => ({ resources: [{ uri: "mem://a", namespace: "alpha" }], templates: [] }),
      readResource: async (...args) => {
        seen.push(["readResource", ...args]);
        return { ok: false, error: { message: "refused" } };
      },
    };
    const answers = await serve(host, [
      { method: "session/prompts", params: { session: "s1" } },
      { method: "session/getPrompt", params: { session: "s1", name: "mcp__alpha__review", arguments: { topic: "x" } } },
      { method: "session/getPrompt", params: { session: "s1", name: "review", namespace: "alpha", arguments: {} } },
      { method: "session/resources", params: { session: "s1" } },
      { method: "session/readResource", params: { session: "s1", uri: "mem://a", namespace: "alpha" } },
      { method: "session/readResource", params: { session: "s1", uri: "mem://b" } },
      { method: "session/getPrompt", params: { session: "s1", name: "x", arguments: { topic: 3 } } },
    ]);
    expect(answers.slice(0, 6).map((answer) => (answer as { result: unknown }).result)).toEqual([
      { prompts: [{ name: "mcp__alpha__review@s1", server: "alpha", wireName: "review" }] },
      { ok: true, messages: [] },
      { ok: true, messages: [] },
      { resources: [{ uri: "mem://a", namespace: "alpha" }], templates: [] },
      { ok: false, error: { message: "refused" } },
      { ok: false, error: { message: "refused" } },
    ]);
    expect(seen).toEqual([
      ["getPrompt", "s1", "mcp__alpha__review", { topic: "x" }],
      ["getPrompt", "s1", "review", {}, "alpha"],
      ["readResource", "s1", "mem://a", "alpha"],
      ["readResource", "s1", "mem://b"],
    ]);
    // Prompt arguments are strings, as MCP's prompts/get takes them: anything else is params the adapter cannot read.
    expect(answers[6]).toMatchObject({ error: { code: -32603 } });
  });

  it("answers a JSON-RPC error for a host without the method (it declared what it cannot serve)", async () => {
    const answers = await serve(basic, [
      { method: "session/prompts", params: { session: "s1" } },
      { method: "session/readResource", params: { session: "s1", uri: "mem://a" } },
    ]);
    expect(answers).toEqual([
      { jsonrpc: "2.0", id: 1, error: { code: -32603, message: "this host does not implement prompts" } },
      { jsonrpc: "2.0", id: 2, error: { code: -32603, message: "this host does not implement readResource" } },
    ]);
  });
});
