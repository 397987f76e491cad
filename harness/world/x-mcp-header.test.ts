import { describe, expect, it } from "vitest";
import { invalidHeaderReason } from "./x-mcp-header.ts";

const schema = (properties: Record<string, unknown>) => ({ type: "object", properties });

describe("invalidHeaderReason (MCP 2026-07-28 x-mcp-header)", () => {
  it("accepts no declaration, and valid ones at any depth", () => {
    expect(invalidHeaderReason({ type: "object" })).toBeUndefined();
    expect(invalidHeaderReason("object")).toBeUndefined();
    expect(invalidHeaderReason(schema({ region: { type: "string", "x-mcp-header": "Region" }, n: { type: "number", "x-mcp-header": "N" } }))).toBeUndefined();
    expect(invalidHeaderReason(schema({ a: { type: "object", properties: { b: { type: "boolean", "x-mcp-header": "B" } } } }))).toBeUndefined();
  });

  // The conformance suite's invalid tools (http-invalid-tool-headers), one each.
  it.each([
    ["empty", schema({ v: { type: "string", "x-mcp-header": "" } })],
    ["on an object", schema({ v: { type: "object", "x-mcp-header": "Data" } })],
    ["on an array", schema({ v: { type: "array", items: { type: "string" }, "x-mcp-header": "Items" } })],
    ["on null", schema({ v: { type: "null", "x-mcp-header": "Nil" } })],
    ["duplicate", schema({ a: { type: "string", "x-mcp-header": "Region" }, b: { type: "string", "x-mcp-header": "Region" } })],
    ["duplicate ignoring case", schema({ a: { type: "string", "x-mcp-header": "MyField" }, b: { type: "string", "x-mcp-header": "myfield" } })],
    ["a space", schema({ v: { type: "string", "x-mcp-header": "My Region" } })],
    ["a colon", schema({ v: { type: "string", "x-mcp-header": "Region:Primary" } })],
    ["non-ASCII", schema({ v: { type: "string", "x-mcp-header": "Région" } })],
    ["a control character", schema({ v: { type: "string", "x-mcp-header": "Region\t1" } })],
    ["on the root", { type: "object", "x-mcp-header": "Query" }],
    ["nested", schema({ a: { type: "object", properties: { b: { type: "string", "x-mcp-header": "B C" } } } })],
  ])("refuses %s", (_what, input) => {
    expect(invalidHeaderReason(input)).toEqual(expect.any(String));
  });
});
