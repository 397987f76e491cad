/**
 * Real hosts run offline. Each JavaScript adapter runs a short `mcp-collide run` (harness, fake servers and
 * adapter together) inside a loopback-only network namespace (`unshare -n`, lo up), with
 * hosts/record-network.mjs preloaded into the adapter: any attempt to reach an address other than
 * 127.0.0.1 (telemetry, a model registry, an update check) is refused and recorded, and the test fails on
 * the first record. Of the agent CLIs, one runs here (their adapters are one agent kit; each CLI is kept
 * offline by the sandbox, tested apart). A control shows the recorder catches what it must. Needs root for `unshare -n`, and
 * each host what it needs beyond `npm ci` (its `needs`): skipped, saying why, where missing, failed where
 * .ci/run requires it (harness/optional-installs.ts).
 */
import { execa } from "execa";
import { mkdtempSync, readFileSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { limiter, missingInstall, packageRoot, skipTitle, paced } from "../harness/index.ts";
import { pendingHosts, realHosts } from "./hosts.ts";

const recorder = join(packageRoot, "hosts/record-network.mjs");
const cli = join(packageRoot, "harness/bin/mcp-collide.js");

/** Runs `argv` in a fresh loopback-only network namespace with the recorder logging to a file; returns both. */
async function isolated(argv: string[], env: Record<string, string> = {}): Promise<{ status: number | undefined; output: string; attempts: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), "mcp-collide-offline-"));
  const log = join(dir, "network.jsonl");
  try {
    const result = await execa("unshare", ["-n", "sh", "-c", 'ip link set lo up && exec "$@"', "sh", ...argv], {
      cwd: packageRoot, reject: false, env: { ...process.env, ...env, MCP_COLLIDE_NETWORK_LOG: log }, timeout: paced(540_000),
    });
    const attempts = existsSync(log) ? readFileSync(log, "utf8").split("\n").filter(Boolean) : [];
    return { status: result.exitCode, output: `${result.stdout}\n${result.stderr}`, attempts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// Two hosts at a time: a run mostly waits on its host's start and turns, and one after another they were 17
// minutes of the hosts tier.
const two = limiter(2);

const isolation = missingInstall("netns");
// A JavaScript adapter runs on `node` or on a pinned runtime (hosts/node-runtimes/.../bin/node).
const javascriptHosts = [...realHosts, ...pendingHosts].filter((host) => /(?:^|\/)node$/.test(host.argv[0] ?? "") && host.argv.includes("tsx"))
  // One mode per adapter file: a flag changes names, not whether the host phones home.
  .filter((host, index, all) => all.findIndex((other) => other.argv.find((a) => a.endsWith("adapter.ts")) === host.argv.find((a) => a.endsWith("adapter.ts"))) === index)
  // One agent CLI: a CLI runs in the sandbox's own loopback-only network namespace, where the recorder preloaded
  // into the adapter does not reach; what a run here shows for a CLI is its adapter process, which is the agent
  // kit's serveAgentModule for every one of them. The CLIs' own attempts are refused and recorded by the sandbox
  // (harness/agent/isolation/netns-sandbox.test.ts, a hostile CLI's every step out) and listed in every report.
  .filter((host, index, all) => host.runArgs === undefined || all.findIndex((other) => other.runArgs !== undefined) === index);

describe.skipIf(isolation !== undefined)(skipTitle("real hosts offline", isolation), () => {
  it("the recorder refuses and records a connection to another address (control)", async () => {
    const probe = `fetch("http://registry.example.invalid/").then(() => process.exit(3), () => process.exit(0))`;
    const seen = await isolated([process.execPath, "--import", recorder, "-e", probe]);
    expect(seen.status, seen.output).toBe(0);
    expect(seen.attempts.map((line) => JSON.parse(line).host)).toContain("registry.example.invalid");
  });

  for (const host of javascriptHosts) {
    // A host is run only where what it needs is installed (an agent CLI, a library host installed apart).
    const missing = missingInstall(...(host.needs ?? []));
    // One worker, one clause whose few cases open, list and call a server's tool (wire/tool-error-reaches-model:
    // 3 cases at --runs 1): a host phones home at start or on its first agent run, and a run per adapter is what
    // this test can afford in `npm run test:hosts`. A failure is shrunk for at most a second: shrinking an agent
    // CLI costs minutes (wire/passthrough's 11 cases, failed and shrunk, took Continue 300 s here).
    it.skipIf(missing !== undefined).concurrent(skipTitle(`${host.id}: a run reaches nothing but 127.0.0.1`, missing), () => two(async () => {
      const [node, ...rest] = host.argv;
      const argv = [process.execPath, cli, "run", "--runs", "1", "--seed", "3", "--timeout", "120000", "--workers", "1",
        "--clause", "wire/tool-error-reaches-model", "--shrink-budget", "1000",
        "--out", join(tmpdir(), `mcp-collide-offline-${host.id}-${process.pid}`), "--", node!, "--import", recorder, ...rest];
      const seen = await isolated(argv);
      rmSync(join(tmpdir(), `mcp-collide-offline-${host.id}-${process.pid}`), { recursive: true, force: true });
      expect(seen.attempts, `${host.id} tried to leave 127.0.0.1`).toEqual([]);
      // 0 or 1: the clauses ran (a verdict either way); 2 would mean the adapter broke, offline or not.
      expect([0, 1], seen.output.slice(-3000)).toContain(seen.status);
    }), paced(1_200_000));
  }
});
