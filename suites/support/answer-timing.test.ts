/**
 * What the timing clauses claim about answer order: a change only where the servers recorded one, among
 * the servers both sessions judged; a title that says what happened, and the script when that differed.
 */
import { describe, expect, it } from "vitest";
import { answeredAs, answerOrderChanged } from "./answer-timing.ts";

describe("answerOrderChanged", () => {
  const judged = new Set(["alpha", "beta", "gamma"]);

  it("is claimed only when two judged servers answered in another relative order the second time", () => {
    expect(answerOrderChanged(["alpha", "beta"], ["beta", "alpha"], judged)).toBe(true);
    expect(answerOrderChanged(["alpha", "beta"], ["alpha", "beta"], judged)).toBe(false);
    expect(answerOrderChanged(["alpha", "beta"], ["beta", "alpha"], new Set(["alpha"]))).toBe(false);
  });

  it("compares only servers that answered in both sessions: one missing from a session is no reordering", () => {
    expect(answerOrderChanged(["alpha", "beta", "gamma"], ["alpha", "gamma"], judged)).toBe(false);
    expect(answerOrderChanged(["gamma", "alpha"], ["beta", "alpha", "gamma"], judged)).toBe(true);
  });
});

describe("answeredAs", () => {
  it("names the recorded order, and the scripted one only when they differ", () => {
    expect(answeredAs(["alpha", "beta"], ["alpha", "beta"])).toBe('answering in the order ["alpha", "beta"]');
    expect(answeredAs(["alpha", "beta"], ["beta", "alpha"])).toBe('answering in the order ["alpha", "beta"] (scripted: ["beta", "alpha"])');
  });
});
