import { describe, expect, it } from "vitest";
import { caseFacts, joinOf } from "./defect-facts.ts";
import { failing, finding, reportOf, server } from "./defect-fixtures.ts";
import { groupDefects } from "./group-defects.ts";

describe("joinOf", () => {
  it("reads the key where it stands as a word of its own", () => {
    expect(joinOf("mcp__alpha__search", "alpha", "search")).toBe("mcp__{key}__{tool}");
    expect(joinOf("alpha-search", "alpha", "search")).toBe("{key}-{tool}");
    expect(joinOf("alphasearch", "alpha", "search")).toBe("{key}{tool}");
  });

  it("takes a random label that happens to hold a short key for a label, not the key", () => {
    // The random-label one-bug host's `mcp__xoclaz__request` for key "a": the key's letter inside the label is chance.
    expect(joinOf("mcp__xoclaz__request", "a", "request")).toBe("mcp__{label}__{tool}");
    expect(joinOf("mcp__xocl_a__request", "a", "request")).toBe("mcp__xocl_{key}__{tool}");
  });
});

describe("names stripped of what is outside ASCII", () => {
  const tool = (name: string, shown: string) => [shown, "alpha", name] as [string, string, string];
  // Stripped from the end, each shown name is a prefix of its own: today's code read three cuts of three lengths.
  const twins = finding(8, [server("alpha", ["search_查询", "search_搜索", "request"])], [{ shown: [tool("search_查询", "mcp__alpha__search_"), tool("search_搜索", "mcp__alpha__search_"), tool("request", "mcp__alpha__request")] }]);
  const scripts = finding(11, [server("alpha", ["поиск", "poisk", "café"])], [{ shown: [tool("поиск", "mcp__alpha__"), tool("poisk", "mcp__alpha__poisk"), tool("café", "mcp__alpha__caf")] }]);

  it("is read as the strip, never as a cut", () => {
    const facts = caseFacts(scripts.evidence!).map((fact) => fact.key);
    expect(facts).toContain("stripped:non-ascii");
    expect(facts.filter((key) => key.startsWith("cut:"))).toEqual([]);
  });

  it("is one defect across worlds, whatever length each name came to", () => {
    const report = reportOf([failing("wire/passthrough", [twins]), failing("names/injective", [twins]), failing("names/profile", [scripts])]);
    expect(groupDefects(report).defects.map((d) => [d.title.split(":")[0], d.violations.length])).toEqual([["strips the characters outside ASCII from names", 3]]);
  });

  it("leaves a name cut at a length a cut", () => {
    const long = `tool_${"x".repeat(70)}`;
    const cut = finding(2, [server("alpha", [long])], [{ shown: [tool(long, `mcp__alpha__${long}`.slice(0, 64))] }]);
    expect(caseFacts(cut.evidence!).map((fact) => fact.key)).toEqual(["cut:64"]);
  });
});

describe("a tool under a new label after a refresh", () => {
  const world = [server("alpha", ["request"]), server("delta", ["query"])];
  const labelled = (alpha: string, delta: string) => [[`mcp__${alpha}__request`, "alpha", "request"], [`mcp__${delta}__query`, "delta", "query"]] as Array<[string, string, string]>;

  it("is read pair by pair, under the one join mcp__{label}__{tool}", () => {
    const drift = finding(1, world, [{ shown: labelled("hzfcdt", "pbfxeh"), refreshed: { server: "alpha", shown: labelled("rletfb", "duqpde") } }]);
    expect(caseFacts(drift.evidence!).find((fact) => fact.kind === "renamed")).toEqual({
      kind: "renamed", key: "renamed:label", text: "shows one tool under another label on another list of one configuration (mcp__{label}__{tool})",
    });
  });

  it("joins the non-determinism defect when two identical opens showed it too", () => {
    // Today's code: the refresh findings were a defect each, titled by what they showed.
    const report = reportOf([
      failing("names/deterministic", [finding(1, world, [{ shown: labelled("ab", "cd") }, { shown: labelled("ef", "gh") }])]),
      failing("drift/refresh-tracks-list", [
        finding(1, world, [{ shown: labelled("ij", "kl"), refreshed: { server: "alpha", shown: labelled("mn", "op") } }]),
        finding(2, world, [{ shown: labelled("qr", "st"), refreshed: { server: "alpha", shown: labelled("uv", "wx") } }]),
      ]),
    ]);
    const { defects } = groupDefects(report);
    expect(defects.map((d) => [d.cause, d.violations.map((v) => `${v.clause}#${v.case}`)])).toEqual([
      ["non-deterministic", ["names/deterministic#1", "drift/refresh-tracks-list#1", "drift/refresh-tracks-list#2"]],
    ]);
  });

  it("stays a defect of its own on a host whose identical opens agree", () => {
    const report = reportOf([
      failing("drift/refresh-tracks-list", [finding(1, world, [{ shown: labelled("ij", "kl"), refreshed: { server: "alpha", shown: labelled("mn", "op") } }])]),
    ]);
    expect(groupDefects(report).defects.map((d) => d.title.split(":")[0])).toEqual(["shows one tool under another label on another list of one configuration (mcp__{label}__{tool})"]);
  });
});

describe("a join in a reader's words", () => {
  it("says the bare name, not {tool}, wherever a fact names the join", () => {
    const clash = finding(1, [server("alpha", ["request"]), server("beta", ["request"])], [{ shown: [["request", "beta", "request"]] }]);
    const report = reportOf([failing("surface/no-silent-loss", [clash]), failing("names/profile", [clash])]);
    const titles = groupDefects(report).defects.map((d) => d.title.split(":")[0]);
    expect(titles).toEqual(["loses a tool to another server's tool of the same bare name", "names every tool by its bare name, not mcp__{key}__{tool}"]);
    expect(titles.join(" ")).not.toContain("{tool} another");
  });
});
