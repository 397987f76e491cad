import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot, tsxNodeArgv } from "../cli/builtin-host.ts";

describe("serveAdapter", () => {
  it("keeps stdout for HAP/1 (console output goes to stderr), shuts down and exits 0", () => {
    const [node, ...args] = tsxNodeArgv();
    const requests = [
      { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "1" } },
      { jsonrpc: "2.0", id: 2, method: "session/open", params: { servers: [] } },
      { jsonrpc: "2.0", id: 3, method: "shutdown", params: {} },
    ].map((request) => `${JSON.stringify(request)}\n`).join("");
    const result = spawnSync(node!, [...args, join(packageRoot, "harness/adapter/test-support/chatty-adapter.ts")], { input: requests, encoding: "utf8", timeout: 60_000 });
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines.map((line) => JSON.parse(line).id)).toEqual([1, 2, 3]);
    expect(result.stderr).toContain("host: starting up");
    expect(result.stderr).toContain("plugins");
    expect(result.stderr).toContain("host: bye");
  }, 60_000);
});
