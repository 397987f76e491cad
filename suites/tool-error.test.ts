import { describe, expect, it } from "vitest";
import { carriesText } from "./tool-error.suite.ts";

const said = 'tool "fail" of server "alpha" failed on purpose';

describe("wire/tool-error-reaches-model reads the tool's text wherever a host put it", () => {
  it("finds it as it is, and inside one, two or three levels of JSON", () => {
    expect(carriesText(`Error: ${said}`, said)).toBe(true);
    const once = JSON.stringify({ content: [{ type: "text", text: said }] });
    expect(carriesText(once, said)).toBe(true);
    expect(carriesText(JSON.stringify([{ type: "text", text: once }]), said)).toBe(true);
    expect(carriesText(JSON.stringify(JSON.stringify([{ type: "text", text: once }])), said)).toBe(true);
  });

  it("does not find a text the host changed or dropped", () => {
    expect(carriesText("Error: the tool failed", said)).toBe(false);
    expect(carriesText(JSON.stringify({ error: 'tool "fail" failed' }), said)).toBe(false);
    expect(carriesText("", said)).toBe(false);
  });
});
