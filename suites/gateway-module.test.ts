/**
 * Gateway mode without any gateway installed: a tiny fake gateway (test-support/fake-gateway.ts) judged
 * through its gateway module by the shared driver (GatewayHost), the harness its MCP client, shows the
 * clauses judge a gateway both ways: the careful flavour passes where the clobbering one (a name shared by
 * two servers' tools, the later silently replacing the earlier) fails; what no client of a gateway can see is
 * NOT-APPLICABLE, saying why.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { CapabilitiesSchema, contextHazardWorlds, defineGatewayModule, describeTool, GatewayHost, inProcessLauncher, paced, runClauses, singleCase, WorldSchema, type Clause, type World } from "../harness/index.ts";
import { clauses } from "./index.ts";
import { fakeGateway } from "./test-support/fake-gateway.ts";

const world = (...servers: Array<[string, string[]]>): World => WorldSchema.parse({
  servers: servers.map(([key, tools]) => ({
    key, serverInfo: { name: key, version: "1.0.0" },
    tools: tools.map((name) => ({ name, description: describeTool(key, name), inputSchema: { type: "object", properties: { probe: { type: "string" } } } })),
  })),
});

const gateways = {
  careful: fakeGateway("careful"), clobbering: fakeGateway("clobbering"),
  carefulContext: fakeGateway("careful", { context: true }), clobberingContext: fakeGateway("clobbering", { context: true }),
};
afterAll(() => Object.values(gateways).forEach(({ folder }) => rmSync(folder, { recursive: true, force: true })));

/** Runs clause `id`'s check on exactly `value`, once, against the fake gateway of `flavour`. */
async function judge(flavour: keyof typeof gateways, id: string, value: unknown) {
  const { module, bin } = gateways[flavour];
  const clause = clauses.find((candidate) => candidate.id === id)!;
  const once: Clause = singleCase(clause, value);
  const report = await runClauses({
    clauses: [once], launcher: inProcessLauncher(() => new GatewayHost(module, { bin, version: "1.0.0", unisolated: "a test" })), seed: 1, runs: 1, transport: "http",
  });
  return report.clauses[0]!;
}

/** The processes whose command line holds `needle` (gateway processes left running). */
function running(needle: string): string[] {
  return readdirSync("/proc").filter((pid) => /^\d+$/.test(pid)).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(needle);
    } catch {
      return false; // gone meanwhile
    }
  });
}

/** The constructed case of clause `id` titled with `title` (its coverage plan). */
function constructed(id: string, title: string): unknown {
  const env = { capabilities: CapabilitiesSchema.parse({ prompts: true, resources: true, resourceTemplates: true, promptsListChanged: true, resourcesListChanged: true }) };
  const plan = clauses.find((candidate) => candidate.id === id)!.coverage?.(env as never) ?? [];
  const entry = plan.find((candidate) => candidate.title.includes(title));
  if (!entry) throw new Error(`no constructed case of ${id} titled ${title}`);
  return entry.value;
}

/** `a__b`'s `c` and `a`'s `b__c`: one name when the key is joined raw. */
const clash = world(["a__b", ["c"]], ["a", ["b__c"]]);

describe("a gateway judged as its MCP client", () => {
  it("passes surface/no-silent-loss when every tool keeps a name of its own, and fails it when one name clobbers another", async () => {
    expect((await judge("careful", "surface/no-silent-loss", clash)).status).toBe("pass");
    const clobbered = await judge("clobbering", "surface/no-silent-loss", clash);
    expect(clobbered.status).toBe("fail");
    expect(clobbered.observed).toContain('"c" of "a__b" not shown');
    // Every gateway process (and the fake servers it started) died with its session.
    expect(running(gateways.careful.bin)).toEqual([]);
    expect(running(gateways.clobbering.bin)).toEqual([]);
  }, paced(120_000));

  it("routes each shown name to the server that listed it, read from the servers' records (no registered names)", async () => {
    const routed = await judge("careful", "wire/no-cross-routing", { world: world(["alpha", ["search"]], ["beta", ["search"]]), payload: {} });
    expect(routed.status, routed.observed).toBe("pass");
  }, paced(120_000));

  it("judges prompts through a gateway that advertises them: every page listed, each get routed by the servers' records", async () => {
    const clash = contextHazardWorlds["prompt-clash"].world;
    const kept = await judge("carefulContext", "prompts/no-silent-loss", clash);
    expect(kept.status, kept.observed).toBe("pass");
    // Bare names merged into one map: beta's review replaces alpha's.
    const lost = await judge("clobberingContext", "prompts/no-silent-loss", clash);
    expect(lost.status).toBe("fail");
    expect(lost.observed).toContain("alpha");
    const routed = await judge("carefulContext", "prompts/get-routes", contextHazardWorlds["prompt-titled"].world);
    expect(routed.status, routed.observed).toBe("pass");
  }, paced(180_000));

  it("judges resources and templates through a gateway that advertises them, each read routed by the servers' records", async () => {
    const shared = contextHazardWorlds["shared-uri-companions"].world;
    const routed = await judge("carefulContext", "resources/read-routes", shared);
    expect(routed.status, routed.observed).toBe("pass");
    const kept = await judge("carefulContext", "resources/no-silent-loss", constructed("resources/no-silent-loss", "resources/templates/list in 2 pages"));
    expect(kept.status, kept.observed).toBe("pass");
    const shadowed = await judge("clobberingContext", "resources/shared-uri", shared);
    expect(shadowed.status).toBe("fail");
  }, paced(180_000));

  it("re-lists prompts and resources only when the gateway sends its list_changed, as its client would", async () => {
    const { module, bin } = gateways.carefulContext;
    const host = new GatewayHost(module, { bin, version: "1.0.0", unisolated: "a test" });
    try {
      expect((await host.initialize()).capabilities).toMatchObject({ prompts: true, resources: true, resourceTemplates: true, promptsListChanged: true, resourcesListChanged: true });
    } finally {
      await host.shutdown();
    }
    for (const id of ["prompts/tracks-list", "resources/tracks-list"]) {
      const tracked = await judge("carefulContext", id, constructed(id, "list_changed"));
      expect(tracked.status, `${id}: ${tracked.observed}`).toBe("pass");
    }
  }, paced(180_000));

  it("gives what a gateway's client cannot see NOT-APPLICABLE, saying why", async () => {
    const { module, bin } = gateways.careful;
    const host = new GatewayHost(module, { bin, version: "1.0.0", unisolated: "a test" });
    try {
      const init = await host.initialize();
      // It advertises tools only: no prompts, no resources.
      expect(init.capabilities).toMatchObject({ listChanged: false, builtinTools: [], prompts: false, resources: false, resourceTemplates: false });
      expect(init.environment?.listChanged).toContain("does not advertise tools.listChanged");
    } finally {
      await host.shutdown();
    }
    const report = await runClauses({
      clauses: clauses.filter((clause) => ["guard/every-shape", "drift/list-changed", "surface/allow-deny", "prompts/no-silent-loss", "resources/read-routes"].includes(clause.id)),
      launcher: inProcessLauncher(() => new GatewayHost(module, { bin, version: "1.0.0", unisolated: "a test" })), seed: 1, runs: 1, transport: "http",
    });
    for (const clause of report.clauses) {
      expect(clause.status, clause.id).toBe("not-applicable");
      expect(clause.reason, clause.id).not.toBe("");
    }
  }, paced(120_000));

  it("refuses a module whose manifest is wrong, naming the field", () => {
    const { module } = gateways.careful;
    expect(() => defineGatewayModule({ ...module, manifest: { ...module.manifest, id: "Not An Id" } })).toThrow(/manifest.*id/s);
    expect(() => defineGatewayModule({ manifest: module.manifest } as never)).toThrow(/launch/);
  });
});
