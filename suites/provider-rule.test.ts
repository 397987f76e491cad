/**
 * names/provider-valid says which provider rule it held the names to, in every verdict: a pass under the
 * default rule says nothing about Gemini's, so the reason of a pass, and the expected and observed text of a
 * failure, name the profile and its pattern. The gemini profile is Google's function-declaration rule.
 */
import { describe, expect, it } from "vitest";
import { inProcessLauncher, namingProfile, replayCase, runClauses, worldOf, paced } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { clauses } from "./index.ts";

const providerValid = clauses.find((clause) => clause.id === "names/provider-valid")!;
const run = (host: string | undefined, profile?: string) =>
  runClauses({ clauses: [providerValid], launcher: inProcessLauncher(() => createHost(host)), seed: 3, runs: 1, transport: "memory", profile });

describe("names/provider-valid names the rule it checked", () => {
  it("says in a pass which profile and pattern every shown name was checked against", async () => {
    const [byDefault] = (await run(undefined)).clauses;
    expect(byDefault!.status).toBe("pass");
    expect(byDefault!.reason).toContain("every shown name checked against profile default, /^[A-Za-z0-9_-]{1,64}$/");
    const [byGemini] = (await run(undefined, "gemini")).clauses;
    expect(byGemini!.status).toBe("pass");
    expect(byGemini!.reason).toContain("profile gemini, /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/");
  }, paced(30_000));

  it("says in a failure which rule refused which name", async () => {
    const [failed] = (await run("unchecked-names", "gemini")).clauses;
    expect(failed!.status).toBe("fail");
    expect(failed!.expected).toContain("profile gemini, /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/");
    expect(failed!.observed).toMatch(/which profile gemini, \/\^\[A-Za-z_\]\[A-Za-z0-9_\.:-\]\{0,63\}\$\/ refuses$/);
  }, paced(30_000));

  it("says it in a replayed case too", async () => {
    const replayed = await replayCase({ clause: providerValid, launcher: inProcessLauncher(() => createHost()), value: worldOf(["alpha", ["request"]]), transport: "memory", profile: "gemini" });
    expect(replayed.verdict).toBe("pass");
    expect(replayed.reason).toBe("the clause held (every shown name checked against profile gemini, /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/)");
  }, paced(30_000));
});

describe("the gemini profile", () => {
  it("is Google's function-declaration rule: a letter or _ first, then [A-Za-z0-9_.:-], at most 64", () => {
    const { pattern } = namingProfile("gemini");
    for (const name of ["search", "_private", "admin.tools.list", "ns:tool", "a-b", "x".repeat(64)]) expect(pattern.test(name), name).toBe(true);
    for (const name of ["", "1tool", "-tool", ".tool", "a/b", "a b", "x".repeat(65), "ｓｅａｒｃｈ"]) expect(pattern.test(name), name).toBe(false);
  });
});
