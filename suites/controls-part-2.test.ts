/**
 * The controls' part 2 of 4: the one-bug hosts controlPart(2) deals to this file, each failing exactly its
 * answer key, in-process. Apart from controls.test.ts so that the self-test's workers share the controls.
 */
import { describe } from "vitest";
import { controlPart, controlTests } from "./control-checks.ts";

describe("controls (in-process), part 2", () => {
  controlTests(controlPart(2));
});
