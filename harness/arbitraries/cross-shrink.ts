import type { OneOfConstraints } from "fast-check";

/**
 * Policy: a union of world families (`fc.oneof(crossShrink, plainest, ...)`) shrinks across families
 * toward its first, plainest one. Without it a failure found in a richer family (two separator-clash
 * gadgets that happen to share a tool name) can only shrink inside that family and may stop at three
 * servers when two plain servers show the same bug. Generation is unchanged (fast-check only clones the
 * random source to draw the cross candidate), so verdicts never move; only counterexamples get smaller.
 */
export const crossShrink: OneOfConstraints = { withCrossShrink: true };
