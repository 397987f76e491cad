import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot, tsxNodeArgv } from "../cli/builtin-host.ts";
import { paced } from "../pace.ts";

const shellWords = (argv: string[]) => argv.map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(" ");

describe("serveAdapter", () => {
  it("keeps stdout for HAP/1 (console output goes to stderr), shuts down and exits 0", () => {
    const [node, ...args] = tsxNodeArgv();
    const requests = [
      { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "1" } },
      { jsonrpc: "2.0", id: 2, method: "session/open", params: { servers: [] } },
      { jsonrpc: "2.0", id: 3, method: "shutdown", params: {} },
    ].map((request) => `${JSON.stringify(request)}\n`).join("");
    const result = spawnSync(node!, [...args, join(packageRoot, "harness/adapter/test-support/chatty-adapter.ts")], { input: requests, encoding: "utf8", timeout: paced(60_000) });
    expect(result.status, result.stderr).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines.map((line) => JSON.parse(line).id)).toEqual([1, 2, 3]);
    expect(result.stderr).toContain("host: starting up");
    expect(result.stderr).toContain("plugins");
    expect(result.stderr).toContain("host: bye");
  }, paced(60_000));

  it("exits only once a long shutdown answer has left through stdout, to a reader slower than the adapter", () => {
    const [node, ...args] = tsxNodeArgv();
    const adapter = shellWords([node!, ...args, join(packageRoot, "harness/adapter/test-support/long-shutdown-adapter.ts")]);
    const shutdown = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "shutdown", params: {} });
    // The reader starts once the adapter has written its answer and then exited, or 2 s later: what it wrote
    // must all be there (the old serveAdapter exited at once, its answer cut at 64 KiB).
    const script = [
      `printf '%s\\n' ${shellWords([shutdown])} | { echo "$BASHPID" > pid; exec ${adapter}; } | {`,
      "  until [ -e answered ] || [ \"$SECONDS\" -ge 60 ]; do sleep 0.05; done",
      '  for _ in $(seq 20); do kill -0 "$(cat pid)" 2>/dev/null || break; sleep 0.1; done',
      "  cat; }",
    ].join("\n");
    const dir = mkdtempSync(join(tmpdir(), "mcp-collide-drain-"));
    try {
      const result = spawnSync("bash", ["-c", script], { cwd: dir, encoding: "utf8", timeout: paced(80_000), maxBuffer: 64 * 1024 * 1024 });
      const answer = JSON.parse(result.stdout.trim());
      expect(answer.id).toBe(1);
      expect(answer.result.diagnostics).toHaveLength(4000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, paced(90_000));
});
