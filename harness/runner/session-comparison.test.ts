import { describe, expect, it } from "vitest";
import type { MessageRecord } from "../../fake-servers/index.ts";
import { sessionComparison } from "./session-comparison.ts";
import type { SessionObservation } from "./session-observation.ts";

/** A session that showed `shown` (name → the server whose tool `search` its call reached), with `errors`. */
function session(shown: Record<string, string | undefined>, errors: SessionObservation["open"]["outcome"]["errors"] = []): SessionObservation {
  const names = Object.keys(shown);
  return {
    open: { session: "s", outcome: { registered: {}, errors }, diagnostics: [] },
    tools: names.map((name) => ({ name })),
    probes: names.map((name) => ({
      name, arguments: {}, result: { ok: true, content: [] },
      deliveries: shown[name] === undefined ? [] : [{ server: shown[name]!, method: "tools/call", tool: "search", connection: 1 } as MessageRecord],
    })),
    unknown: [], records: [], answerOrder: [],
  } as SessionObservation;
}

describe("sessionComparison", () => {
  it("lays both sessions side by side: every name shown in either, where each call went, the errors", () => {
    const comparison = sessionComparison(
      ["configured as [\"a\", \"b\"]", "configured as [\"b\", \"a\"]"],
      [session({ search: "a", b_search: "b" }), session({ search: "b", lost: undefined }, [{ server: "a", message: "dropped" }])],
      ["a", "b"],
    );
    expect(comparison).toEqual({
      titles: ["configured as [\"a\", \"b\"]", "configured as [\"b\", \"a\"]"],
      rows: [
        { shown: "b_search", routes: ['"b" / "search"', null] },
        { shown: "lost", routes: [null, "?"] },
        { shown: "search", routes: ['"a" / "search"', '"b" / "search"'] },
      ],
      errors: ["no server named", 'named "a"'],
    });
  });

  it("says when an open failed as a whole", () => {
    expect(sessionComparison(["x", "y"], [session({}, [{ message: "duplicate names" }]), session({})], ["a"]).errors).toEqual(["the whole open failed", "no server named"]);
  });
});
