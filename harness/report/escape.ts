/**
 * Escaping for every format a report is rendered to. Every string a host or a generated world supplies is
 * data: names may hold `<`, `|`, backticks, control characters or bidi overrides, so each renderer sends
 * them through here and never interpolates them raw.
 */

/**
 * Characters shown as `\uXXXX` (`\u{XXXXX}` past the BMP) rather than written: C0/C1 controls (a terminal
 * or XML parser chokes on them), lone surrogates (not encodable), U+FFFE/U+FFFF (not XML), and every
 * invisible or format character (zero-width and bidi controls, soft hyphen, tag characters, line and
 * paragraph separators, variation selectors, fillers, spaces other than U+0020), which would make two
 * different names look the same in a report about names. Tab, newline and carriage return are kept; each
 * renderer decides what to do with them.
 */
const HIDDEN = /(?![\t\n\r ])[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Zs}\p{Cs}\uFFFE\uFFFF\uFE00-\uFE0F\u{E0100}-\u{E01EF}\u180B-\u180F\u034F\u115F\u1160\u17B4\u17B5\u3164\uFFA0]/gu;

/** Replaces invisible, format, control and unencodable characters with a visible escape; keeps tab, newline and CR. */
export function showHidden(text: string): string {
  return text.replace(HIDDEN, (char) => {
    const code = char.codePointAt(0)!;
    return code > 0xffff ? `\\u{${code.toString(16).toUpperCase()}}` : `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`;
  });
}

/**
 * Host text safe to print on a terminal: {@link showHidden}, and CR and tab shown as `\r`, `\t` (a raw CR
 * would let a host overwrite what the harness printed); newlines too, as `\n`, unless `multiline` keeps
 * them as line breaks. The console writes every host-supplied string through here, as the report files
 * do through their own escapers.
 */
export function terminalText(text: string, options: { multiline?: boolean } = {}): string {
  const shown = showHidden(text).replace(/\r/g, "\\r").replace(/\t/g, "\\t");
  return options.multiline ? shown : shown.replace(/\n/g, "\\n");
}

const HTML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text safe inside HTML element content and inside double- or single-quoted attribute values. */
export function escapeHtml(text: string): string {
  return showHidden(text.replace(/\r\n?/g, "\n")).replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]!);
}

/** Text safe inside XML 1.0 element content (no character XML 1.0 forbids survives). */
export function escapeXml(text: string): string {
  return showHidden(text).replace(/[&<>"']/g, (char) => HTML_ENTITIES[char]!);
}

/** Text safe inside a quoted XML attribute value, with line breaks and tabs kept as character references. */
export function escapeXmlAttribute(text: string): string {
  return escapeXml(text).replace(/\n/g, "&#10;").replace(/\r/g, "&#13;").replace(/\t/g, "&#9;");
}

/**
 * Prose for a Markdown table cell (or any inline Markdown after some fixed prefix): every character that
 * inline GFM could read as syntax anywhere in a line is backslash-escaped (emphasis, code, links, HTML and
 * entities, table pipes, strikethrough, math), and line breaks become `<br>`. Characters that only mean
 * something at the start of a line (`#`, `-`, `1.`) are left alone: callers never start a line with host text.
 */
export function markdownText(text: string): string {
  return showHidden(text)
    .replace(/[\\`*_[\]<>&|~$]/g, (char) => `\\${char}`)
    .replace(/\t/g, " ")
    .replace(/\r?\n|\r/g, "<br>");
}

/**
 * An inline code span for a name or a short command, safe in a GFM table cell. The fence is one backtick
 * longer than any run inside, pipes are escaped (GFM splits cells before it reads code spans), and an empty
 * string is shown as an explicit marker rather than an empty span.
 */
export function markdownCode(text: string): string {
  if (text === "") return "*(empty)*";
  const body = showHidden(text).replace(/\r?\n|\r/g, "\\n").replace(/\t/g, "\\t").replace(/\|/g, "\\|");
  const longest = Math.max(0, ...[...body.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = body.startsWith("`") || body.endsWith("`") || (body.startsWith(" ") && body.endsWith(" ")) ? " " : "";
  return `${fence}${pad}${body}${pad}${fence}`;
}

/** A fenced code block for multi-line host output; the fence outgrows any backtick run in the text. */
export function markdownBlock(text: string, info = ""): string {
  const body = showHidden(text).replace(/\r\n?/g, "\n");
  const longest = Math.max(2, ...[...body.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${info}\n${body}\n${fence}`;
}
