/**
 * Gateway mode without any gateway installed: a tiny fake gateway (test-support/fake-gateway.ts) judged
 * through its gateway module by the shared driver (GatewayHost), the harness its MCP client, shows the
 * clauses judge a gateway both ways: the careful flavour passes where the clobbering one (a name shared by
 * two servers' tools, the later silently replacing the earlier) fails; what no client of a gateway can see is
 * NOT-APPLICABLE, saying why.
 */
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { defineGatewayModule, describeTool, GatewayHost, inProcessLauncher, paced, runClauses, singleCase, WorldSchema, type Clause, type World } from "../harness/index.ts";
import { clauses } from "./index.ts";
import { fakeGateway } from "./test-support/fake-gateway.ts";

const world = (...servers: Array<[string, string[]]>): World => WorldSchema.parse({
  servers: servers.map(([key, tools]) => ({
    key, serverInfo: { name: key, version: "1.0.0" },
    tools: tools.map((name) => ({ name, description: describeTool(key, name), inputSchema: { type: "object", properties: { probe: { type: "string" } } } })),
  })),
});

const gateways = { careful: fakeGateway("careful"), clobbering: fakeGateway("clobbering") };
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

  it("gives what a gateway's client cannot see NOT-APPLICABLE, saying why", async () => {
    const { module, bin } = gateways.careful;
    const host = new GatewayHost(module, { bin, version: "1.0.0", unisolated: "a test" });
    try {
      const init = await host.initialize();
      expect(init.capabilities).toMatchObject({ listChanged: false, builtinTools: [] });
      expect(init.environment?.listChanged).toContain("does not advertise tools.listChanged");
    } finally {
      await host.shutdown();
    }
    const report = await runClauses({
      clauses: clauses.filter((clause) => ["guard/every-shape", "drift/list-changed", "surface/allow-deny"].includes(clause.id)),
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
