/** Which cases a host-wide cause confounds, and how a clause's reason tells it. */
import { describe, expect, it } from "vitest";
import { ConfoundTally, failedAsClean } from "./confounds.ts";

describe("failedAsClean", () => {
  const error = "Cannot read properties of undefined (reading '_zod')";
  const clean = { messages: [error] };
  const same = (text: string) => text;
  const failed = { registered: { alpha: [], beta: [] }, errors: [{ message: error }] };

  it("holds only when every open of a case failed whole with the clean world's error", () => {
    expect(failedAsClean([failed, failed], clean, same)).toBe(true);
    // Another error, an error naming a server, something registered, an adapter that threw, no open at all: judged as usual.
    expect(failedAsClean([failed, { ...failed, errors: [{ message: "another error" }] }], clean, same)).toBe(false);
    expect(failedAsClean([{ ...failed, errors: [{ server: "alpha", message: error }] }], clean, same)).toBe(false);
    expect(failedAsClean([{ ...failed, registered: { alpha: ["mcp__alpha__request"], beta: [] } }], clean, same)).toBe(false);
    expect(failedAsClean([failed, undefined], clean, same)).toBe(false);
    expect(failedAsClean([], clean, same)).toBe(false);
  });

  it("compares messages as a case transcript states them (this case's server addresses replaced)", () => {
    const stable = (text: string) => text.replace(/127\.0\.0\.1:\d+/g, "127.0.0.1:<port>");
    const at = (port: number) => ({ ...failed, errors: [{ message: `fetch failed: 127.0.0.1:${port}` }] });
    expect(failedAsClean([at(4001), at(4002)], { messages: ["fetch failed: 127.0.0.1:<port>"] }, stable)).toBe(true);
  });
});

describe("ConfoundTally", () => {
  const noise = { cause: "non-deterministic" as const, clause: "names/deterministic", detail: "two opens of the same configuration [\"alpha\"] showed \"request\" of \"alpha\" as \"a\", then as \"b\"" };

  it("groups cases by cause, and names the cause once in an INCONCLUSIVE reason when it explains every case", () => {
    const tally = new ConfoundTally();
    tally.record(1, noise);
    tally.record(3, noise);
    expect(tally.field()).toEqual({ confounds: [{ cause: "non-deterministic", clause: "names/deterministic", cases: [1, 3], detail: noise.detail }] });
    expect(tally.explainsAll(2)).toBe(true);
    expect(tally.explainsAll(3)).toBe(false);
    expect(tally.inconclusive(["exact-duplicate"], 2)).toBe(
      `confounded in all 2 case(s) by non-determinism (two identical opens differed; see names/deterministic): ${noise.detail}; no case judged its hazard, so these situations were never judged: exact-duplicate`,
    );
    expect(tally.suffix()).toBe("; 2 case(s) confounded by non-determinism (two identical opens differed; see names/deterministic), judged on the others");
  });

  it("adds nothing where no case was confounded", () => {
    const tally = new ConfoundTally();
    expect(tally.field()).toEqual({});
    expect(tally.suffix()).toBe("");
    expect(tally.explainsAll(0)).toBe(false);
  });
});
