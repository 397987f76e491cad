/**
 * What each agent CLI adapter declares beyond the six basic methods, through the real pinned CLI: its
 * built-ins (the no-server baseline, run at initialize) as `builtinTools`, and `listChanged` only where the
 * CLI re-lists on list_changed; and, for Gemini CLI, that a tool added and notified between two turns of
 * one CLI process is in a later turn's surface. Skips without the CLI, fails under MCP_COLLIDE_REQUIRE_AGENTS=1.
 */
import { describe, expect, it } from "vitest";
import { hapLauncher, missingInstall, packageRoot, skipTitle, worldOf, paced } from "../../harness/index.ts";
import { launchArgv } from "../real-host.ts";
import { adapter, scripted } from "../test-support.ts";

const declared = [
  { id: "claude-code", listChanged: true, builtins: ["Bash", "Read", "Write"] },
  { id: "codex", listChanged: false, builtins: ["exec_command"] },
  { id: "gemini-cli", listChanged: true, builtins: ["read_file", "google_web_search"] },
] as const;

for (const { id, listChanged, builtins } of declared) {
  const missing = missingInstall(`agent-cli:${id}`, "netns");
  describe.skipIf(missing !== undefined)(skipTitle(`${id}, declared depth`, missing), () => {
    it(`declares its built-ins${listChanged ? " and listChanged" : ", and no listChanged"}`, async () => {
      const handle = await hapLauncher({ argv: launchArgv(adapter(`agent-clis/${id}`)), cwd: packageRoot, requestTimeoutMs: paced(240_000) }).launch();
      try {
        const { capabilities } = await handle.adapter.initialize();
        expect(capabilities.listChanged).toBe(listChanged);
        expect(capabilities.builtinTools).toEqual(expect.arrayContaining([...builtins]));
        expect(capabilities.localTools).toBe(false);
      } finally {
        await handle.stop();
      }
    }, paced(300_000));
  });
}

const gemini = missingInstall("agent-cli:gemini-cli", "netns");
describe.skipIf(gemini !== undefined)(skipTitle("gemini-cli, list_changed within one process", gemini), () => {
  it("shows a tool the server added and notified in a later turn of the same CLI process", async () => {
    const added = worldOf(["alpha", ["query"]]).servers[0]!.tools[0]!;
    const { relisted } = await scripted(adapter("agent-clis/gemini-cli"), {
      relisted: {
        world: worldOf({ key: "alpha", tools: ["request"], listChanged: true }),
        script: async (live) => {
          const session = await live.open();
          const before = (await session.tools()).map((tool) => tool.name);
          await live.apply("alpha", { kind: "add", tool: added });
          await live.apply("alpha", { kind: "notify" });
          // Gemini CLI re-lists in the background: a few fresh turns, each one `session/tools`.
          let after: string[] = [];
          for (let turn = 0; turn < 10 && !after.includes("mcp_alpha_query"); turn++) after = (await session.tools()).map((tool) => tool.name);
          return { before, after };
        },
      },
    });
    expect(relisted.before).toEqual(["mcp_alpha_request"]);
    expect(relisted.after).toEqual(expect.arrayContaining(["mcp_alpha_request", "mcp_alpha_query"]));
  }, paced(300_000));
});
