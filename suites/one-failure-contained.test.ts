/**
 * One failure, contained: every constructed case of `surface/one-failure-contained` holds on the reference;
 * a host that refuses the whole open for one failing server fails each failing-server case and no
 * refused-tool case (it refuses nothing more than the reference for a name); a host whose group a refused or
 * reset connection cancels fails exactly the cases unreachable as real HTTP servers are (issue 40), never the
 * old 404; and the failing-server worlds of
 * `diag/errors-name-server`'s plan judge an anonymous error (issue 27: they were never drawn).
 */
import { describe, expect, it } from "vitest";
import { constructed, hazardWorlds, inProcessLauncher, replayCase, type World, paced } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { clauses } from "./index.ts";

const clause = (id: string) => clauses.find((candidate) => candidate.id === id)!;
const replay = (id: string, value: unknown, bug?: string) =>
  replayCase({ clause: clause(id), launcher: inProcessLauncher(() => createHost(bug)), value, transport: "memory" });

describe("surface/one-failure-contained", () => {
  const plan = clause("surface/one-failure-contained").coverage!({} as never);

  it("plans failing servers and refused tools, each beside a healthy server, and servers unreachable as real ones are", () => {
    expect(plan.map((built) => built.hazard)).toEqual([
      ...Array(4).fill("failing-beside-healthy"), ...Array(3).fill("refused-tool-beside-healthy"), ...Array(5).fill("failing-beside-healthy"),
    ]);
  });

  /** Whether a case's failing server breaks its connection below MCP over HTTP (refused, reset, silent): not a 404. */
  const breaksConnection = (value: unknown) =>
    (value as World).servers.some((server) => ["refused", "reset", "silent"].includes(server.unreachableAs ?? ""));

  for (const built of plan) {
    it(`${built.title}: the reference holds; one-failure-fails-all ${built.hazard === "failing-beside-healthy" ? "violates" : "holds"}; broken-connection-fails-all ${breaksConnection(built.value) ? "violates" : "holds"}`, async () => {
      const good = await replay("surface/one-failure-contained", built.value);
      expect(good.verdict, good.reason).toBe("pass");
      expect(good.outcome?.judged).toContain(built.hazard);
      const bad = await replay("surface/one-failure-contained", built.value, "one-failure-fails-all");
      expect(bad.verdict, bad.reason).toBe(built.hazard === "failing-beside-healthy" ? "violated" : "pass");
      // Issue 40: a refused or reset connection takes the group down where a 404 (the old unreachable) did not.
      const broken = await replay("surface/one-failure-contained", built.value, "broken-connection-fails-all");
      expect(broken.verdict, broken.reason).toBe(breaksConnection(built.value) ? "violated" : "pass");
    }, paced(30_000));
  }

  it("a world with no healthy server beside the failing one judges nothing", async () => {
    const [alone] = constructed(["list-error"]);
    const world = { servers: alone!.value.servers.slice(0, 1) };
    const result = await replay("surface/one-failure-contained", world, "one-failure-fails-all");
    expect(result.verdict).toBe("pass");
    expect(result.outcome?.judged).not.toContain("failing-beside-healthy");
  });
});

describe("diag/errors-name-server on failing servers", () => {
  for (const name of ["list-error", "unreachable"] as const) {
    it(`${name}: an error that names no server is caught; the reference's passes`, async () => {
      const world = structuredClone(hazardWorlds[name].world);
      const bad = await replay("diag/errors-name-server", world, "anonymous-errors");
      expect(bad.verdict, bad.reason).toBe("violated");
      const good = await replay("diag/errors-name-server", world);
      expect(good.verdict, good.reason).toBe("pass");
      // The whole-open refusal of one-failure-fails-all quotes the failing server: named, so diag holds.
      const whole = await replay("diag/errors-name-server", world, "one-failure-fails-all");
      expect(whole.verdict, whole.reason).toBe("pass");
    }, paced(30_000));
  }
});
