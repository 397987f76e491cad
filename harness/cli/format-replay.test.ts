import { describe, expect, it } from "vitest";
import { formatReplayEvent } from "./format-replay.ts";

describe("formatReplayEvent", () => {
  it("prints the world, the host's answers and every message, with no raw escape from the host", () => {
    const lines = [
      ...formatReplayEvent({ kind: "world", transport: "http", servers: [{ key: "alpha", serverInfo: { name: "alpha", version: "1" }, tools: [{ name: "search", inputSchema: { type: "object" } }], latency: { initialize: 0, toolsList: 0 }, unreachable: false }] }),
      ...formatReplayEvent({ kind: "host", method: "tools", params: ["s1"], result: { tools: [{ name: "evil\u001b[2J\u009b", description: "d" }] }, ms: 3 }),
      ...formatReplayEvent({ kind: "host", method: "open", params: [{ servers: [{ key: "alpha", transport: { type: "http", url: "http://127.0.0.1:1/secret" } }] }], result: { session: "s1" }, ms: 5 }),
      ...formatReplayEvent({ kind: "records", records: [{ server: "alpha", method: "tools/call", tool: "search", arguments: { probe: "p" }, time: 12.4, connection: 1 }] }),
    ].join("\n");
    expect(lines).toContain('"alpha": "search"');
    expect(lines).toContain("← 1 tool(s)");
    expect(lines).not.toMatch(/[\u001b\u009b]/);
    expect(lines).toContain('{"key":"alpha","transport":"http"}');
    expect(lines).not.toContain("secret");
    expect(lines).toContain('+12ms conn 1 tools/call "search" {"probe":"p"}');
  });

  it("says when the host threw", () => {
    expect(formatReplayEvent({ kind: "host", method: "call", params: ["s1", "x", {}], error: "timeout", ms: 30000 }).join("\n")).toContain("✗ threw after 30000 ms: timeout");
  });
});
