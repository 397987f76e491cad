import { describe, expect, it } from "vitest";
import { toolErrorText } from "../../fake-servers/index.ts";
import { caseFacts, joinOf } from "./defect-facts.ts";
import { failing, finding, over, reportOf, server, type SessionSpec } from "./test-support/defect-fixtures.ts";
import { groupDefects } from "./group-defects.ts";
import type { EvidenceStep, Finding } from "./report-model.ts";
import { found, list, open, received, tools, world, type Servers } from "./test-support/step-fixtures.ts";

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

describe("two configured servers of one target reached as one", () => {
  const world = [server("alpha", ["request"]), server("beta", ["search"])];
  // The host connected twice to alpha's target, once per key, and showed alpha's tool under beta's key too.
  const confused = (key = "beta"): SessionSpec => ({
    shown: [["mcp__alpha__request", "alpha", "request"], [`mcp__${key}__request`, "alpha", "request"]],
    calls: [[`mcp__${key}__request`, ["alpha", "request"]]], sentTo: { [key]: "alpha" },
  });
  const clean = finding(3, world, [confused()]);
  const other = finding(5, [server("alpha", ["request"]), server("delta", ["get_logs"])], [confused("delta")]);
  // alpha resets every connection, so neither received anything; the host named beta as failed with alpha.
  const down = (failure: string) => [{ ...server("alpha", ["request"]), unreachable: true, failure }, server("beta", ["search"])];
  const refusedAsAlpha: SessionSpec = { shown: [], errors: [{ server: "alpha", message: "alpha: fetch failed" }, { server: "beta", message: "beta: fetch failed" }], sentTo: { alpha: null, beta: null } };
  const reset = finding(9, down("reset"), [refusedAsAlpha]);

  it("is read where a healthy server received nothing and another of its target took its traffic", () => {
    // Today's code read only the loss: `loses a tool named "search"`.
    expect(caseFacts(clean.evidence!)[0]?.key).toBe("target:origin");
    expect(caseFacts(over("stdio", clean).evidence!)[0]).toEqual({ kind: "target", key: "target:command", text: "reaches two configured stdio servers of one command and arguments as one" });
    // Two connections to alpha for one open, nothing shown under beta's key: still alpha took beta's traffic.
    const unlabelled = finding(3, world, [{ shown: [["mcp__alpha__request", "alpha", "request"]], sentTo: { beta: "alpha" } }]);
    expect(caseFacts(unlabelled.evidence!)[0]?.key).toBe("target:origin");
  });

  it("is one defect with the losses and the refused opens it causes", () => {
    // Today's code: three defects (two losses by the lost tool's name, one whole open refused).
    const report = reportOf([
      failing("surface/one-failure-contained", [reset, finding(10, down("silent"), [refusedAsAlpha])], { level: "SHOULD" }),
      failing("wire/identity-by-key", [clean, other]),
    ]);
    expect(groupDefects(report).defects.map((d) => [d.title.split(":")[0], d.violations.map((v) => `${v.clause}#${v.case}`)])).toEqual([
      ["reaches two configured HTTP servers of one origin as one", ["wire/identity-by-key#3", "surface/one-failure-contained#9", "surface/one-failure-contained#10", "wire/identity-by-key#5"]],
    ]);
  });

  it("is not read where the server was refused, skipped, or has a target of its own", () => {
    const keys = (found: ReturnType<typeof finding>) => caseFacts(found.evidence!).map((fact) => fact.key);
    // The host refused beta, naming it: its own error, not a confusion.
    expect(keys(finding(1, world, [{ shown: [["mcp__alpha__request", "alpha", "request"]], errors: [{ server: "beta", message: "beta refused" }], sentTo: { beta: null } }]))).not.toContain("target:origin");
    // The host never started beta and showed nothing for it: a loss, no second connection to alpha.
    expect(keys(finding(1, world, [{ shown: [["mcp__alpha__request", "alpha", "request"]], sentTo: { beta: null } }]))).toEqual(['lost:"search"']);
    // Over memory no two servers share a target.
    expect(keys(over("memory", clean))).not.toContain("target:origin");
    // A closed port is an origin of its own: beta's refusal beside it is the whole open's, with no other reading.
    const closed = caseFacts(finding(9, down("refused"), [refusedAsAlpha]).evidence!);
    expect(closed.find((fact) => fact.key === "lost:whole-open")?.or).toBeUndefined();
    expect(caseFacts(reset.evidence!).find((fact) => fact.key === "lost:whole-open")?.or?.map((fact) => fact.key)).toEqual(["target:origin"]);
  });

  it("leaves a refused open a refused open where no finding shows the servers reached as one", () => {
    const report = reportOf([failing("surface/one-failure-contained", [reset], { level: "SHOULD" })]);
    expect(groupDefects(report).defects.map((d) => d.title.split(":")[0])).toEqual(["refuses the whole open, the healthy servers' tools with it"]);
  });
});

describe("an error naming a server", () => {
  const world = [server("alpha", ["request"]), server("beta", ["search"])];
  const spec: SessionSpec = { shown: [["mcp__alpha__request", "alpha", "request"], ["mcp__beta__search", "beta", "search"]], errors: [{ server: "beta", message: "beta: prompts/list failed" }] };
  const keys = (contextErrors?: string[]) => {
    const evidence = finding(1, world, [spec]).evidence!;
    const step = evidence.steps[0]!;
    if (contextErrors && step.kind === "world") step.servers[1] = { ...step.servers[1]!, contextErrors };
    return caseFacts(evidence).map((fact) => fact.key);
  };

  it("names a server that loaded cleanly where nothing of it failed", () => {
    expect(keys()).toContain("error:healthy-server");
  });

  it("reads a server refused because another server's tool already holds its tool's name as that refusal", () => {
    // The MCP Python SDK's ClientSessionGroup: the second server's "request" raises, naming it, and none of its tools is shown.
    const clash = [server("alpha", ["request"]), server("beta", ["search", "request"])];
    const refused = finding(1, clash, [{ shown: [["request", "alpha", "request"]], errors: [{ server: "beta", message: "{'request'} already exist in group tools." }] }]);
    const facts = caseFacts(refused.evidence!).map((fact) => fact.key);
    expect(facts).toContain("error:clash-refused");
    expect(facts).not.toContain("error:healthy-server");
    // A server named whose tools are shown is no such refusal.
    expect(keys()).not.toContain("error:clash-refused");
    // Nor one refused for something else, its error quoting no name the surface holds.
    const paged = finding(1, clash, [{ shown: [["request", "alpha", "request"]], errors: [{ server: "beta", message: "beta: its second page failed" }] }]);
    expect(caseFacts(paged.evidence!).map((fact) => fact.key)).toEqual(expect.arrayContaining(["error:healthy-server"]));
    expect(caseFacts(paged.evidence!).map((fact) => fact.key)).not.toContain("error:clash-refused");
  });

  it("reads each server one error names on its own", () => {
    const three = [server("alpha", ["request"]), server("empty", []), server("beta", ["search"])];
    const both = finding(1, three, [{ shown: [["request", "alpha", "request"], ["search", "beta", "search"]], errors: [{ message: "empty and beta: something" }] }]);
    const step = both.evidence!.steps.find((entry) => entry.kind === "host" && entry.method === "open");
    if (step?.kind === "host") step.answer = { outcome: { registered: {}, errors: [{ server: "empty", message: "empty: no tools" }, { server: "beta", message: "beta: odd" }] }, diagnostics: [] };
    expect(caseFacts(both.evidence!).map((fact) => fact.key)).toEqual(expect.arrayContaining(["error:empty-server", "error:healthy-server"]));
  });

  it("names no such server where the server's prompt or resource list answered with an error, its tools loaded", () => {
    expect(keys(["prompts"])).not.toContain("error:healthy-server");
    expect(keys(["resources", "templates"])).not.toContain("error:healthy-server");
  });
});

describe("a tool error handed on as ordinary output", () => {
  const said = toolErrorText("alpha", "fail");
  // A call of alpha's "fail" (which answers isError: true) the host answered ok, unmarked, with `content`.
  const handed = (number: number, content: unknown, isError?: boolean, servers = [server("alpha", ["request", "fail"])]) => {
    const made = finding(number, servers, [{ shown: servers.flatMap((s) => s.tools.map((tool) => [tool, s.key, tool] as [string, string, string])), calls: [["fail", ["alpha", "fail"]]] }]);
    const at = made.evidence!.steps.findIndex((step) => step.kind === "host" && step.method === "call");
    made.evidence!.steps[at] = { ...(made.evidence!.steps[at] as Extract<EvidenceStep, { kind: "host" }>), answer: { ok: true, content, ...(isError !== undefined ? { isError } : {}) } };
    return made;
  };
  const text = (value: string) => [{ type: "text", text: value }];
  const unmarked = "call:answered a tool error, which the host handed on as ordinary output";

  it("is read where the error's text comes nested in JSON the host wrote, as it is read where it comes plain", () => {
    // Old code: read only the plain text; a host that wrapped it (a list of content parts, {"error": ...}) was titled "showed 2: ...".
    for (const content of [text(said), text(JSON.stringify(text(said))), text(JSON.stringify({ error: said })), text(JSON.stringify([{ type: "input_text", text: "Output:" }, { type: "input_text", text: said }]))]) {
      expect(caseFacts(handed(1, content).evidence!).map((fact) => fact.key), JSON.stringify(content)).toContain(unmarked);
    }
    const report = reportOf([failing("wire/tool-error-reaches-model", [handed(1, text(JSON.stringify({ error: said }))), handed(3, text(JSON.stringify({ error: said })), undefined, [server("alpha", ["fail"])])])]);
    expect(groupDefects(report).defects.map((d) => [d.title.split(":")[0], d.violations.map((v) => v.case)])).toEqual([["a call of a shown tool answered a tool error, which the host handed on as ordinary output", [3, 1]]]);
  });

  it("is not read from a result marked isError, nor from output without the error's text; the title then says what was shown", () => {
    expect(caseFacts(handed(1, text(JSON.stringify({ error: said })), true).evidence!).map((fact) => fact.key)).not.toContain(unmarked);
    const other = handed(1, text(JSON.stringify({ error: "something else failed" })));
    expect(caseFacts(other.evidence!).map((fact) => fact.key)).not.toContain(unmarked);
    expect(groupDefects(reportOf([failing("wire/tool-error-reaches-model", [other])])).defects[0]!.title).toBe('showed 2: "request", "fail"; a call of "fail" reached "alpha" / "fail"');
  });
});

describe("a later list that shows nothing, with no error", () => {
  const pair = [server("alpha", ["request"]), server("delta", ["query"])];
  const both: SessionSpec["shown"] = [["request", "alpha", "request"], ["query", "delta", "query"]];
  const emptied = (number: number, refreshed: NonNullable<SessionSpec["refreshed"]>) => finding(number, pair, [{ shown: both, refreshed }]);

  it("is read after a refresh of one server, every server's tools gone, those not refreshed too", () => {
    // Old code: titled 'after refresh "alpha", does not show "query" of "delta", and no error names "delta"'.
    const report = reportOf([failing("drift/refresh-tracks-list", [emptied(3, { server: "alpha", shown: [] }), emptied(4, { server: "alpha", shown: [] })])]);
    expect(groupDefects(report).defects.map((d) => [d.title, d.violations.map((v) => v.case)])).toEqual([[
      'shows no tool at all on a later list, reporting no error, the tools of servers it was not asked to refresh gone too: after refresh "alpha", does not show "query" of "delta", and no error names "delta"', [3, 4],
    ]]);
  });

  it("is read on a later list no step came before where two servers' tools were shown, as on one after a refresh", () => {
    const later = (servers: Servers, errors: Array<{ server?: string; message: string }> = []) => found(3, servers, [
      world(1, servers), open(1, servers.map(([key]) => ({ key })), errors), tools(1, servers), tools(1, []), ...servers.map(([key]) => received(1, key, list())),
    ]);
    const two: Servers = [["alpha", ["request"]], ["delta", ["query"]]];
    expect(caseFacts(later(two).evidence!).map((fact) => fact.key)).toContain("refresh:emptied");
    // One server's tools gone may be that server's doing; an open that reported an error is not one that reported none.
    expect(caseFacts(later([["alpha", ["request", "search"]]]).evidence!).map((fact) => fact.key)).not.toContain("refresh:emptied");
    expect(caseFacts(later([...two, ["omega", []]], [{ server: "omega", message: "no tools" }]).evidence!).map((fact) => fact.key)).not.toContain("refresh:emptied");
  });

  it("is not read after a refresh of every server, nor where another server's tools are still shown", () => {
    const keys = (made: Finding) => caseFacts(made.evidence!).map((fact) => fact.key);
    expect(keys(emptied(1, { shown: [] }))).not.toContain("refresh:emptied");
    expect(keys(emptied(1, { server: "alpha", shown: [["query", "delta", "query"]] }))).not.toContain("refresh:emptied");
  });
});
