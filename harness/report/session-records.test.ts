import { describe, expect, it } from "vitest";
import { errorsNameServer, sessionRecords } from "./session-records.ts";
import { open, refresh, tools, world } from "./test-support/step-fixtures.ts";

describe("a session's refreshes", () => {
  // A key holding a quote and a colon: the step's text quotes it, and no reader has to parse that text back.
  const odd = 'al"pha: x';
  const records = sessionRecords({
    omitted: 0,
    steps: [
      world(1, [[odd, ["request"]], ["beta", ["search"]]]),
      open(1, [{ key: odd }, { key: "beta" }]),
      tools(1, [[odd, ["request"]], ["beta", ["search"]]]),
      refresh(1, odd),
      refresh(1, undefined, [{ server: "beta", message: "beta: tools/list failed" }, { message: "something broke" }]),
      refresh(1, "beta", [{ server: odd, message: "nothing" }]),
    ],
  });
  const record = records[0]!;

  it("keeps each refresh's server, the servers its errors name and its outcome as fields, by the step's text", () => {
    expect(record.steps).toHaveLength(3);
    expect(record.steps.map((step) => record.refreshes.get(step))).toEqual([
      { server: odd, named: [], anonymous: false, outcome: "no error" },
      { named: ["beta"], anonymous: true, outcome: "errors" },
      { server: "beta", named: [odd], anonymous: false, outcome: "errors" },
    ]);
  });

  it("says whether any error of the session, its open's or a refresh's, names a server", () => {
    expect(errorsNameServer(record, "beta")).toBe(true);
    expect(errorsNameServer(record, odd)).toBe(true);
    expect(errorsNameServer(record, "gamma")).toBe(false);
  });
});

describe("a searching host's list at open", () => {
  const search = { kind: "host", method: "call", session: 1, request: { name: "tool_search", arguments: { query: "request" } }, answer: { ok: true, content: [] } } as const;
  it("is the list after the harness's searches, unless the session was opened to keep its tools deferred", () => {
    const steps = (keepDeferred: boolean) => [
      world(1, [["a", ["request"]], ["alpha", ["search"]]]),
      { ...open(1, [{ key: "a" }, { key: "alpha" }]), request: { servers: [{ key: "a" }, { key: "alpha" }], ...(keepDeferred ? { keepDeferred: true } : {}) } },
      tools(1, [["alpha", ["search"]]]),
      search,
      tools(1, [["alpha", ["search"]], ["a", ["request"]]]),
    ];
    expect(sessionRecords({ omitted: 0, steps: steps(false) })[0]!.surfaces.map((surface) => surface.length)).toEqual([2]);
    const kept = sessionRecords({ omitted: 0, steps: steps(true) })[0]!;
    expect(kept.surfaces.map((surface) => surface.length)).toEqual([1, 2]);
    // A clause's own search is one of its calls; the harness's searches at open are not.
    expect(kept.calls).toEqual([{ name: "tool_search", route: "no server", answer: "ok" }]);
    expect(sessionRecords({ omitted: 0, steps: steps(false) })[0]!.calls).toEqual([]);
  });
});
