import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";
import type { ToolDefinition } from "../../fake-servers/index.ts";
import { describeTool } from "../world/tool-identity.ts";

/**
 * The ways a remote schema can hurt a host (adonis "two things a remote schema can do"), harmless ones
 * first so shrinking walks away from the slow ones: schemas that do not compile (an unknown type, a `$ref`
 * to nothing, a pattern that is not a regular expression, an output schema that does not compile), then
 * patterns that backtrack exponentially on a native RegExp.
 */
export const hostileSchemaKinds = [
  "unknown-type", "missing-ref", "invalid-pattern", "output-unknown-type",
  "nested-plus", "alternation", "nested-star",
] as const;
/** One way a remote schema can hurt a host. */
export type HostileSchemaKind = (typeof hostileSchemaKinds)[number];

/** A hostile tool's schemas and the arguments a case calls it with. */
export interface HostileSchema {
  kind: HostileSchemaKind;
  /** True for patterns that backtrack; false for schemas that do not compile. */
  backtracks: boolean;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  /** Arguments built to hurt: for a backtracking pattern, a run of `a` and one character that does not match. */
  argument: Record<string, unknown>;
  /**
   * A short argument of the same shape, sent first. V8 interprets a regular expression's first run and
   * compiles it only after, about eight times faster; warming up makes the timed run's cost the compiled
   * one, so the same input takes seconds on every host that backtracks, not seconds on one and minutes on
   * the next.
   */
  warmUp: Record<string, unknown>;
}

/**
 * Pattern, and the length of the run of `a` that makes a compiled V8 RegExp take a couple of seconds on an
 * idle two-core machine (each extra `a` doubles it; measured through the SDK's ajv validator: `(a+)+` 0.5 s
 * at 27, `(a|a)+` and `(a*)*` 0.5 s at 26), and several seconds on a loaded one, never minutes.
 */
const backtracking: Record<"nested-plus" | "alternation" | "nested-star", { pattern: string; run: number }> = {
  "nested-plus": { pattern: "^(a+)+$", run: 29 },
  alternation: { pattern: "^(a|a)+$", run: 28 },
  "nested-star": { pattern: "^(a*)*$", run: 28 },
};

const objectWith = (q: Record<string, unknown>) => ({ type: "object", properties: { q } });

/** The schemas and arguments of one hostile kind. */
export function hostileSchemaOf(kind: HostileSchemaKind): HostileSchema {
  const plain = { argument: { q: "x" }, warmUp: { q: "x" } };
  switch (kind) {
    case "unknown-type":
      return { kind, backtracks: false, inputSchema: objectWith({ type: "nope" }), ...plain };
    case "missing-ref":
      return { kind, backtracks: false, inputSchema: objectWith({ $ref: "#/$defs/missing" }), ...plain };
    case "invalid-pattern":
      return { kind, backtracks: false, inputSchema: objectWith({ type: "string", pattern: "(unclosed" }), ...plain };
    case "output-unknown-type":
      // `type: "object"` at the top, as the MCP schema requires, so only a compiler notices.
      return { kind, backtracks: false, inputSchema: objectWith({ type: "string" }), outputSchema: objectWith({ type: "nope" }), ...plain };
    default: {
      const { pattern, run } = backtracking[kind];
      return {
        kind, backtracks: true, inputSchema: objectWith({ type: "string", pattern }),
        argument: { q: `${"a".repeat(run)}!` }, warmUp: { q: "aaaaaaaa!" },
      };
    }
  }
}

/** A hostile schema; shrinks toward the kinds that do not compile (cheap to judge), away from backtracking. */
export function hostileSchema(): Arbitrary<HostileSchema> {
  return fc.constantFrom(...hostileSchemaKinds).map(hostileSchemaOf);
}

/** The tool a server advertises with `hostile`'s schemas, carrying the identity marker of (key, name). */
export function hostileTool(key: string, name: string, hostile: HostileSchema): ToolDefinition {
  return {
    name,
    description: describeTool(key, name, "Hostile fake tool"),
    inputSchema: structuredClone(hostile.inputSchema),
    ...(hostile.outputSchema ? { outputSchema: structuredClone(hostile.outputSchema) } : {}),
  };
}
