/**
 * The bug catalogue as regression examples: each entry's smallest case, replayed by value, must violate
 * its clause on the one-bug host modelled on the bug and pass it on the reference host. In-process hosts
 * over in-memory servers, so the whole catalogue takes a few seconds.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inProcessLauncher, replayCase, paced } from "../harness/index.ts";
import { createHost, oneBugHosts } from "../reference/index.ts";
import { bugCatalogue } from "./bug-catalogue.ts";
import { expectedFailures } from "./expected-failures.ts";
import { clauses } from "./index.ts";

const replay = (clauseId: string, value: unknown, bug?: string) =>
  replayCase({ clause: clauses.find((clause) => clause.id === clauseId)!, launcher: inProcessLauncher(() => createHost(bug)), value, transport: "memory" });

describe("bug catalogue", () => {
  it("names real one-bug hosts and implemented clauses, each a failure the answer key expects", () => {
    const ids = new Set<string>();
    for (const entry of bugCatalogue) {
      expect(ids.has(entry.id), entry.id).toBe(false);
      ids.add(entry.id);
      expect(Object.keys(oneBugHosts), entry.id).toContain(entry.host);
      expect(clauses.map((clause) => clause.id), entry.id).toContain(entry.clause);
      expect(expectedFailures[entry.host], entry.id).toContain(entry.clause);
      expect(entry.reports.length, entry.id).toBeGreaterThan(0);
    }
  });

  it("keeps every world small: at most two servers of at most two tools, unless the entry says why it needs more", () => {
    for (const entry of bugCatalogue) {
      const world = clauses.find((clause) => clause.id === entry.clause)!.worlds(entry.value)[0]!;
      expect(world.servers.length, entry.id).toBeLessThanOrEqual(2);
      const most = Math.max(...world.servers.map((server) => server.tools.length));
      // A reason is for a world that needs it: one that would fit in two tools says none.
      if (entry.large !== undefined) expect(most, `${entry.id}: ${entry.large}`).toBeGreaterThan(2);
      else expect(most, entry.id).toBeLessThanOrEqual(2);
    }
  });

  it("is the table in hosts/README.md", () => {
    const readme = readFileSync(new URL("../hosts/README.md", import.meta.url), "utf8");
    for (const entry of bugCatalogue) {
      expect(readme, entry.id).toContain(`\`${entry.id}\``);
      expect(readme, entry.id).toContain(`\`${entry.host}\``);
    }
  });

  for (const entry of bugCatalogue) {
    it(`${entry.id}: ${entry.clause} catches ${entry.host} and passes the reference`, async () => {
      const bad = await replay(entry.clause, entry.value, entry.host);
      expect(bad.verdict, bad.reason).toBe("violated");
      const good = await replay(entry.clause, entry.value);
      expect(good.verdict, good.reason).toBe("pass");
    }, paced(30_000));
  }
});
