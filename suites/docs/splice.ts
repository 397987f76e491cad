/** Replacing the generated part of a hand-written document, between two marker lines kept in place. */

/** `document` with everything from `start` to `end` (both markers included) replaced by `block`, which carries them. */
export function spliceBetween(document: string, start: string, end: string, block: string): string {
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from < 0 || to < from) throw new Error(`the document lost its markers ${start} ... ${end}`);
  return document.slice(0, from) + block + document.slice(to + end.length);
}

/** The part of `document` from `start` to `end`, both markers included. */
export function between(document: string, start: string, end: string): string {
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from < 0 || to < from) throw new Error(`the document lost its markers ${start} ... ${end}`);
  return document.slice(from, to + end.length);
}
