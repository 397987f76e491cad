/**
 * The controls' second half: the one-bug hosts controls.test.ts leaves to this file (controlHalf(2)), each
 * failing exactly its answer key, in-process. Apart so that the self-test's two workers share the controls.
 */
import { describe } from "vitest";
import { controlHalf, controlTests } from "./control-checks.ts";

describe("controls (in-process), second half", () => {
  controlTests(controlHalf(2));
});
