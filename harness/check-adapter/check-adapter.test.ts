/**
 * check-adapter end to end: correct adapters (the JavaScript skeleton `mcp-collide init` writes, and the
 * Python host) pass with no mistake; a correct adapter behind a relay that spoils one message per mode
 * fails with a message that names that mistake; a host that refuses duplicates gets its calls in a world
 * with nothing to refuse, and a host that refuses everything is "not checked" (exit 3), never green; host
 * text is printed escaped and clipped; nothing the adapters started outlives the check.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { PassThrough } from "node:stream";
import { DEFAULT_ANSWER_TIMEOUT_MS } from "../adapter/hap-client.ts";
import { builtinHostArgv, packageRoot } from "../cli/builtin-host.ts";
import { checkAdapterHelp, checkAdapterMain, NOT_CHECKED_EXIT } from "../cli/check-adapter-main.ts";
import { parseRunOptions, runHelp } from "../cli/run-options.ts";
import { missingInstall, probeInstall, skipTitle } from "../optional-installs.ts";
import { checkAdapter, type CheckResult } from "./check-adapter.ts";
import { paced } from "../pace.ts";

const skeleton = [process.execPath, join(packageRoot, "harness/kit/templates/mcp-collide-adapter.mjs")];
// The relay wraps the Python host where python3 exists (it starts in a fraction of the time), else the
// skeleton: either is a correct adapter, so nothing is skipped without Python.
const correct = probeInstall("python3") === undefined ? ["python3", join(packageRoot, "hosts/python-host/adapter.py")] : skeleton;
/** The https case needs the Python host itself (it trusts the CA handed over in tls); the skeleton speaks no TLS. */
const noPython = missingInstall("python3");
const relay = join(packageRoot, "harness/check-adapter/test-support/mistaken-adapter.mjs");

/** Each mode of the relay, and the mistake check-adapter must name for it. */
const expected: Record<string, RegExp> = {
  "bad-shape": /^initialize: result\.capabilities\.refresh: .*boolean.*\(got "yes"\)$/,
  "stdout-log": /^session\/open: stdout line \d+ is not HAP\/1 \(it is not JSON\): Loading tools from 3 servers\.\.\.: stdout carries HAP\/1 only/,
  "registered-missing-key": /^session\/open: outcome\.registered has no entry for "gamma"/,
  "registered-foreign-key": /^session\/open: outcome\.registered has "alpha-server", which is not a configured key/,
  "registered-unshown": /^session\/open: outcome\.registered\["gamma"\] lists "mcp__gamma__ghost", which session\/tools does not show/,
  "whole-open-registered": /^session\/open: the open failed as a whole .* a refused open registers nothing, so every key maps to \[\]$/,
  "error-server-label": /^session\/open \(a server that cannot be reached\): outcome\.errors\[\d+\]\.server is "offline-server", which is not a configured key/,
  "rpc-error-refusal": /^session\/call: answered a JSON-RPC error .* a call the host refuses, or that fails, is the result \{"ok": false/,
  "wrong-id": /^session\/tools: the answer is not a JSON-RPC answer to this request \(it answers id \d+, but the request's id is \d+\)/,
  "call-not-through-host": /^session\/call: "mcp__alpha__search" was answered ok, but no server received a tools\/call/,
  // The relay is a Node program: the hint is Node's (no sys.stdout.flush() talk), and names --timeout.
  hang: /^initialize: no answer within 1500 ms: answer every request with one line on stdout \(serveAdapter does\).*; or loading a framework .* --timeout \(1500 ms now; run takes the same option/,
  "no-exit": /^shutdown: answered, but the process had not exited 3000 ms later .*keeps Node alive; call process\.exit\(0\)$/,
  "exit-code": /^shutdown: the process exited with code 3 after shutdown: exit 0$/,
  // A tool the host offers its model beside the servers', declared nowhere: still the adapter's mistake.
  "undeclared-builtin": /^session\/open: session\/tools shows "final_answer", which outcome\.registered lists under no server: .*belongs in capabilities\.builtinTools instead$/,
};

const mistakesOf = (result: CheckResult) => result.findings.filter((f) => f.level === "mistake").map((f) => `${f.step}: ${f.message}`);

/** Runs the command line `check-adapter` with `args`, keeping what it printed. */
async function printed(args: string[]): Promise<{ code: number; text: string }> {
  const out = new PassThrough();
  let text = "";
  out.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
  const code = await checkAdapterMain(args, out);
  return { code, text };
}

describe("mcp-collide check-adapter", () => {
  const results = new Map<string, CheckResult>();
  beforeAll(async () => {
    // Two at a time: each check is mostly waiting on child processes.
    const queue = ["skeleton", "refuses-duplicates", "refuse-every-open", "builtin-tools", ...Object.keys(expected)];
    await Promise.all([0, 1].map(async () => {
      for (let mode = queue.shift(); mode !== undefined; mode = queue.shift()) {
        const argv = mode === "skeleton" ? skeleton : mode === "refuses-duplicates" ? builtinHostArgv("unchecked-refuses-duplicates") : [process.execPath, relay, mode, ...correct];
        results.set(mode, await checkAdapter(argv, { timeoutMs: mode === "hang" ? 1500 : paced(20_000) }));
      }
    }));
  }, paced(240_000));

  it("passes a correct adapter: every step ok, no mistake, no note", () => {
    const result = results.get("skeleton")!;
    expect(mistakesOf(result)).toEqual([]);
    expect(result.host).toEqual({ name: "placeholder-host", version: "0.0.0" });
    expect(result.delivered).toBeGreaterThan(0);
    expect(result.unchecked).toEqual([]);
    expect(result.findings.filter((f) => f.level === "ok").map((f) => f.step)).toEqual([
      "initialize", "session/open", "session/call", "session/call", "session/close", "session/open (a server that cannot be reached)", "shutdown",
    ]);
  });

  for (const [mode, message] of Object.entries(expected)) {
    it(`names the mistake: ${mode}`, () => {
      const found = mistakesOf(results.get(mode)!);
      expect(found.length, found.join("\n")).toBeGreaterThan(0);
      expect(found.some((line) => message.test(line)), found.join("\n")).toBe(true);
    });
  }

  it("delivers the calls of a host that refuses duplicates in a world with nothing to refuse", () => {
    const result = results.get("refuses-duplicates")!;
    expect(mistakesOf(result)).toEqual([]);
    expect(result.findings.some((f) => f.level === "note" && /no call in the first world reached .*duplicate tool names/.test(f.message))).toBe(true);
    expect(result.findings.some((f) => f.level === "ok" && f.step === "session/open (a world with nothing to refuse)" && /3 tool\(s\) shown/.test(f.message))).toBe(true);
    expect(result.delivered).toBe(3);
    expect(result.unchecked).toEqual([]);
  });

  it("expects the tools a host declares in builtinTools: registered under no server, never called as a server's, the check green", async () => {
    // Once refused whatever the adapter did: "session/tools shows "final_answer", which outcome.registered lists under no server".
    const result = results.get("builtin-tools")!;
    expect(mistakesOf(result)).toEqual([]);
    expect(result.unchecked).toEqual([]);
    expect(result.delivered).toBeGreaterThan(0);
    expect(result.findings).toContainEqual({ level: "ok", step: "session/open", message: expect.stringMatching(/^the declared built-in\(s\) "final_answer" shown/) });
    expect(result.findings).toContainEqual({ level: "ok", step: "session/open", message: expect.stringMatching(/; 3 tool\(s\) shown, and 1 built-in\(s\)$/) });
    const { code } = await printed(["--timeout", "20000", "--", process.execPath, relay, "builtin-tools", ...correct]);
    expect(code).toBe(0);
  }, paced(60_000));

  it.skipIf(noPython !== undefined)(skipTitle("serves https, with the CA in tls, to a host that declares https (the Python host trusts it)", noPython), async () => {
    // Once served plain http, which such a host refuses: nothing shown, nothing called, exit 3.
    const { code, text } = await printed(["--timeout", "20000", "--", process.execPath, relay, "https-only", ...correct]);
    expect(text, text).toMatch(/declared https: the servers are served as https/);
    expect(text, text).toMatch(/over http \(https\); registered alpha: 2, beta: \d, gamma: 0/);
    expect(code, text).toBe(0);
  }, paced(60_000));

  it("never passes a host that was never called: it says what went unchecked", () => {
    const result = results.get("refuse-every-open")!;
    expect(mistakesOf(result)).toEqual([]);
    expect(result.delivered).toBe(0);
    expect(result.unchecked).toEqual([expect.stringMatching(/^session\/call: no call reached the server that advertised the tool \(the host showed no tool and reported "this host refuses every configuration"\)/)]);
  });

  it("exits 3, not 0, and never prints \"no mistakes\" when nothing was called", async () => {
    const { code, text } = await printed(["--timeout", "20000", "--", process.execPath, relay, "refuse-every-open", ...correct]);
    expect(code).toBe(NOT_CHECKED_EXIT);
    expect(text).toMatch(/\? not checked: session\/call: no call reached/);
    expect(text).toMatch(/\nnot checked: no mistake found, but 1 thing\(s\) went unchecked/);
    expect(text).not.toMatch(/no mistakes/);
  }, paced(60_000));

  it("prints host text escaped and clipped, as run does", async () => {
    const { code, text } = await printed(["--timeout", "20000", "--", process.execPath, relay, "hostile-text", ...correct]);
    expect(code).toBe(1);
    // No raw control, bidi or escape character reaches the terminal; each is shown as \uXXXX.
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(text).toContain("evil\\u001B]0;owned\\u0007\\u202Eeman");
    expect(text).toContain("log \\u001B[2J\\u001B[1;1H\\u202Edrowssap");
    expect(text).toContain("stderr \\u001B[2J\\u001B]0;owned\\u0007 tail");
    // The 5000-character name is clipped, saying how much is left out.
    expect(text).toMatch(/x… \(\d+ more characters\)/);
    expect(Math.max(...text.split("\n").map((line) => line.length))).toBeLessThan(2600);
  }, paced(60_000));

  it("waits as long as run for an answer by default: one constant, one option name", () => {
    expect(DEFAULT_ANSWER_TIMEOUT_MS).toBe(30_000);
    expect(parseRunOptions(["--", "node", "adapter.mjs"]).timeout).toBe(DEFAULT_ANSWER_TIMEOUT_MS);
    expect(checkAdapterHelp).toMatch(/--timeout MS[^]*default 30000, the same option and default as run/);
    expect(runHelp).toMatch(/--timeout MS[^]*default\s+30000, as check-adapter/);
  });

  it("notes, but does not fail, an adapter that drops descriptions", async () => {
    const result = await checkAdapter([process.execPath, relay, "drop-descriptions", ...correct], { timeoutMs: paced(20_000) });
    expect(mistakesOf(result)).toEqual([]);
    expect(result.findings.some((f) => f.level === "note" && /drops or rewrites the description of "mcp__alpha__search"/.test(f.message))).toBe(true);
  }, paced(60_000));

  it("searches through a host that declares deferred tools, and names a search whose loaded tool never shows", async () => {
    const reference = await checkAdapter(builtinHostArgv("reference"), { timeoutMs: paced(20_000) });
    expect(mistakesOf(reference)).toEqual([]);
    expect(reference.findings.some((f) => f.level === "ok" && f.step === "session/call (the search tool)" && /loaded "mcp__alpha__check_tool_001"/.test(f.message))).toBe(true);
    const broken = await checkAdapter([process.execPath, relay, "search-loads-nothing", ...builtinHostArgv("reference")], { timeoutMs: paced(20_000) });
    expect(mistakesOf(broken)).toEqual([expect.stringMatching(/^session\/call \(the search tool\): a search for "check_tool_001" through "tool_search" answered ok, and the next session\/tools still lists "mcp__alpha__check_tool_001" as deferred/)]);
  }, paced(60_000));

  it("gets and reads through a host that declares prompts and resources, and notes a get that carried another name as the host's doing", async () => {
    const reference = await checkAdapter(builtinHostArgv("reference"), { timeoutMs: paced(20_000) });
    expect(mistakesOf(reference)).toEqual([]);
    expect(reference.unchecked).toEqual([]);
    const ok = reference.findings.filter((f) => f.level === "ok").map((f) => `${f.step}: ${f.message}`);
    expect(ok).toEqual(expect.arrayContaining([
      "session/prompts: 2 prompt(s) shown for servers listing two",
      "session/getPrompt: 2 get(s) delivered once each, to the server of the prompt, under its own name",
      "session/resources: 2 resource(s) and 1 template(s) shown for servers listing two and one",
      "session/readResource: 2 read(s) delivered once each, to the server of the resource",
    ]));
    const titled = await checkAdapter(builtinHostArgv("prompt-title-as-name"), { timeoutMs: paced(20_000) });
    expect(mistakesOf(titled)).toEqual([]);
    expect(titled.findings.some((f) => f.level === "note" && f.step === "session/getPrompt" && /"mcp__alpha__review" reached alpha\/Review Code, not just alpha\/review: the host's doing \(a run judges it as prompts\/get-routes\)/.test(f.message))).toBe(true);
  }, paced(120_000));

  it("leaves no adapter process behind", () => {
    const left = spawnSync("ps", ["-eo", "args"], { encoding: "utf8" }).stdout.split("\n").filter((line) => line.includes(relay));
    expect(left).toEqual([]);
  });

  it("exits 1 on a mistake and 2 on bad usage, through the command line", async () => {
    expect(await checkAdapterMain(["--timeout", "20000", "--", process.execPath, relay, "registered-missing-key", ...correct])).toBe(1);
    expect(await checkAdapterMain([])).toBe(2);
    expect(await checkAdapterMain(["--transport", "carrier-pigeon", "--", "node"])).toBe(2);
  }, paced(60_000));
});
