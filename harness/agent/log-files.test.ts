/**
 * A CLI's log files as diagnostics, and the hostile side: the log folder is the CLI's, read by the adapter
 * outside the sandbox (as root when the harness is), so a link to /proc/self/environ or to a file only root
 * may read, a linked folder, a FIFO, a path outside the session's folders or a file of another owner gives
 * nothing, and a secret in the adapter's environment (one it was started with, as a GITHUB_TOKEN is) never
 * reaches a diagnostic.
 */
import { chownSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { tsxNodeArgv } from "../cli/builtin-host.ts";
import { paced } from "../pace.ts";
import { userSees } from "../protocol/open-result.ts";
import { errorNamesServer } from "../runner/surface.ts";
import { logDiagnostics } from "./log-files.ts";

describe("log files as diagnostics", () => {
  it("keeps their error and warning lines, channel log-file, which no clause counts as telling the user", () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-collide-logs-"));
    try {
      mkdirSync(join(dir, "logs"));
      writeFileSync(join(dir, "logs", "session.log"), "[INFO] started\n[ERROR] MCP server \"alpha\" failed: connection refused\n[WARN] slow\n");
      const found = logDiagnostics([join(dir, "logs"), join(dir, "absent.log")], { within: [dir] });
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

  it.runIf(process.platform === "linux")("follows no link the CLI made, reads no FIFO, nothing outside the session's folders and no file of another owner", () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-collide-logs-"));
    const secrets = mkdtempSync(join(tmpdir(), "mcp-collide-secrets-"));
    try {
      // A file only its owner may read, holding an error line (root's, when the test runs as root).
      writeFileSync(join(secrets, "root-only"), "error root-only-secret\n", { mode: 0o600 });
      writeFileSync(join(secrets, "elsewhere.log"), "error a log outside the session\n");
      const home = join(dir, "home");
      const logs = join(home, ".cli", "logs");
      mkdirSync(logs, { recursive: true });
      writeFileSync(join(logs, "own.log"), "error the CLI's own line\n");
      symlinkSync("/proc/self/environ", join(logs, "environ.log"));
      symlinkSync(join(secrets, "root-only"), join(logs, "secret.log"));
      symlinkSync(secrets, join(logs, "linked-folder"));
      spawnSync("mkfifo", [join(logs, "fifo.log")]);
      // A whole log folder that is a link, and a path that leaves the session's folders.
      mkdirSync(join(home, ".other"));
      symlinkSync(secrets, join(home, ".other", "logs"));
      const paths = [logs, join(home, ".other", "logs"), join(home, "..", "..", secrets.split("/").at(-1)!, "elsewhere.log"), join(secrets, "elsewhere.log")];
      const found = logDiagnostics(paths, { within: [home] });
      expect(found.map((line) => line.message)).toEqual(["own.log: error the CLI's own line"]);
      // Where the sandbox has a uid of its own, a file of anyone else's is not read either.
      if (process.getuid?.() === 0) {
        chownSync(join(logs, "own.log"), 0, 0);
        writeFileSync(join(logs, "nobody.log"), "error nobody's line\n");
        for (const path of [home, join(home, ".cli"), logs, join(logs, "nobody.log")]) chownSync(path, 65534, 65534);
        expect(logDiagnostics([logs], { within: [home], owner: 65534 }).map((line) => line.message)).toEqual(["nobody.log: error nobody's line"]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(secrets, { recursive: true, force: true });
    }
  });

  it.runIf(process.platform === "linux")("gives nothing of the adapter's own environment through a log linked to /proc/self/environ, a token in it from the start", () => {
    // /proc/self/environ is the environment a process was started with: setting process.env here would not
    // show in it, so the reader is a process of its own started with the token, as an adapter with a GITHUB_TOKEN is.
    const dir = mkdtempSync(join(tmpdir(), "mcp-collide-logs-"));
    try {
      const logs = join(dir, "home", ".cli", "logs");
      mkdirSync(logs, { recursive: true });
      symlinkSync("/proc/self/environ", join(logs, "environ.log"));
      writeFileSync(join(logs, "own.log"), "error the CLI's own line\n");
      const module = pathToFileURL(fileURLToPath(new URL("./log-files.ts", import.meta.url))).href;
      const script = `import(${JSON.stringify(module)}).then(({ logDiagnostics }) => console.log(JSON.stringify(logDiagnostics([${JSON.stringify(logs)}], { within: [${JSON.stringify(join(dir, "home"))}] }))))`;
      const [node, ...args] = tsxNodeArgv();
      // The token first in the environment, within the 2,000 characters a log line is clipped to.
      const reader = spawnSync(node!, [...args, "-e", script], {
        encoding: "utf8", timeout: paced(30_000), env: { MCP_COLLIDE_TEST_GITHUB_TOKEN: "error ghp_secret-of-the-harness", ...process.env },
      });
      expect(reader.status, reader.stderr).toBe(0);
      expect(reader.stdout).not.toContain("ghp_secret-of-the-harness");
      expect((JSON.parse(reader.stdout) as Array<{ message: string }>).map((line) => line.message)).toEqual(["own.log: error the CLI's own line"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, paced(60_000));
});
