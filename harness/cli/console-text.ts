/**
 * How host-supplied text reaches a terminal, shared by `run`'s console reporter and `check-adapter`: clipped,
 * escaped by terminalText (no host can move the cursor, set the title, overwrite a line or hide a
 * character), and clipped again, since escaping can lengthen it.
 */
import { terminalText } from "../report/escape.ts";
import { clip, clipTail } from "../report/report-view.ts";

/** Longest host string one console line shows. */
export const LINE_LIMIT = 600;

/** Host text for one console line: clipped, escaped, and clipped again; `kept` as for {@link clip}. */
export function shown(text: string, limit = LINE_LIMIT, kept?: string): string {
  return clip(terminalText(clip(text, limit, kept)), limit, kept);
}

/** The last `count` lines of a stderr tail, each clipped and escaped, joined for an indented block. */
export function tailLines(tail: string, count: number, indent: string, kept?: string): string {
  return clipTail(tail, count * 300, count, kept).split(/\r?\n/).map((line) => shown(line, 300, kept)).join(`\n${indent}`);
}
