/**
 * Every registered agent CLI (a folder with a cli.json: harness/cli/agent-registry.ts) is whole: its
 * `<id>.ts` is an agent module whose manifest is its cli.json, with one AgentCli per variant it names, agreeing on id, package and binary; its
 * adapter and report entries exist; its package is pinned exactly. No CLI needs installing for this.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { agentCliRegistry } from "../../harness/index.ts";
import { agentCliDrives, agentCliHosts, agentCliPendingHosts } from "./agent-hosts.ts";
import { registeredModule } from "./registered-cli.ts";

const here = dirname(fileURLToPath(import.meta.url));
const pins = (JSON.parse(readFileSync(join(here, "package.json"), "utf8")) as { dependencies: Record<string, string> }).dependencies;
const reports = [...agentCliHosts, ...agentCliPendingHosts];

describe("the agent CLI registry, hosts side", () => {
  for (const entry of agentCliRegistry) {
    it(`${entry.id}: one folder, one pin`, async () => {
      for (const file of ["adapter.ts", "hosts.ts", `${entry.id}.ts`]) expect(existsSync(join(here, entry.id, file)), file).toBe(true);
      const { manifest, variants } = await registeredModule(entry.id);
      expect(manifest).toEqual(entry);
      expect(Object.keys(variants)).toEqual(Object.keys(entry.variants));
      for (const [name, make] of Object.entries(variants)) {
        expect(make()).toMatchObject({ id: entry.id, variant: name, packageName: entry.package, binName: entry.bin });
      }
      expect(pins[entry.package], `${entry.package} pinned in hosts/agent-clis/package.json`).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
      // Each variant has a report (committed or pending), and each report names a variant it has.
      const named = reports.filter((host) => host.runArgs?.[1] === entry.id).map((host) => host.runArgs!.includes("--agent-variant") ? host.runArgs![host.runArgs!.indexOf("--agent-variant") + 1] : "default");
      expect([...named].sort()).toEqual(Object.keys(entry.variants).sort());
      // npm run test:agents drives its default variant end to end (agent-clis.agents.test.ts).
      expect(agentCliDrives.some((drive) => drive.id === entry.id && (drive.variant ?? "default") === "default")).toBe(true);
    });
  }

  it("every agent report belongs to a registered CLI", () => {
    const ids = new Set(agentCliRegistry.map((entry) => entry.id));
    for (const host of reports) expect(ids.has(host.runArgs?.[1] ?? ""), host.id).toBe(true);
  });
});
