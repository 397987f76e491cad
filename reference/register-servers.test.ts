/**
 * Registration places routes through name indexes (so it stays linear in tools); this checks the placement
 * against the plain scan it replaced, on bare-named worlds dense with shared names and local tools, for
 * every collision policy that places rather than refuses.
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { selfTestSeed } from "../harness/index.ts";
import type { CollisionPolicy } from "./host-policy.ts";
import { oneBugHosts } from "./one-bug-hosts.ts";
import { referencePolicy } from "./reference-policy.ts";
import { registerServers, type LocalEntry, type ServerState } from "./register-servers.ts";

type Shown = { kind: string; name: string; server?: string };

/** The placement as a scan over the shown list: what the indexes must reproduce. */
function scanPlacement(collision: CollisionPolicy, locals: readonly LocalEntry[], servers: readonly ServerState[]): Shown[] {
  const routes: Shown[] = locals.map(({ name }) => ({ kind: "local", name }));
  for (const server of servers) {
    for (const tool of server.tools ?? []) {
      const route = { kind: "server", name: tool.name, server: server.key };
      const taken = collision === "show-both"
        ? routes.findIndex((r) => r.kind === "local" && r.name === route.name)
        : routes.findIndex((r) => r.name === route.name);
      if (taken >= 0 && routes[taken]!.kind === "server" && collision === "first-wins") continue;
      if (taken >= 0) routes[taken] = route;
      else routes.push(route);
    }
  }
  return routes;
}

const toolName = fc.constantFrom("a", "b", "c", "d");
const tool = (name: string): Tool => ({ name, description: name, inputSchema: { type: "object" } });
const serversOf = (lists: string[][]): ServerState[] => lists.map((names, index) => ({
  key: `s${index}`, index, arrival: index, config: { key: `s${index}`, transport: { type: "memory", id: `s${index}` } } as never, tools: names.map(tool),
}));

describe("registerServers placement", () => {
  for (const id of ["last-wins", "first-wins", "concatenate"]) {
    const policy = { ...referencePolicy, ...oneBugHosts[id]!.swap, localOccupant: "overwrite" as const };
    it(`${id} (${policy.collision}): the same shown list as a scan, locals and repeats included`, () => {
      fc.assert(fc.property(
        fc.array(fc.uniqueArray(toolName, { maxLength: 4 }), { minLength: 1, maxLength: 4 }),
        fc.uniqueArray(toolName, { maxLength: 2 }),
        (lists, localNames) => {
          const locals = localNames.map((name): LocalEntry => ({ name, shape: "object" }));
          const servers = serversOf(lists);
          const shown = registerServers(policy, servers, locals).routes
            .map((route) => (route.kind === "local" ? { kind: "local", name: route.name } : { kind: "server", name: route.name, server: route.server }));
          expect(shown).toEqual(scanPlacement(policy.collision, locals, servers));
        },
      ), { seed: selfTestSeed(5), numRuns: 300 });
    });
  }
});

describe("registerServers: a host-wide cap on the tools shown", () => {
  const servers = serversOf([["a", "b", "c"], ["d", "e"], ["f"]]);
  const names = (policy: typeof referencePolicy) => registerServers(policy, servers).routes.map((route) => route.name);

  it("has none in the reference", () => {
    expect(names(referencePolicy)).toHaveLength(6);
  });

  it("drop-silently: the first `max` tools in registration order, and no error", () => {
    const capped = { ...referencePolicy, toolLimit: { max: 4, beyond: "drop-silently" as const } };
    expect(names(capped)).toEqual(["mcp__s0__a", "mcp__s0__b", "mcp__s0__c", "mcp__s1__d"]);
    expect(registerServers(capped, servers).outcome).toEqual({ registered: { s0: ["mcp__s0__a", "mcp__s0__b", "mcp__s0__c"], s1: ["mcp__s1__d"], s2: [] }, errors: [] });
  });

  it("refuse-server: a server that would pass the cap fails whole, its error naming it and every tool", () => {
    const capped = { ...referencePolicy, toolLimit: { max: 4, beyond: "refuse-server" as const } };
    // s1 would make 5; s2 still fits after it, so it is shown.
    expect(names(capped)).toEqual(["mcp__s0__a", "mcp__s0__b", "mcp__s0__c", "mcp__s2__f"]);
    expect(registerServers(capped, servers).outcome.errors).toEqual([
      { server: "s1", message: expect.stringMatching(/^server "s1" .*past the host's limit of 4 \(3 shown already\).*; missing: "d", "e"$/) },
    ]);
  });
});
