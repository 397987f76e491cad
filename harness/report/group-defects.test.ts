import { describe, expect, it } from "vitest";
import { duplicate, failing, finding, reportOf, server, twiceToAlpha } from "./test-support/defect-fixtures.ts";
import { groupDefects, withDefects } from "./group-defects.ts";
import { ReportSchema } from "./report-model.ts";

describe("groupDefects", () => {
  it("one behaviour seen through five clauses, each telling its own story, is one defect", () => {
    const report = reportOf([
      failing("order/config-permutation", [finding(1, duplicate, [twiceToAlpha], "the surface changed for every order")]),
      failing("wire/passthrough", [finding(1, duplicate, [twiceToAlpha], "delivered to the wrong server")]),
      failing("wire/no-cross-routing", [finding(1, duplicate, [twiceToAlpha], "reached another server")]),
      // It made no call: nothing it saw disagrees with the others.
      failing("names/injective", [finding(1, duplicate, [{ shown: twiceToAlpha.shown }], "one name for two pairs")]),
      failing("names/profile", [finding(2, duplicate, [twiceToAlpha], "not the expected name")]),
    ]);
    const { defects, clauses } = groupDefects(report);
    // The profile's failure is the join itself (bare names), another behaviour than the name shown twice.
    expect(defects).toHaveLength(2);
    expect(defects[1]!.title).toMatch(/^names every tool by its bare name, not mcp__\{key\}__\{tool\}: /);
    expect(defects[1]!.violations.map((v) => v.clause)).toEqual(["names/profile"]);
    const [defect] = defects;
    expect(defect!.id).toBe("D1");
    expect(defect!.cause).toBe("behaviour");
    expect(defect!.violations.map((v) => `${v.clause}#${v.case}`)).toEqual([
      "order/config-permutation#1", "wire/passthrough#1", "wire/no-cross-routing#1", "names/injective#1",
    ]);
    // Told from the records, in the harness's words, never in a clause's.
    expect(defect!.title).toBe(`shows one name for several tools (bare names): shows "request" 2 times (for "alpha" / "request", "beta" / "request"); a call of "request" reached "alpha" / "request"`);
    expect(defect!.title).not.toMatch(/story|changed|wrong/);
    expect(defect!.violations[1]!.how).toBe("expected expected delivered to the wrong server; observed observed delivered to the wrong server");
    expect(defect!.repro).toBe("npx mcp-collide run --clause X --seed 1 --path 0");
    expect(clauses.flatMap((clause) => clause.findings ?? []).map((f) => f.defect)).toEqual(["D1", "D1", "D1", "D1", "D2"]);
  });

  it("two behaviours in one clause are two defects; one name shown for two tools is one, wherever its calls went", () => {
    const lost = [server("alpha", ["", "request"])];
    const report = reportOf([
      failing("wire/passthrough", [
        finding(1, duplicate, [twiceToAlpha]),
        finding(2, lost, [{ shown: [["request", "alpha", "request"]] }]),
      ]),
      failing("wire/no-cross-routing", [finding(1, duplicate, [{ ...twiceToAlpha, calls: [["request", ["beta", "request"]]] }])]),
    ]);
    const { defects, clauses } = groupDefects(report);
    expect(defects.map((d) => d.violations.map((v) => `${v.clause}#${v.case}`))).toEqual([
      ["wire/passthrough#1", "wire/no-cross-routing#1"], ["wire/passthrough#2"],
    ]);
    expect(defects[1]!.title).toBe(`drops a tool whose name a provider's rule refuses: does not show "" of "alpha", and no error names "alpha"`);
    expect(clauses[0]!.findings!.map((f) => f.defect)).toEqual(["D1", "D2"]);
  });

  it("a clause that showed the same names but no error for a world where another's errors named a server is another defect", () => {
    const report = reportOf([
      failing("surface/no-silent-loss", [finding(1, duplicate, [{ shown: [["request", "beta", "request"]] }])]),
      failing("surface/failing-server-named", [finding(1, duplicate, [{ shown: [["request", "beta", "request"]], errors: [{ server: "alpha", message: "clash" }] }])]),
    ]);
    expect(groupDefects(report).defects).toHaveLength(2);
  });

  it("one cause across worlds is one defect, its smallest world first: a tool lost to the host's own join", () => {
    // {key}-{tool}: alpha-b's c and alpha's b-c meet on alpha-b-c, on the clash world and on a bigger one.
    const clash = [server("alpha-b", ["c"]), server("alpha", ["b-c"])];
    const bigger = [server("alpha-b", ["c"]), server("alpha", ["b-c", "x"])];
    const shown = (extra: Array<[string, string, string]>) => ({ shown: [["alpha-b-c", "alpha-b", "c"] as [string, string, string], ...extra] });
    const report = reportOf([
      failing("surface/no-silent-loss", [finding(1, clash, [shown([])])]),
      failing("surface/all-or-nothing", [finding(4, bigger, [shown([["alpha-x", "alpha", "x"]])])], { level: "SHOULD" }),
      failing("names/profile", [finding(1, [server("alpha", ["request"])], [{ shown: [["alpha-request", "alpha", "request"]] }]), finding(2, bigger, [shown([["alpha-x", "alpha", "x"]])])]),
    ]);
    const { defects } = groupDefects(report);
    expect(defects.map((d) => [d.title.split(":")[0], d.violations.map((v) => `${v.clause}#${v.case}`)])).toEqual([
      ["loses a tool to another server's tool of the same name under its join {key}-{tool}", ["surface/no-silent-loss#1", "surface/all-or-nothing#4"]],
      ["names every tool {key}-{tool}, not mcp__{key}__{tool}", ["names/profile#1", "names/profile#2"]],
    ]);
    expect(defects[0]!.world?.servers.map((s) => s.key)).toEqual(["alpha-b", "alpha"]);
    expect(defects[0]!.world?.servers[1]!.tools).toEqual(["b-c"]);
  });

  it("two bugs are never one defect: a tool lost to a join clash and another lost to a 64-character cut", () => {
    const long = (n: number) => `tool_${"x".repeat(60)}${n}`;
    const clash = [server("alpha-b", ["c"]), server("alpha", ["b-c"])];
    const cut = [server("alpha", [long(1), long(2), "d"])];
    const report = reportOf([
      failing("surface/no-silent-loss", [
        finding(1, clash, [{ shown: [["alpha-b-c", "alpha-b", "c"]] }]),
        finding(2, cut, [{ shown: [[`alpha-${long(2)}`.slice(0, 64), "alpha", long(2)], ["alpha-d", "alpha", "d"]] }]),
      ]),
    ]);
    const { defects } = groupDefects(report);
    expect(defects.map((d) => d.title.split(":")[0])).toEqual(["loses a tool to another server's tool of the same name under its join {key}-{tool}", "cuts names to their first 64 characters"]);
  });

  it("puts the worst first, then the first clause in catalogue order, and numbers them so", () => {
    const broken = { ...finding(1, duplicate, [twiceToAlpha]), status: "error" as const, error: { kind: "crash", message: "exited 1", stderrTail: "" } };
    const report = reportOf([
      failing("surface/all-or-nothing", [finding(3, [server("a", ["x"])], [{ shown: [] }], "warned", "warn")]),
      failing("wire/passthrough", [finding(1, duplicate, [twiceToAlpha])]),
      failing("names/injective", [broken]),
    ]);
    const { defects } = groupDefects(report);
    expect(defects.map((d) => [d.id, d.status, d.cause, d.violations[0]!.clause])).toEqual([
      ["D1", "error", "broke", "names/injective"], ["D2", "fail", "behaviour", "wire/passthrough"], ["D3", "warn", "behaviour", "surface/all-or-nothing"],
    ]);
    expect(defects[0]!.title).toBe("the host broke (crash: exited 1)");
  });

  it("reads an older report with no findings from each clause's top-level fields", () => {
    const withFindings = reportOf([
      failing("wire/passthrough", [finding(4, duplicate, [twiceToAlpha])]),
      failing("wire/no-cross-routing", [finding(2, duplicate, [twiceToAlpha])]),
    ]);
    const older = { ...withFindings, clauses: withFindings.clauses.map(({ findings: _f, ...clause }) => clause) };
    const { defects, clauses } = groupDefects(older);
    expect(defects).toHaveLength(1);
    expect(defects[0]!.violations.map((v) => v.case)).toEqual([4, 2]);
    expect(clauses.every((clause) => clause.findings === undefined)).toBe(true);
  });

  it("a host that never started is one defect, however many clauses it broke", () => {
    const broken = (id: string) => failing(id, [], { status: "error", reason: "the host could not be started: spawn ENOENT", cases: 0, error: { kind: "crash", message: "spawn ENOENT", stderrTail: "" } });
    const { defects } = groupDefects(reportOf([broken("wire/passthrough"), broken("names/injective"), broken("guard/every-shape")], { hostStartError: "spawn ENOENT" }));
    expect(defects).toHaveLength(1);
    expect(defects[0]).toMatchObject({ status: "error", cause: "broke", title: "the host broke (crash: spawn ENOENT)" });
    expect(defects[0]!.violations.map((v) => [v.clause, v.case])).toEqual([["wire/passthrough", 0], ["names/injective", 0], ["guard/every-shape", 0]]);
  });
});

describe("host-wide causes", () => {
  const renamed = (id: string) => [["tool_" + id + "_request", "alpha", "request"]] as Array<[string, string, string]>;
  const world = [server("alpha", ["request"])];

  it("names that change between identical opens are one defect, taking the findings and confounds they explain", () => {
    const deterministic = finding(1, world, [{ shown: renamed("ab12") }, { shown: renamed("cd34") }], "the names changed");
    const report = reportOf([
      failing("order/config-permutation", [finding(2, world, [{ shown: renamed("ef56") }], "the surface changed for every order")], {
        confounds: [{ cause: "non-deterministic", clause: "names/deterministic", cases: [2], detail: "two identical opens differed" }],
      }),
      failing("names/label-from-config", [], { status: "inconclusive", confounds: [{ cause: "non-deterministic", clause: "names/deterministic", cases: [1, 2], detail: "two identical opens differed" }] }),
      failing("names/deterministic", [deterministic]),
      failing("wire/passthrough", [finding(1, duplicate, [twiceToAlpha])]),
    ]);
    const { defects, clauses } = groupDefects(report);
    expect(defects.map((d) => d.cause)).toEqual(["non-deterministic", "behaviour"]);
    const [nonDeterministic] = defects;
    expect(nonDeterministic!.violations.map((v) => v.clause)).toEqual(["order/config-permutation", "names/deterministic"]);
    expect(nonDeterministic!.confounds).toEqual(["order/config-permutation", "names/label-from-config"]);
    expect(nonDeterministic!.title).toBe(`shows other names on two identical opens of one configuration: "[\\"tool_ab12_request\\"]" then "[\\"tool_cd34_request\\"]"`);
    expect(clauses[0]!.findings![0]!.defect).toBe("D1");
  });

  it("a host that fails every open is one defect, pointing at the clauses it kept from judging", () => {
    const confound = { cause: "every-open-fails" as const, cases: [1, 2, 3], detail: "open: error \"zod version mismatch\"" };
    const report = reportOf([
      failing("order/config-permutation", [], { status: "inconclusive", confounds: [confound] }),
      failing("wire/passthrough", [], { status: "inconclusive", confounds: [confound] }),
    ]);
    const { defects } = groupDefects(report);
    expect(defects).toEqual([expect.objectContaining({
      id: "D1", status: "error", cause: "every-open-fails", violations: [], confounds: ["order/config-permutation", "wire/passthrough"],
      title: `every open fails, a clean world's too: open: error "zod version mismatch"`,
    })]);
  });

  it("a charged poisoning is one defect with the sessionPoisoning entries it stands on", () => {
    const charge = failing("lifecycle/sessions-independent", [], {
      status: "fail", reason: "violated in the run: 1 case(s) of other clauses failed only after an earlier case on the same host process (reproduced on fresh processes)",
      expected: "each session's surface the same", observed: "case 2 of names/injective failed after case 1 of wire/at-most-once",
    });
    const report = reportOf([failing("wire/passthrough", [finding(1, duplicate, [twiceToAlpha])]), charge], {
      sessionPoisoning: [{ victim: { clause: "names/injective", case: 2 }, poisoner: { clause: "wire/at-most-once", case: 1 }, expected: "the same surface", observed: "process poisoned" }],
    });
    const { defects } = groupDefects(report);
    expect(defects.map((d) => [d.cause, d.violations.map((v) => v.clause)])).toEqual([
      ["behaviour", ["wire/passthrough"]], ["poisoned-process", ["lifecycle/sessions-independent"]],
    ]);
    expect(defects[1]!.title).toBe("a host process that served case 1 of wire/at-most-once then fails case 2 of names/injective");
  });
});

describe("withDefects", () => {
  it("puts the defects before the clauses, validates, and gives the same result when run again", () => {
    const report = reportOf([failing("wire/passthrough", [finding(1, duplicate, [twiceToAlpha])])]);
    const grouped = withDefects(report);
    const keys = Object.keys(grouped);
    expect(keys.indexOf("defects")).toBe(keys.indexOf("clauses") - 1);
    expect(ReportSchema.parse(grouped).defects).toHaveLength(1);
    expect(withDefects(grouped)).toEqual(grouped);
    expect(withDefects(reportOf([])).defects).toEqual([]);
  });
});
