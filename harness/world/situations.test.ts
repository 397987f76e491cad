import { describe, expect, it } from "vitest";
import type { ServerScriptInput } from "../../fake-servers/index.ts";
import { ServerScriptSchema } from "../../fake-servers/index.ts";
import { situationConcerns, SituationSchema, situationMeanings, situationsOf } from "./situations.ts";
import type { Situation } from "./situations.ts";
import { describeTool } from "./tool-identity.ts";
import type { World } from "./world.ts";

/** A world from `{ key: [names] }` in configuration order, each server truthful and immediate. */
function worldOf(servers: Record<string, string[]>, extra: Record<string, Partial<ServerScriptInput>> = {}): World {
  return {
    servers: Object.entries(servers).map(([key, names]) =>
      ServerScriptSchema.parse({
        key,
        serverInfo: { name: key, version: "1.0.0" },
        tools: names.map((name) => ({ name, description: describeTool(key, name) })),
        ...extra[key],
      }),
    ),
  };
}

/** `count` distinct tool names: `tool_001`, `tool_002` ... */
const names = (count: number, stem = "tool") => Array.from({ length: count }, (_, at) => `${stem}_${String(at + 1).padStart(3, "0")}`);

const long = (length: number, middle = "x") => {
  const chars = ("tool_" + "x".repeat(length - 5)).split("");
  chars[Math.floor(length / 2)] = middle;
  return chars.join("");
};

describe("SituationSchema", () => {
  it("is declared sorted, and every situation has a meaning", () => {
    expect([...SituationSchema.options]).toEqual([...SituationSchema.options].sort());
    expect(Object.keys(situationMeanings).sort()).toEqual([...SituationSchema.options]);
  });
});

describe("situationsOf", () => {
  const cases: [string, World, Situation[]][] = [
    ["an empty world", { servers: [] }, []],
    ["one plain server", worldOf({ alpha: ["request"] }), []],
    ["two plain servers", worldOf({ alpha: ["request"], beta: ["search"] }), ["multi-server"]],
    [
      "one name in two servers",
      worldOf({ alpha: ["request"], beta: ["request"] }),
      ["exact-duplicate", "multi-server"],
    ],
    ["a_b+c vs a+b_c", worldOf({ a_b: ["c"], a: ["b_c"] }), ["multi-server", "separator-clash"]],
    ["a__b+c vs a+b__c", worldOf({ a__b: ["c"], a: ["b__c"] }), ["multi-server", "separator-clash", "unusable-key"]],
    // _b begins with _, as names hosts reserve do: a situation of its own, beside the clash.
    ["a_+b vs a+_b", worldOf({ a_: ["b"], a: ["_b"] }), ["multi-server", "reserved-name", "separator-clash", "unusable-key"]],
    // Names shaped like a host's own (issue 40); __proto__ is Object.prototype's, a hazard apart.
    ["names that begin with _ or mcp__", worldOf({ alpha: ["__b", "_", "mcp__x", "mcp__a__b"] }), ["reserved-name"]],
    ["__proto__ is a prototype name, not a reserved one", worldOf({ alpha: ["__proto__"] }), ["prototype-name"]],
    [
      "keys that sanitise alike",
      worldOf({ "store.refunds": ["request"], "store refunds": ["search"] }),
      ["multi-server", "sanitising-clash", "unusable-key"],
    ],
    [
      "dash is kept by the sanitiser",
      worldOf({ "store-refunds": ["request"], store_refunds: ["search"] }),
      ["multi-server"],
    ],
    ["keys differing in case", worldOf({ Search: ["request"], search: ["query"] }), ["case-clash", "multi-server"]],
    ["names differing in case across servers", worldOf({ alpha: ["search"], beta: ["Search"] }), ["case-clash", "multi-server"]],
    ["names differing in case in one server", worldOf({ alpha: ["search", "Search"] }), []],
    ["a 57-character name", worldOf({ alpha: [long(57)] }), ["length-boundary", "over-length"]],
    ["mcp__a__ + 56 = 64", worldOf({ a: [long(56)] }), ["length-boundary"]],
    ["mcp__a__ + 58 = 66, no boundary", worldOf({ a: [long(58)] }), ["over-length"]],
    ["a 60-character key", worldOf({ ["k".repeat(60)]: ["request"] }), ["length-boundary", "over-length"]],
    [
      "two long names differing in the middle",
      worldOf({ a: [long(65), long(65, "y")] }),
      ["length-boundary", "middle-differing", "over-length"],
    ],
    [
      "short names alike at both ends (nothing to cut)",
      worldOf({ a: ["x".repeat(45), "x".repeat(50)] }),
      [],
    ],
    ["a dotted name", worldOf({ alpha: ["admin.tools.list"] }), ["provider-invalid-name"]],
    ["an empty name", worldOf({ alpha: [""] }), ["provider-invalid-name"]],
    ["a prototype name", worldOf({ alpha: ["__proto__"] }), ["prototype-name"]],
    ["a prototype key", worldOf({ constructor: ["request"] }), ["prototype-name"]],
    ["an empty server", worldOf({ alpha: [], beta: ["request"] }), ["empty-server", "multi-server"]],
    [
      "a server reporting another's key",
      worldOf({ alpha: ["request"], beta: ["search"] }, { beta: { serverInfo: { name: "alpha", version: "9" } } }),
      ["multi-server", "spoofed-identity"],
    ],
    [
      "two servers reporting one package",
      worldOf(
        { alpha: ["request"], beta: ["search"] },
        {
          alpha: { serverInfo: { name: "pkg", version: "1.0.0" } },
          beta: { serverInfo: { name: "pkg", version: "1.0.0" } },
        },
      ),
      ["multi-server", "spoofed-identity"],
    ],
    [
      "one package in two versions",
      worldOf(
        { alpha: ["request"], beta: ["search"] },
        {
          alpha: { serverInfo: { name: "pkg", version: "1.0.0" } },
          beta: { serverInfo: { name: "pkg", version: "2.0.0" } },
        },
      ),
      ["multi-server"],
    ],
    [
      "a later server answering first",
      worldOf({ alpha: ["request"], beta: ["search"] }, { alpha: { latency: { initialize: 20, toolsList: 0 } } }),
      ["arrival-reordered", "multi-server"],
    ],
    [
      "servers answering in configuration order",
      worldOf({ alpha: ["request"], beta: ["search"] }, { beta: { latency: { initialize: 20, toolsList: 5 } } }),
      ["multi-server"],
    ],
    ["an unreachable server", worldOf({ alpha: ["request"] }, { alpha: { unreachable: true } }), ["unreachable-server"]],
    // A server that fails its listing lists nothing: its tools make no duplicate, and it is not empty.
    ["a duplicate behind a failing listing", worldOf({ alpha: ["request"], beta: ["request"] }, { beta: { failure: "list-error" } }), ["list-error", "multi-server"]],
    ["a failing initialize", worldOf({ alpha: [] }, { alpha: { failure: "initialize-error" } }), ["initialize-error"]],
    ["each failure is its own situation", worldOf({ a: ["x"], b: ["y"], c: ["z"], d: ["w"], e: ["v"] }, {
      a: { failure: "list-unanswered" }, b: { failure: "list-crash" }, c: { failure: "nameless-tool" }, d: { failure: "schema-not-object" }, e: { failure: "list-error" },
    }), ["list-crash", "list-error", "list-unanswered", "multi-server", "nameless-tool", "schema-not-object"]],
    ["an unusable key alone", worldOf({ "a.b": ["request"] }), ["unusable-key"]],
    ["a list in two pages", worldOf({ alpha: ["request", "search", "query"] }, { alpha: { pageSize: 2 } }), ["paged-list"]],
    // A page size the list fits in pages nothing.
    ["a list that fits its page", worldOf({ alpha: ["request", "search"] }, { alpha: { pageSize: 2 } }), []],
    // A broken pager is a failing server, not a paged list, whatever its page size.
    ["broken pagers", worldOf({ a: ["x", "y"], b: ["z", "w"] }, { a: { failure: "stuck-cursor", pageSize: 1 }, b: { failure: "repeated-page", pageSize: 1 } }),
      ["multi-server", "repeated-page", "stuck-cursor"]],
    ["60 tools in all", worldOf({ alpha: names(50), beta: names(10, "other") }), ["large-world", "multi-server"]],
    ["59 tools in all", worldOf({ alpha: names(50), beta: names(9, "other") }), ["multi-server"]],
    // A failing server lists nothing, so its tools make no large world.
    ["60 tools behind a failing listing", worldOf({ alpha: names(50), beta: names(10, "other") }, { beta: { failure: "list-error" } }), ["list-error", "multi-server"]],
    // Compatibility folding: a ligature and full-width letters become plain ones, accents drop, case folds.
    ["names that fold alike across servers", worldOf({ alpha: ["ｓｅａｒｃｈ"], beta: ["search"] }), ["fold-clash", "multi-server", "provider-invalid-name"]],
    ["names that fold alike in one server", worldOf({ alpha: ["ﬁle", "file"] }), ["fold-clash", "provider-invalid-name"]],
    ["an accent folds away", worldOf({ alpha: ["café"], beta: ["CAFE"] }), ["fold-clash", "multi-server", "provider-invalid-name"]],
    ["keys that fold alike", worldOf({ "ｓｅａｒｃｈ": ["request"], search: ["request"] }), ["exact-duplicate", "fold-clash", "multi-server", "unusable-key"]],
    // A server's bug: one name listed twice. Not a duplicate across servers, nor a clash of two pairs.
    ["one name listed twice by one server", worldOf({ alpha: ["request", "request"], beta: ["query"] }), ["multi-server", "repeated-name"]],
    // Case alone is case-clash, not fold-clash; one server's own Search and search are neither.
    ["case alone is no fold clash", worldOf({ alpha: ["search", "Search"], beta: ["query"] }), ["multi-server"]],
    // Only a listed tool's errors can be met: a name the server does not advertise is no tool error.
    ["a tool that answers an error", worldOf({ alpha: ["request", "fail"] }, { alpha: { errorTools: ["fail"] } }), ["tool-error"]],
    ["an error name the server does not list", worldOf({ alpha: ["request"] }, { alpha: { errorTools: ["fail"] } }), []],
  ];
  it.each(cases)("%s", (_label, world, expected) => {
    expect(situationsOf(world)).toEqual(expected);
  });

  it("returns each situation once, in sorted order", () => {
    const busy = worldOf({ a_b: ["c", "request", "a.b"], a: ["b_c", "request", "Request"], "a.b": [], A_B: ["__proto__"] });
    const found = situationsOf(busy);
    expect(found).toEqual([...new Set(found)].sort());
    expect(found).toEqual([
      "case-clash",
      "empty-server",
      "exact-duplicate",
      "multi-server",
      "prototype-name",
      "provider-invalid-name",
      "sanitising-clash",
      "separator-clash",
      "unusable-key",
    ]);
  });
});

describe("situationConcerns", () => {
  it("says which servers each situation concerns", () => {
    const found = situationConcerns(worldOf({ alpha: ["request", "admin.tools.list"], beta: ["request"], gamma: ["query"] }));
    expect(Object.fromEntries([...found].map(([situation, at]) => [situation, [...at].sort()]))).toEqual({
      "exact-duplicate": [0, 1],
      "multi-server": [0, 1, 2],
      "provider-invalid-name": [0],
    });
  });

  it("puts a large world on every server that lists a tool (a cap is host-wide), and a paged list on its server", () => {
    const found = situationConcerns(worldOf({ alpha: names(120), beta: [], gamma: ["query", "search"] }, { gamma: { pageSize: 1 } }));
    expect(Object.fromEntries([...found].map(([situation, at]) => [situation, [...at].sort()]))).toEqual({
      "empty-server": [1],
      "large-world": [0, 2],
      "multi-server": [0, 1, 2],
      "paged-list": [2],
    });
  });
});
