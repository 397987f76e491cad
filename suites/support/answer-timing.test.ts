/**
 * What the timing clauses claim about answer order: a change only where the servers recorded one, among
 * the servers both sessions judged; a title that says what happened, and the script when that differed.
 */
import { describe, expect, it } from "vitest";
import type { SessionObservation } from "../../harness/index.ts";
import { answeredAs, answerOrderChanged, orderExercised } from "./answer-timing.ts";

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

describe("orderExercised", () => {
  const session = (answerOrder: string[], listedOneAtATime?: boolean, askedAfterWait?: string[]) =>
    ({ answerOrder, ...(listedOneAtATime === undefined ? {} : { listedOneAtATime }), ...(askedAfterWait === undefined ? {} : { askedAfterWait }) }) as SessionObservation;
  const both = new Set(["alpha", "beta"]);

  it("claims a change the servers recorded, with no note", () => {
    expect(orderExercised(session(["alpha", "beta"], false), session(["beta", "alpha"], false), both)).toEqual({ judged: ["answer-order-changed", "answer-order-exercised"] });
  });

  it("claims the host's own fixed order only when the records show it waiting: no two lists at once, and a server left unasked while the answer waited for it", () => {
    const fixed = orderExercised(session(["alpha", "beta"], true), session(["alpha", "beta"], true, ["beta"]), both);
    expect(fixed.judged).toEqual(["lists-one-at-a-time", "answer-order-exercised"]);
    expect(fixed.note).toMatch(/one at a time/);
    expect(orderExercised(session(["alpha", "beta"], true, ["beta"]), session(["alpha", "beta"], false), both)).toEqual({ judged: [] });
    expect(orderExercised(session(["alpha", "beta"]), session(["alpha", "beta"]), both)).toEqual({ judged: [] });
    // A server both sessions did not judge is no evidence about the ones they did.
    expect(orderExercised(session(["alpha", "beta"], true, ["gamma"]), session(["alpha", "beta"], true), both)).toEqual({ judged: [] });
  });

  it("never says a host lists one at a time because no two lists happened to be outstanding at once (issue 43: Inngest AgentKit, Promise.all)", () => {
    // A host asking every server at once, whose first-asked server was also scripted to answer first: its answer
    // went out before the next request came, in both sessions, and no wait for an unasked server ran out.
    expect(orderExercised(session(["alpha", "beta"], true, []), session(["alpha", "beta"], true, []), both)).toEqual({ judged: [] });
  });
});
