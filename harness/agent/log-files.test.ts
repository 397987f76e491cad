import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { userSees } from "../protocol/open-result.ts";
import { errorNamesServer } from "../runner/surface.ts";
import { logDiagnostics } from "./log-files.ts";

describe("log files as diagnostics", () => {
  it("keeps their error and warning lines, channel log-file, which no clause counts as telling the user", () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-collide-logs-"));
    try {
      mkdirSync(join(dir, "logs"));
      writeFileSync(join(dir, "logs", "session.log"), "[INFO] started\n[ERROR] MCP server \"alpha\" failed: connection refused\n[WARN] slow\n");
      const found = logDiagnostics([join(dir, "logs"), join(dir, "absent.log")]);
      expect(found).toEqual([
        { level: "error", message: "session.log: [ERROR] MCP server \"alpha\" failed: connection refused", channel: "log-file" },
        { level: "warning", message: "session.log: [WARN] slow", channel: "log-file" },
      ]);
      expect(found.map(userSees)).toEqual([false, false]);
      expect(errorNamesServer(found[0]!, "alpha")).toBe(false);
      expect(errorNamesServer({ ...found[0]!, channel: "stderr" }, "alpha")).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
