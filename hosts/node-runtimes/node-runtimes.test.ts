/**
 * The pinned Node runtimes (hosts/node-runtimes/package.json, installed by `npm run hosts:node`): each runs
 * the harness through tsx as a host adapter does (HAP/1 is a process boundary: the harness stays on its own
 * Node, an adapter runs on the one its host needs), and `npm run test:node -- MAJOR` runs vitest on the Node
 * it names. Each runtime's test skips, saying why, until it is installed; required under .ci/run.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { missingInstall, nodeRuntimes, paced, packageRoot, skipTitle } from "../../harness/index.ts";

describe("the pinned Node runtimes", () => {
  it("pin Node 22 and 24, the majors beside the harness's own 20 that hosts need and CI tests on", () => {
    expect(nodeRuntimes.map((runtime) => runtime.major)).toEqual([22, 24]);
    for (const runtime of nodeRuntimes) expect(runtime.version, `node${runtime.major}`).toMatch(new RegExp(`^${runtime.major}\\.\\d+\\.\\d+$`));
  });

  for (const runtime of nodeRuntimes) {
    const missing = missingInstall(`node-runtime:${runtime.major}`);
    it.skipIf(missing !== undefined)(skipTitle(`Node ${runtime.version} loads the harness through tsx, as an adapter does`, missing), () => {
      const probe = "const harness = await import('./harness/index.ts'); console.log(process.version, typeof harness.serveAdapter, harness.nodeRuntimes.length)";
      const ran = spawnSync(join(packageRoot, runtime.bin), ["--import", "tsx", "--input-type=module", "-e", probe], { cwd: packageRoot, encoding: "utf8", timeout: paced(120_000) });
      expect(ran.stderr).toBe("");
      expect(ran.stdout.trim()).toBe(`v${runtime.version} function ${nodeRuntimes.length}`);
    }, paced(150_000));
  }

  // Set by `npm run test:node -- MAJOR`: the tier must have run on that Node, not on the one that started it.
  const major = process.env.MCP_COLLIDE_NODE_MAJOR;
  it.skipIf(major === undefined)(skipTitle("vitest runs on the Node `npm run test:node` names", major === undefined ? "not under npm run test:node" : undefined), () => {
    expect(process.versions.node.split(".")[0]).toBe(major);
    const child = spawnSync("node", ["-p", "process.versions.node"], { encoding: "utf8" });
    expect(child.stdout.trim().split(".")[0], "a `node` a test starts").toBe(major);
  });
});
