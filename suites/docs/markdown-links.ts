/**
 * Reading a Markdown file's links and anchors the way GitHub renders them, for the test that every relative
 * link in the repository resolves inside it: inline links and images, `href`/`src` attributes, and the
 * anchors a heading or an explicit `id` gives.
 */

/** One link in a Markdown file, as written. */
export interface MarkdownLink {
  target: string;
  line: number;
}

/** Text with fenced code blocks and inline code blanked out (links inside code are not links). */
function withoutCode(text: string): string {
  const blank = (match: string) => match.replace(/[^\n]/g, " ");
  return text.replace(/^( {0,3})(```|~~~)[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, blank).replace(/`[^`\n]*`/g, blank);
}

/** Every link target in `markdown`, with its line number. */
export function linksOf(markdown: string): MarkdownLink[] {
  const text = withoutCode(markdown);
  const found: MarkdownLink[] = [];
  const lineAt = (index: number) => text.slice(0, index).split("\n").length;
  for (const match of text.matchAll(/!?\[(?:[^\]\n]|\][^(\n])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) found.push({ target: match[1]!, line: lineAt(match.index!) });
  for (const match of text.matchAll(/\b(?:href|src)="([^"]+)"/g)) found.push({ target: match[1]!, line: lineAt(match.index!) });
  return found;
}

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces as dashes. */
export function headingSlug(heading: string): string {
  const text = heading.replace(/<[^>]+>/g, "").replace(/`/g, "").trim().toLowerCase();
  return text.replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");
}

/** Every anchor `markdown` offers: its headings' slugs (numbered when repeated) and every explicit id. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const text = markdown.replace(/^( {0,3})(```|~~~)[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm, "");
  const seen = new Map<string, number>();
  for (const match of text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = headingSlug(match[1]!);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  for (const match of text.matchAll(/\b(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  return anchors;
}
