/**
 * Vitest's default bounds, stretched by the machine's pace (harness/pace.ts) when each test file starts:
 * a test that takes 2 s at rest must not fail at 5 s under a load of 20, and a test that hangs still fails.
 * A test that sets its own bound passes it through `paced()` too (docs/how-it-works.md, "The self-test's tiers").
 */
import { vi } from "vitest";
import { paced } from "../pace.ts";

/** Vitest's own defaults for a test and a hook, measured at rest. */
export const AT_REST = { testTimeout: 5_000, hookTimeout: 10_000 } as const;

vi.setConfig({ testTimeout: paced(AT_REST.testTimeout), hookTimeout: paced(AT_REST.hookTimeout) });
