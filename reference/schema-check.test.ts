import { describe, expect, it } from "vitest";
import { definitionFingerprint, pinDrift, takePin } from "./pins.ts";
import { canBacktrack, closeObjects, compileSchema, patternsOf, refuseSchema } from "./schema-check.ts";

describe("closeObjects", () => {
  it("closes every object schema that does not mention additionalProperties, and nothing else", () => {
    const schema = {
      type: "object",
      properties: { open: { type: "object", additionalProperties: true }, inner: { type: ["object", "null"] }, pick: { const: { type: "object" } } },
    };
    expect(closeObjects(schema)).toEqual({
      type: "object",
      properties: { open: { type: "object", additionalProperties: true }, inner: { type: ["object", "null"], additionalProperties: false }, pick: { const: { type: "object" } } },
      additionalProperties: false,
    });
  });
});

describe("canBacktrack", () => {
  it.each(["^(a+)+$", "^(a*)*$", "^(a|a)+$", "^(?:a+)+$", "(x+x+)+y", "((ab)*)+", "^(a+){2,}$"])("refuses %s", (pattern) => {
    expect(canBacktrack(pattern)).toBe(true);
  });
  it.each(["^[a-z]+$", "^(ab)+$", "^(a+)?$", "^(a|b)$", "\\(a+\\)+", "[(a+)]+", "^(a+){1}$", "^\\d{3}-\\d{4}$"])("accepts %s", (pattern) => {
    expect(canBacktrack(pattern)).toBe(false);
  });
});

describe("refuseSchema", () => {
  it("finds patterns at any depth, in pattern and patternProperties", () => {
    expect(patternsOf({ properties: { a: { items: { pattern: "x" } } }, patternProperties: { "^y$": {} } }).sort()).toEqual(["^y$", "x"]);
  });

  it("refuses schemas that do not compile and (when screening) patterns that backtrack", () => {
    expect(refuseSchema({ type: "object", properties: { x: { type: "nope" } } }, true)).toMatch(/does not compile/);
    expect(refuseSchema({ type: "object", properties: { x: { $ref: "#/$defs/missing" } } }, true)).toMatch(/does not compile/);
    expect(refuseSchema({ type: "object", properties: { x: { type: "string", pattern: "(" } } }, true)).toMatch(/does not compile/);
    const backtracking = { type: "object", properties: { q: { type: "string", pattern: "^(a+)+$" } } };
    expect(refuseSchema(backtracking, true)).toMatch(/"\^\(a\+\)\+\$" can backtrack/);
    expect(refuseSchema(backtracking, false)).toBeUndefined();
    expect(refuseSchema({ type: "object" }, true)).toBeUndefined();
  });

  it("compiles once per schema and says why a value does not conform", () => {
    const schema = { type: "object", required: ["q"] };
    const validate = compileSchema(schema);
    expect(compileSchema({ required: ["q"], type: "object" })).toBe(validate);
    if (typeof validate === "string") throw new Error(validate);
    expect(validate({})).toMatch(/q/);
    expect(validate({ q: 1 })).toBeUndefined();
  });
});

describe("pins", () => {
  const tool = { name: "a", description: "A", inputSchema: { type: "object" as const } };
  it("hold a tool to name, description and both schemas", () => {
    const pin = takePin([tool], definitionFingerprint);
    expect(pinDrift(pin, [tool], definitionFingerprint).size).toBe(0);
    for (const changed of [{ ...tool, description: "B" }, { ...tool, inputSchema: { type: "object" as const, required: ["q"] } }, { ...tool, outputSchema: { type: "object" as const } }]) {
      expect([...pinDrift(pin, [changed], definitionFingerprint).values()]).toEqual(["its definition changed since the pin was taken"]);
    }
    expect([...pinDrift(pin, [{ ...tool, name: "b" }], definitionFingerprint).values()]).toEqual(["it was added since the pin was taken"]);
    expect([...pinDrift({ garbage: true }, [tool], definitionFingerprint).values()]).toEqual(["the pin given for its server is not one this host wrote"]);
  });

  it("keep names like __proto__ as plain keys through JSON", () => {
    const odd = { ...tool, name: "__proto__" };
    const pin = JSON.parse(JSON.stringify(takePin([odd], definitionFingerprint)));
    expect(pinDrift(pin, [odd], definitionFingerprint).size).toBe(0);
  });
});
