import { describe, expect, it } from "vitest";
import { collisionsOf } from "./collisions.ts";
import type { ReportServer } from "./report-model.ts";

const server = (key: string, tools: string[]): ReportServer => ({ key, tools, serverInfo: { name: key, version: "1" } });

describe("collisionsOf", () => {
  it("flags a name two servers advertise, and not a lone one", () => {
    const found = collisionsOf([server("alpha", ["search", "fetch"]), server("beta", ["search"])]);
    expect(found.tool(0, "search")).toEqual(['also advertised by "beta"']);
    expect(found.tool(1, "search")).toEqual(['also advertised by "alpha"']);
    expect(found.tool(0, "fetch")).toEqual([]);
    expect(found.any).toBe(true);
  });

  it("flags names that meet under a naive join", () => {
    const found = collisionsOf([server("a_b", ["c"]), server("a", ["b_c"])]);
    expect(found.tool(0, "c").join()).toContain("{key}_{tool}");
    expect(found.tool(1, "b_c").join()).toContain("{key}_{tool}");
  });

  it("flags case clashes, shortened clashes and sanitising keys", () => {
    const long = "x".repeat(60);
    const found = collisionsOf([server("Store", ["Search", `${long}a`, `${long}b`]), server("store", ["search"])]);
    expect(found.tool(0, "Search").join()).toContain("only in case");
    expect(found.tool(0, `${long}a`).join()).toContain("cut to 64");
    expect(found.tool(0, `${long}b`).join()).toContain("cut to 64");
    expect(found.key(0).join()).toContain("only in case");
    expect(collisionsOf([server("store.refunds", []), server("store refunds", [])]).key(1).join()).toContain("sanitises");
  });

  it("finds nothing in a world without collisions", () => {
    expect(collisionsOf([server("alpha", ["a"]), server("beta", ["b"])]).any).toBe(false);
  });
});
