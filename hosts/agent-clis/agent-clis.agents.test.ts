/**
 * Every registered agent CLI end to end (its folder's `drives`: Codex also in code mode, its surface for its
 * own default model slug), each through its real pinned binary, its adapter and the fake provider, in its
 * network namespace: the surface each shows for one colliding world, where each call lands, and a CLI that
 * cannot start earning ERROR with its stderr (`npm run test:agents`). Tests needing a CLI skip with the reason
 * where it is not installed and fail under MCP_COLLIDE_REQUIRE_AGENTS=1 (harness/optional-installs.ts).
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defineClause, hapLauncher, missingInstall, packageRoot, runClauses, skipTitle, paced } from "../../harness/index.ts";
import { launchArgv } from "../real-host.ts";
import { adapter, deliveries, names, observe, world } from "../test-support.ts";
import { agentCliDrives } from "./agent-hosts.ts";

const duplicate = world(["alpha", ["search", "a.b"]], ["beta", ["search"]]);

for (const drive of agentCliDrives) {
  const { id, variant } = drive;
  const missing = missingInstall(`agent-cli:${id}`, "sandbox");
  const label = variant ? `${id} ${variant}` : id;
  describe.skipIf(missing !== undefined)(skipTitle(`${label}, black box`, missing), () => {
    it("shows both servers' tools, each call reaching its own server; a name it does not show reaches none", async () => {
      // An open is a no-server baseline plus a CLI start: seconds each (Gemini CLI's most), more on a loaded machine.
      const seen = (await observe(adapter(`agent-clis/${id}`, ...(variant ? ["--variant", variant] : [])), { dup: { world: duplicate, options: { unknownNames: ["no_such_tool"] } } }, "http", 240_000)).dup;
      const shown = seen.tools.map((tool) => [tool.namespace ?? "", tool.name, tool.identity?.server, tool.identity?.tool]);
      expect(shown).toHaveLength(3);
      for (const [namespace, name, server, tool] of shown) {
        const call = seen.probes.find((probe) => probe.name === name && (probe.namespace ?? "") === namespace)!;
        expect(call.deliveries.map((record) => `${record.server}/${record.tool}`), `${namespace}/${name}`).toEqual([`${server}/${tool}`]);
      }
      expect(seen.unknown.map((call) => [call.result.ok, call.deliveries.length])).toEqual([[false, 0]]);
      // The names each CLI gives (the committed reports judge them; these pin what the evidence cites).
      expect(names(seen)).toEqual(drive.names);
      expect(seen.tools.map((tool) => tool.namespace)).toEqual(drive.namespaces ?? [undefined, undefined, undefined]);
      if (drive.alphaSearch) expect(deliveries(seen, drive.alphaSearch)).toEqual(["alpha/search"]);
      if (drive.unknownSays) expect(JSON.stringify(seen.unknown[0]!.result)).toContain(drive.unknownSays);
    }, paced(300_000));
  });
}

describe("an agent CLI that cannot start", () => {
  it("earns ERROR with its stderr, never a verdict", async () => {
    const dir = mkdtempSync(join(tmpdir(), "mcp-collide-broken-cli-"));
    try {
      const bin = join(dir, "cli");
      writeFileSync(bin, "#!/bin/sh\necho 'cannot reach api.example.invalid: network unreachable' >&2\nexit 3\n");
      chmodSync(bin, 0o755);
      const clause = defineClause({
        id: "probe/open", level: "MUST", summary: "open", sources: [], requires: [],
        arbitrary: () => fc.constant(duplicate), worlds: (value) => [value],
        async check(env, value) {
          await env.observe(value);
          return { ok: true, judged: [] };
        },
      });
      const report = await runClauses({
        clauses: [clause], seed: 1, runs: 1, transport: "http",
        launcher: hapLauncher({ argv: launchArgv(adapter("agent-clis/codex", "--bin", bin, "--no-isolation")), cwd: packageRoot, requestTimeoutMs: paced(60_000) }),
      });
      expect(report.clauses[0]).toMatchObject({ status: "error" });
      expect(report.clauses[0]!.reason).toContain("codex exited (code 3) before sending its first model turn");
      expect(report.clauses[0]!.reason).toContain("cannot reach api.example.invalid");
      expect(report.exitCode).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, paced(120_000));
});
