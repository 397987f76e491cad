/**
 * Validation of call arguments against JSON Schemas a server (or the caller) supplied. Policy carried here
 * (adonis "two things a remote schema can do"): a schema is compiled once, before any call; one that does
 * not compile, or whose patterns can backtrack exponentially, is refused rather than replaced by a
 * permissive stand-in. The SDK's own validator compiles `pattern` to a native (backtracking) RegExp, so
 * the screen must run first; it is structural, not a decision procedure.
 */
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { canonicalJson } from "../harness/index.ts";

/** Checks one value; returns why it does not conform, or undefined. */
export type Validate = (value: unknown) => string | undefined;

/**
 * The host's one JSON Schema validator. Every SDK Client is handed it too (server-slot.ts): a Client builds
 * its own Ajv otherwise, which cost a quarter of a case's CPU, and the host's clients never validate with it
 * (they list and call with `client.request`).
 */
export const schemaValidator = new AjvJsonSchemaValidator();
/** Compiled validators by canonical schema text: generated worlds repeat the same few schemas endlessly. */
const compiled = new Map<string, Validate | string>();
const CACHE_LIMIT = 2_000;

/** A validator for `schema`, or why the schema does not compile. */
export function compileSchema(schema: unknown): Validate | string {
  const key = canonicalJson(schema);
  const known = compiled.get(key);
  if (known !== undefined) return known;
  let result: Validate | string;
  try {
    const check = schemaValidator.getValidator(schema as Parameters<typeof schemaValidator.getValidator>[0]);
    result = (value) => {
      const outcome = check(value);
      return outcome.valid ? undefined : outcome.errorMessage;
    };
  } catch (error) {
    result = error instanceof Error ? error.message : String(error);
  }
  if (compiled.size >= CACHE_LIMIT) compiled.clear();
  compiled.set(key, result);
  return result;
}

/** Keywords whose values are data, not schemas: an object there is a value, never closed. */
const DATA_KEYWORDS = new Set(["const", "enum", "default", "examples"]);

/**
 * `schema` with every object schema that does not mention `additionalProperties` closed
 * (`additionalProperties: false`), at any depth: how a host that reads an absent `additionalProperties` as
 * "no other properties" validates, against JSON Schema, where absent means allowed. A one-bug host's policy.
 */
export function closeObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closeObjects);
  if (schema === null || typeof schema !== "object") return schema;
  const closed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) closed[key] = DATA_KEYWORDS.has(key) ? value : closeObjects(value);
  const type = (schema as { type?: unknown }).type;
  const isObject = type === "object" || (Array.isArray(type) && type.includes("object"));
  if (isObject && !("additionalProperties" in closed)) closed.additionalProperties = false;
  return closed;
}

/** Every regular expression a schema carries: `pattern` values and `patternProperties` keys, at any depth. */
export function patternsOf(schema: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "pattern" && typeof value === "string") found.push(value);
      if (key === "patternProperties" && value !== null && typeof value === "object") found.push(...Object.keys(value));
      walk(value);
    }
  };
  walk(schema);
  return found;
}

/**
 * True when `pattern` has a group that repeats without bound and itself holds a quantifier or an
 * alternation: `(a+)+`, `(a*)*`, `(a|a)+`, `(?:x+y)*`. That is the shape behind exponential backtracking;
 * some harmless patterns are refused too, which the adonis doc accepts ("structural rather than a decision
 * procedure").
 */
export function canBacktrack(pattern: string): boolean {
  /** Per open group: whether its body so far repeats or branches. */
  const groups: boolean[] = [];
  let risky = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === "\\") {
      i++;
    } else if (ch === "[") {
      // A character class is one atom: skip to its closing bracket.
      for (i++; i < pattern.length && pattern[i] !== "]"; i++) if (pattern[i] === "\\") i++;
    } else if (ch === "(") {
      groups.push(false);
    } else if (ch === ")") {
      const inner = groups.pop() ?? false;
      const repeats = repeatsMoreThanOnce(pattern.slice(i + 1));
      if (inner && repeats) risky = true;
      // A repeated or branching group makes its enclosing group repeat or branch too.
      if (groups.length > 0 && (inner || repeats)) groups[groups.length - 1] = true;
    } else if ((ch === "*" || ch === "+" || ch === "|" || ch === "{") && groups.length > 0) {
      groups[groups.length - 1] = true;
    }
  }
  return risky;
}

/** True when `rest` starts with a quantifier that allows more than one repetition: `*`, `+`, `{2}`, `{1,}`, `{0,5}`. */
function repeatsMoreThanOnce(rest: string): boolean {
  if (rest.startsWith("*") || rest.startsWith("+")) return true;
  const braces = /^\{(\d*)(,?)(\d*)\}/.exec(rest);
  if (!braces) return false;
  const [, low, comma, high] = braces;
  const most = comma === "" ? Number(low) : high === "" ? Infinity : Number(high);
  return most >= 2;
}

/** Why `schema` cannot be used to validate arguments (it does not compile, or it can backtrack), or undefined. */
export function refuseSchema(schema: unknown, screenPatterns: boolean): string | undefined {
  if (screenPatterns) {
    const bad = patternsOf(schema).find(canBacktrack);
    if (bad !== undefined) return `its pattern ${JSON.stringify(bad)} can backtrack exponentially`;
  }
  const validate = compileSchema(schema);
  return typeof validate === "string" ? `it does not compile (${validate})` : undefined;
}
