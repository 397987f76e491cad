/**
 * reports/site/ is what `npm run site` builds from the committed reports now: rebuilt in memory and compared
 * file by file (the screenshot aside), so a report, the registry's evidence or the site code changed
 * without rebuilding fails here. Also: every committed host report has its pages, kinds come from the registry.
 */
import { describe, expect, it } from "vitest";
import { siteDifferences, paced } from "../harness/index.ts";
import { realHosts } from "./hosts.ts";
import { hostKind, siteCommand, siteDir, siteFiles } from "./site.ts";

describe("reports/site/", () => {
  it("is current: run `npm run site` when this fails", { timeout: paced(120_000) }, async () => {
    const files = await siteFiles();
    const differences = siteDifferences(siteDir, files);
    expect(differences, "reports/site/ is stale: run `npm run site` (and `npm run site -- --screenshot` when the overview changed)").toEqual([]);
    for (const host of realHosts) expect([...files.keys()].some((path) => path.startsWith(`hosts/${host.id}/`)), host.id).toBe(true);
  });

  it("takes each host's kind from the registry", () => {
    expect(hostKind({ argv: ["node"], runArgs: ["--agent", "some-new-cli"] })).toBe("agent CLI");
    expect(hostKind({ argv: ["node"], runArgs: ["--agent-module", "hosts/agent-modules/x/x.ts"] })).toBe("agent CLI");
    expect(hostKind({ argv: ["python3", "hosts/x/adapter.py"], needs: ["python3"] })).toBe("Python");
    expect(hostKind({ argv: ["node"], runArgs: ["--gateway", "some-gateway"] })).toBe("gateway");
    expect(hostKind({ argv: ["hosts/fastmcp/.venv/bin/python", "hosts/fastmcp/adapter.py"], needs: ["library-host:fastmcp"] })).toBe("Python");
    expect(hostKind({ argv: ["node", "--import", "tsx", "hosts/x/adapter.ts"] })).toBe("library");
  });

  it("ties a host's reports to its command: an agent module's to the module adapter, wherever the module was judged from", () => {
    const adapter = ["node", "--import", "tsx", "harness/agent/agent-module-main.ts", "--module"];
    expect(siteCommand({ argv: [...adapter, "hosts/agent-modules/x/x.ts"], runArgs: ["--agent-module", "hosts/agent-modules/x/x.ts"] })).toEqual(adapter);
    expect(siteCommand({ argv: ["node", "--import", "tsx", "hosts/x/adapter.ts"] })).toEqual(["node", "--import", "tsx", "hosts/x/adapter.ts"]);
  });
});
