import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeTool } from "../world/tool-identity.ts";
import { builtinFindings } from "./builtin-tools.ts";
import { outcomeFindings, readShape, surfaceFindings } from "./findings.ts";

const tool = (name: string, server: string, wire: string) => ({ name, description: describeTool(server, wire) });
const mistakes = (findings: Array<{ level: string; message: string }>) => findings.filter((f) => f.level === "mistake").map((f) => f.message);

describe("check-adapter findings", () => {
  it("names each schema issue by its field and shows the value", () => {
    const { data, findings } = readShape("initialize", "result", z.object({ host: z.object({ name: z.string() }) }), { host: { name: 7 } });
    expect(data).toBeUndefined();
    expect(mistakes(findings)).toEqual([expect.stringMatching(/^result\.host\.name: .*string.* \(got 7\)$/)]);
  });

  it("wants every configured key in registered, and no other", () => {
    const findings = outcomeFindings("session/open", { registered: { alpha: [], "beta-server": [] }, errors: [] }, ["alpha", "beta"]);
    expect(mistakes(findings)).toEqual([
      expect.stringMatching(/no entry for "beta": list every configured key, with \[\]/),
      expect.stringMatching(/has "beta-server", which is not a configured key/),
    ]);
  });

  it("refuses an error blamed on a server that is not configured; notes one that names a key only in its message", () => {
    const findings = outcomeFindings("session/open", {
      registered: { alpha: [], beta: [] },
      // Since error attribution reads text only where it quotes the key, the bare "server beta" names nothing.
      errors: [{ server: "beta-server", message: "down" }, { message: 'server "beta" could not be reached' }, { message: "betamax failed" }, { message: "server beta is down" }],
    }, ["alpha", "beta"]);
    expect(mistakes(findings)).toEqual([expect.stringMatching(/errors\[0\]\.server is "beta-server"/)]);
    expect(findings.filter((f) => f.level === "note").map((f) => f.message)).toEqual([expect.stringMatching(/errors\[1\] has no "server" but its message names "beta"/)]);
  });

  it("holds registered to the tool list: nothing claimed unshown, nothing shown unclaimed or claimed for the wrong server", () => {
    const tools = [tool("mcp__alpha__search", "alpha", "search"), tool("mcp__beta__search", "beta", "search"), tool("mcp__beta__fetch", "beta", "fetch")];
    const outcome = { registered: { alpha: ["mcp__alpha__search", "mcp__beta__fetch"], beta: ["mcp__beta__search", "mcp__alpha__ghost"] }, errors: [] };
    expect(mistakes(surfaceFindings("session/open", outcome, tools))).toEqual([
      expect.stringMatching(/registered\["beta"\] lists "mcp__alpha__ghost", which session\/tools does not show/),
      expect.stringMatching(/lists "mcp__beta__fetch" under "alpha", but it comes from server "beta"/),
    ]);
    expect(mistakes(surfaceFindings("session/open", { registered: { alpha: ["mcp__alpha__search"], beta: [] }, errors: [] }, tools.slice(0, 2))))
      .toEqual([expect.stringMatching(/shows "mcp__beta__search", which outcome\.registered lists under no server: .*\(here "beta"\)/)]);
  });

  it("only notes a host that registers nothing for every key while showing tools (its API may not say)", () => {
    const findings = surfaceFindings("session/open", { registered: { alpha: [], beta: [] }, errors: [] }, [tool("mcp__alpha__search", "alpha", "search")]);
    expect(mistakes(findings)).toEqual([]);
    expect(findings).toEqual([expect.objectContaining({ level: "note", message: expect.stringMatching(/\[\] for every key while tools are shown/) })]);
  });

  it("accepts one name shown twice when each server registers it (duplicates are the host's doing, judged by a run)", () => {
    const tools = [tool("search", "alpha", "search"), tool("search", "beta", "search")];
    expect(mistakes(surfaceFindings("session/open", { registered: { alpha: ["search"], beta: ["search"] }, errors: [] }, tools))).toEqual([]);
  });

  it("a refused open registers nothing: one mistake when it still claims names, none when every key maps to []", () => {
    const refused = { errors: [{ message: "Duplicate tool names found across MCP servers" }] };
    expect(mistakes(surfaceFindings("session/open", { ...refused, registered: { alpha: ["search"], beta: [] } }, [])))
      .toEqual([expect.stringMatching(/failed as a whole .* claims tools for "alpha": a refused open registers nothing/)]);
    expect(surfaceFindings("session/open", { ...refused, registered: { alpha: [], beta: [] } }, [])).toEqual([]);
  });

  it("notes descriptions the adapter drops", () => {
    const findings = surfaceFindings("session/open", { registered: { alpha: ["x"] }, errors: [] }, [{ name: "x" }]);
    expect(findings).toEqual([expect.objectContaining({ level: "note", message: expect.stringMatching(/description of "x"/) })]);
  });

  it("expects each declared built-in shown, and says nothing of them where the host showed nothing at all", () => {
    const shown = [tool("mcp__alpha__search", "alpha", "search"), { name: "final_answer" }];
    expect(builtinFindings("session/open", shown, ["final_answer"])).toEqual([{ level: "ok", step: "session/open", message: expect.stringContaining('"final_answer" shown') }]);
    expect(mistakes(builtinFindings("session/open", shown, ["final_answer", "think"]))).toEqual([expect.stringMatching(/^capabilities\.builtinTools declares "think", which session\/tools does not show/)]);
    expect(builtinFindings("session/open", [], ["final_answer"])).toEqual([]);
    expect(builtinFindings("session/open", shown, [])).toEqual([]);
    // A declared built-in is the host's own: registered under no server is right for it, and for nothing else.
    const registered = { registered: { alpha: ["mcp__alpha__search"] }, errors: [] };
    expect(mistakes(surfaceFindings("session/open", registered, shown, ["final_answer"]))).toEqual([]);
    expect(mistakes(surfaceFindings("session/open", registered, shown))).toEqual([expect.stringMatching(/shows "final_answer", which outcome\.registered lists under no server: .*belongs in capabilities\.builtinTools instead$/)]);
  });
});
