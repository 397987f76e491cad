/**
 * No vacuous verdicts: for every clause, a host that gives it nothing to judge earns INCONCLUSIVE (or, where
 * no host can starve the clause without also breaking it, a failure), never PASS. Under the old counting
 * (a situation counted as soon as a generated world held it) every INCONCLUSIVE below was a PASS. The hosts
 * are in test-support/vacuous-hosts.ts; the Genkit-style host is a built-in one-bug host.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { collidingWorld, inProcessLauncher, runClauses, type Clause, type ClauseStatus, type World, paced } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { clauses } from "./index.ts";
import { vacuousHosts, type VacuousHost } from "./test-support/vacuous-hosts.ts";

/** For every clause: the host that starves it, and the verdict that host must earn. */
const starved: Record<string, [VacuousHost, ClauseStatus]> = {
  "order/config-permutation": ["refuses-everything", "inconclusive"],
  "order/arrival-timing": ["refuses-everything", "inconclusive"],
  "surface/no-silent-loss": ["refuses-everything", "inconclusive"],
  "surface/empty-server-ok": ["refuses-everything", "inconclusive"],
  "surface/shortfall-names-missing": ["refuses-everything", "inconclusive"],
  "surface/all-or-nothing": ["refuses-everything", "inconclusive"],
  "surface/failing-server-named": ["refuses-everything", "inconclusive"],
  "wire/passthrough": ["refuses-everything", "inconclusive"],
  "wire/no-cross-routing": ["refuses-everything", "inconclusive"],
  "wire/unknown-name": ["refuses-everything", "inconclusive"],
  "names/injective": ["refuses-everything", "inconclusive"],
  "names/context-free": ["refuses-everything", "inconclusive"],
  "names/provider-valid": ["refuses-everything", "inconclusive"],
  "names/label-from-config": ["refuses-everything", "inconclusive"],
  "names/deterministic": ["refuses-everything", "inconclusive"],
  "guard/every-shape": ["refuses-everything", "inconclusive"],
  "guard/local-occupant": ["refuses-everything", "inconclusive"],
  "drift/refresh-tracks-list": ["refresh-fails", "inconclusive"],
  "drift/unreachable-prunes-nothing": ["refuses-everything", "inconclusive"],
  // Judged only when the host did reflect the change. refuses-everything fails even the clean world's open:
  // every case is confounded by that (every-open-fails), where the clause once waited out its bound and warned.
  "drift/list-changed": ["refuses-everything", "inconclusive"],
  "drift/pin-holds-changes": ["refuses-everything", "inconclusive"],
  "options/keyed-by-wire": ["refuses-every-call", "inconclusive"],
  "options/unknown-key": ["blames-everyone", "inconclusive"],
  "surface/allow-deny": ["refuses-every-server", "inconclusive"],
  // Every other tool must still route, so a host that refuses everything fails where there is one; where
  // there is none, its refusal of the hostile tool is not judged (it refuses a world with nothing to refuse).
  "schema/hostile-schema": ["refuses-every-server", "fail"],
  "wire/at-most-once": ["refuses-everything", "inconclusive"],
  "names/profile": ["refuses-every-server", "inconclusive"],
  "diag/errors-name-server": ["silent", "inconclusive"],
  "lifecycle/sessions-independent": ["refuses-everything", "inconclusive"],
  // Issue 27's clauses: each looks only at what a host showed, called or named.
  "order/stable-list": ["refuses-everything", "inconclusive"],
  "surface/one-failure-contained": ["refuses-everything", "inconclusive"],
  "wire/tool-error-reaches-model": ["refuses-everything", "inconclusive"],
  "wire/identity-by-key": ["refuses-everything", "inconclusive"],
  "drift/mid-session-loss": ["refuses-everything", "inconclusive"],
  // Issue 40's clauses: a search is judged only on a tool the host deferred, a schema only on a tool it shows,
  // a cancellation only after a call that reached a server.
  "surface/deferred-reachable": ["refuses-everything", "inconclusive"],
  "schema/input-schema-intact": ["refuses-everything", "inconclusive"],
  "wire/cancels-only-pending": ["refuses-everything", "inconclusive"],
  // Issue 37's prompts and resources: each judges only what a host showed, got, read or named, so a host that
  // refuses everything (and refuses the clean world of prompts and resources) judges none of them.
  "prompts/no-silent-loss": ["refuses-everything", "inconclusive"],
  "prompts/injective": ["refuses-everything", "inconclusive"],
  "prompts/context-free": ["refuses-everything", "inconclusive"],
  "prompts/get-routes": ["refuses-everything", "inconclusive"],
  "prompts/order-independent": ["refuses-everything", "inconclusive"],
  "prompts/tracks-list": ["refuses-everything", "inconclusive"],
  "prompts/failing-server-named": ["refuses-everything", "inconclusive"],
  "resources/no-silent-loss": ["refuses-everything", "inconclusive"],
  "resources/read-routes": ["refuses-everything", "inconclusive"],
  "resources/shared-uri": ["refuses-everything", "inconclusive"],
  "resources/template-not-doubled": ["refuses-everything", "inconclusive"],
  "resources/tracks-list": ["refuses-everything", "inconclusive"],
  "resources/failing-server-named": ["refuses-everything", "inconclusive"],
};

const run = (host: () => ReturnType<typeof createHost>, selected: Clause[], runs = 5) =>
  runClauses({ clauses: selected, launcher: inProcessLauncher(host), transport: "memory", seed: 7, runs, listChangedTimeoutMs: 200 });

describe("no clause passes on a host that never lets it judge", () => {
  it("every clause has a starving host", () => {
    expect(Object.keys(starved).sort()).toEqual(clauses.map((clause) => clause.id).sort());
  });

  const hosts = [...new Set(Object.values(starved).map(([host]) => host))];
  for (const host of hosts) {
    const selected = clauses.filter((clause) => starved[clause.id]![0] === host);
    it(`${host}: ${selected.map((clause) => `${clause.id} ${starved[clause.id]![1]}`).join(", ")}`, async () => {
      const report = await run(vacuousHosts[host], selected);
      expect(report.clauses.map((clause) => [clause.id, clause.status])).toEqual(selected.map((clause) => [clause.id, starved[clause.id]![1]]));
      for (const clause of report.clauses.filter((c) => c.status === "inconclusive")) {
        expect(clause.reason, clause.id).toMatch(/were never judged/);
        // What was judged never exceeds what was drawn.
        for (const [situation, count] of Object.entries(clause.judged ?? {})) expect(count).toBeLessThanOrEqual(clause.situations[situation] ?? 0);
      }
    }, paced(180_000));
  }
});

describe("a refusal of prompts and resources judges nothing from a host that refuses a clean world of them (issue 37)", () => {
  it("is INCONCLUSIVE on the clash clauses, though each world it refused held nothing but the clash", async () => {
    const selected = clauses.filter((clause) => ["prompts/injective", "resources/shared-uri"].includes(clause.id));
    const report = await run(vacuousHosts["refuses-context-servers"], selected);
    expect(report.clauses.map((clause) => [clause.id, clause.status])).toEqual([["prompts/injective", "inconclusive"], ["resources/shared-uri", "inconclusive"]]);
  }, paced(60_000));
});

describe("the Genkit-style false PASS (issue 15)", () => {
  const providerValid = clauses.find((clause) => clause.id === "names/provider-valid")!;
  /** Worlds whose invalid names always sit beside a duplicate: all the host refuses whole. */
  const confounded = (): fc.Arbitrary<World> =>
    collidingWorld({ maxServers: 3 }).map((world) => ({
      servers: world.servers.map((server, index) => (index === 0 ? { ...server, tools: [...server.tools, { ...server.tools[0]!, name: "admin.tools.list" }] } : server)),
    })).filter((world) => world.servers.some((a, i) => world.servers.some((b, j) => i !== j && a.tools.some((t) => b.tools.some((u) => u.name === t.name)))));

  it("is INCONCLUSIVE where every invalid name sits beside a duplicate the host refuses the open for (random cases only)", async () => {
    const report = await run(() => createHost("unchecked-refuses-duplicates"), [{ ...providerValid, arbitrary: confounded, coverage: undefined }], 15);
    const [clause] = report.clauses;
    expect(clause!.status).toBe("inconclusive");
    expect(clause!.situations["provider-invalid-name"]).toBeGreaterThan(0);
    expect(clause!.judged?.["provider-invalid-name"]).toBeUndefined();
  }, paced(60_000));

  it("FAILs names/provider-valid at one random case and at the default run count: its constructed worlds hold an invalid name alone", async () => {
    for (const runs of [1, 25]) {
      const report = await run(() => createHost("unchecked-refuses-duplicates"), [providerValid], runs);
      expect(report.clauses[0]!.status, `--runs ${runs}`).toBe("fail");
      expect(report.clauses[0]!.reason, `--runs ${runs}`).toMatch(/^violated on constructed case/);
    }
  }, paced(60_000));
});
