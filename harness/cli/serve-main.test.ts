/**
 * `mcp-collide serve` as a user meets it: the list, the help, bad arguments, a report's failing case served by
 * value, configuration files written, and (as a separate process) everything it started gone once SIGINT or
 * SIGTERM stopped it: its HTTP and provider ports closed, its stdio relay's socket removed, no child left.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, describe, expect, it } from "vitest";
import { paced } from "../pace.ts";
import { ReportSchema } from "../report/report-model.ts";
import { startServeProcess } from "../serve/serve-process.ts";
import { packageRoot } from "./builtin-host.ts";
import { serveMain } from "./serve-main.ts";

const scratch = mkdtempSync(join(tmpdir(), "mcp-collide-serve-main-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs serveMain in-process, stopping it as soon as it serves; returns its exit code and output. */
async function serveOnce(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
  stderr.on("data", (chunk: Buffer) => (err += chunk.toString()));
  const code = await serveMain(argv, { stdout, stderr, stopped: Promise.resolve("test") });
  return { code, out, err };
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
const accepts = (port: number) => new Promise<boolean>((resolve) => {
  const socket = connect({ host: "127.0.0.1", port }, () => { socket.destroy(); resolve(true); });
  socket.once("error", () => resolve(false));
});

/** The pids whose parent is `pid` (Linux /proc). */
const childrenOf = (pid: number) => readdirSync("/proc").filter((entry) => /^\d+$/.test(entry)).filter((entry) => {
  try {
    const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid;
  } catch {
    return false;
  }
});

describe("mcp-collide serve", () => {
  it("lists its worlds one a line, prints its help, and refuses what it cannot serve", async () => {
    const listed = await serveOnce(["--list"]);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/^stuck-cursor {2,}alpha answers/m);
    expect(listed.out).toMatch(/^list-changed {2,}/m);
    expect((await serveOnce(["--help"])).out).toMatch(/--write-config DIR/);
    expect(await serveOnce(["no-such-world", "--out", join(scratch, "none")])).toMatchObject({ code: 2, err: expect.stringMatching(/no world named "no-such-world"/) });
    expect(await serveOnce(["report.json"])).toMatchObject({ code: 2, err: expect.stringMatching(/give --clause ID/) });
    expect(await serveOnce(["two-servers", "--provider", "gemini"])).toMatchObject({ code: 2 });
  });

  it("serves a report's failing case by value and writes every host's configuration", async () => {
    const out = join(scratch, "replayed");
    const configs = join(scratch, "configs");
    const { code, out: printed } = await serveOnce([join(packageRoot, "reports/langchain.json"), "--clause", "wire/no-cross-routing", "--out", out, "--write-config", configs]);
    expect(code).toBe(0);
    expect(printed).toMatch(/the failing case of wire\/no-cross-routing/);
    for (const file of ["mcp-servers.json", ".vscode/mcp.json", ".cursor/mcp.json", "claude_desktop_config.json", "zed-settings.json"]) expect(existsSync(join(configs, file)), file).toBe(true);
    expect(Object.keys(JSON.parse(readFileSync(join(configs, ".vscode/mcp.json"), "utf8")).servers)).toEqual(["alpha", "beta"]);
    const report = ReportSchema.parse(JSON.parse(readFileSync(join(out, "report.json"), "utf8")));
    expect(report).toMatchObject({ mode: "serve", served: { world: expect.stringMatching(/langchain\.json#wire\/no-cross-routing$/), messages: 0 } });
  });

  // /proc tells which processes serve's are.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    it.runIf(process.platform === "linux")(`on ${signal} writes its report and leaves no port, socket or process behind`, async () => {
      const out = join(scratch, signal);
      const http = await startServeProcess(["two-servers", "--transport", "http", "--provider", "openai-responses", "--out", out], { startTimeoutMs: paced(60_000) });
      const ports = [new URL((http.endpoints[0]!.transport as { url: string }).url).port, /base URL http:\/\/127\.0\.0\.1:(\d+)/.exec(http.stdout())![1]!].map(Number);
      for (const port of ports) expect(await accepts(port)).toBe(true);
      const pid = http.child.pid!;
      const stopped = await http.stop(signal);
      expect(stopped.code).toBe(0);
      expect(stopped.report?.mode).toBe("serve");
      for (const port of ports) expect(await accepts(port)).toBe(false);
      expect(childrenOf(pid)).toEqual([]);
      // Over stdio: the relay's socket (the shim's argument) exists while serving and is removed on the signal.
      const stdio = await startServeProcess(["stuck-cursor", "--out", `${out}-stdio`], { startTimeoutMs: paced(60_000) });
      const socket = (stdio.endpoints[0]!.transport as { args: string[] }).args.at(-1)!;
      expect(existsSync(socket)).toBe(true);
      expect((await stdio.stop(signal)).code).toBe(0);
      expect(existsSync(socket)).toBe(false);
    }, paced(120_000));
  }
});
