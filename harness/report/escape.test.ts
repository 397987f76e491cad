import { describe, expect, it } from "vitest";
import { escapeHtml, escapeXml, escapeXmlAttribute, markdownBlock, markdownCode, markdownText, showHidden } from "./escape.ts";

/** Every character XML 1.0 allows. */
const XML_CHAR = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;

describe("escaping host strings", () => {
  it("shows control, invisible and bidi characters instead of writing them", () => {
    expect(showHidden("a\u0007b\u202Ec\u200Bd\u0000")).toBe("a\\u0007b\\u202Ec\\u200Bd\\u0000");
    expect(showHidden("tab\tnew\nline é 😀")).toBe("tab\tnew\nline é 😀");
    expect(showHidden("lone \uD800 surrogate")).toBe("lone \\uD800 surrogate");
  });

  it("escapes HTML in content and attributes", () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'q'`)).toBe("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39;");
  });

  it("leaves nothing XML 1.0 forbids", () => {
    const nasty = "a\u0000b\u0001c\u001Fd\uFFFEe\uFFFFf\uD800g]]><&\"'";
    expect(escapeXml(nasty)).toMatch(XML_CHAR);
    expect(escapeXml(nasty)).not.toContain("<");
    expect(escapeXmlAttribute("line\nbreak\ttab")).toBe("line&#10;break&#9;tab");
  });

  it("keeps Markdown table cells in one cell and inert", () => {
    const cell = markdownText("a | b *c* <b>d</b> [e](f) `g`\nh $x$");
    expect(cell).not.toMatch(/(^|[^\\])\|/);
    expect(cell).toContain("\\<b\\>");
    expect(cell).toContain("<br>");
    expect(cell).toContain("\\$x\\$");
  });

  it("builds code spans that survive backticks, pipes and emptiness", () => {
    expect(markdownCode("search")).toBe("`search`");
    expect(markdownCode("a`b")).toBe("``a`b``");
    expect(markdownCode("`x`")).toBe("`` `x` ``");
    expect(markdownCode("a|b")).toBe("`a\\|b`");
    expect(markdownCode("")).toBe("*(empty)*");
    expect(markdownCode("x\ny")).toBe("`x\\ny`");
  });

  it("fences blocks longer than any backtick run inside", () => {
    expect(markdownBlock("a ```` b", "text")).toBe("`````text\na ```` b\n`````");
  });
});
