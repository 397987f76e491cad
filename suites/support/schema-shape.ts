/**
 * Whether the input schema a model is handed is the server's, or a faithful resolution of it
 * (`schema/input-schema-intact`). Policy carried here:
 * - Every `$ref` of the handed schema must resolve inside it (`#/...`): a reference to a `$defs` entry the host
 *   left behind is a fragment, whatever else it kept.
 * - Both schemas are reduced to their shape, local references resolved: `type` (a set; `nullable: true` and a
 *   combinator whose branches are bare types read as a union of types), `properties` (each reduced in turn),
 *   `required` (a set), `items`, `enum` (a set), `const`, and the branches of `anyOf`, `oneOf` and `allOf` (each a
 *   set of shapes). Everything the server's shape says, the handed one must say too; the host may add properties
 *   of its own beside the server's (Gemini CLI adds `wait_for_previous` to every tool), never drop or change the
 *   server's, nor change which of them are required. Everything else (descriptions, titles, defaults, formats,
 *   bounds, `additionalProperties`, `$schema`, where `$defs` stand) is the host's to keep or drop: a provider's
 *   dialect may force that, and the model can still build every argument the server accepts.
 * - A reference that comes back to itself (a recursive schema) is compared by where it points, not unrolled.
 */
import { canonicalJson } from "../../harness/index.ts";

/** How deep references are followed before a shape stops (a recursive schema is compared by pointer). */
const MAX_DEPTH = 12;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** The value at JSON Pointer `pointer` (`#/...`) within `root`, or undefined. */
function resolve(root: unknown, pointer: string): unknown {
  if (!pointer.startsWith("#")) return undefined;
  const parts = pointer.slice(1).split("/").slice(1).map((part) => decodeURIComponent(part).replace(/~1/g, "/").replace(/~0/g, "~"));
  let at: unknown = root;
  for (const part of parts) {
    if (Array.isArray(at) && /^\d+$/.test(part)) at = at[Number(part)];
    else if (isObject(at) && Object.hasOwn(at, part)) at = at[part];
    else return undefined;
  }
  return at;
}

/** Every `$ref` of `schema` that does not resolve inside it, with where it stands. */
export function danglingRefs(schema: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (Array.isArray(node)) node.forEach((each, at) => walk(each, `${path}[${at}]`));
    if (!isObject(node)) return;
    if (typeof node.$ref === "string" && resolve(schema, node.$ref) === undefined) found.push(`${JSON.stringify(node.$ref)} at ${path || "the top"}`);
    for (const [key, value] of Object.entries(node)) walk(value, path ? `${path}.${key}` : key);
  };
  walk(schema, "");
  return found;
}

const TYPE_ONLY = (branch: unknown) => isObject(branch) && Object.keys(branch).every((key) => ["type", "title", "description"].includes(key));

/** The shape of `node` (see the header), references followed within `root`, `seen` the pointers being unrolled. */
function shapeOf(node: unknown, root: unknown, seen: readonly string[] = []): unknown {
  if (!isObject(node)) return node === true || node === undefined ? {} : { never: true };
  if (typeof node.$ref === "string") {
    if (seen.includes(node.$ref) || seen.length >= MAX_DEPTH) return { ref: node.$ref };
    return shapeOf(resolve(root, node.$ref), root, [...seen, node.$ref]);
  }
  const shape: Json = {};
  const types = new Set<string>(typeof node.type === "string" ? [node.type] : Array.isArray(node.type) ? node.type.filter((t): t is string => typeof t === "string") : []);
  if (node.nullable === true) types.add("null");
  for (const combinator of ["anyOf", "oneOf", "allOf"] as const) {
    const branches = node[combinator];
    if (!Array.isArray(branches)) continue;
    if (combinator !== "allOf" && branches.every(TYPE_ONLY)) {
      for (const branch of branches as Json[]) for (const type of [branch.type].flat()) if (typeof type === "string") types.add(type);
      continue;
    }
    shape[combinator] = branches.map((branch) => canonicalJson(shapeOf(branch, root, seen))).sort();
  }
  if (types.size > 0) shape.type = [...types].map((type) => type.toLowerCase()).sort();
  if (isObject(node.properties) && Object.keys(node.properties).length > 0) {
    shape.properties = Object.fromEntries(Object.entries(node.properties).sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, value]) => [key, shapeOf(value, root, seen)]));
  }
  if (Array.isArray(node.required) && node.required.length > 0) shape.required = [...new Set(node.required.map(String))].sort();
  if (node.items !== undefined) shape.items = shapeOf(node.items, root, seen);
  if (Array.isArray(node.enum)) shape.enum = node.enum.map((value) => canonicalJson(value)).sort();
  if (node.const !== undefined) shape.const = canonicalJson(node.const);
  return shape;
}

/** The shape of a whole schema, for comparing two of them (see the header). */
export function schemaShape(schema: unknown): unknown {
  return shapeOf(schema, schema);
}

const below = (path: string, step: string) => (path === "" ? step : `${path}.${step}`);
const say = (value: unknown) => (value === undefined ? "nothing" : JSON.stringify(value).slice(0, 160));

/**
 * The first place where the handed shape fails to say what the server's says, in words; undefined when it says
 * all of it. Properties the host adds beside the server's (and requires, if it likes) are its own business.
 */
function firstDifference(server: unknown, shown: unknown, path: string): string | undefined {
  if (canonicalJson(server) === canonicalJson(shown)) return undefined;
  if (isObject(server) && isObject(shown)) {
    for (const key of Object.keys(server).sort()) {
      if (key === "properties" && isObject(server.properties)) {
        const handed = isObject(shown.properties) ? shown.properties : {};
        for (const name of Object.keys(server.properties).sort()) {
          const inner = firstDifference(server.properties[name], handed[name], below(path, `properties.${name}`));
          if (inner) return inner;
        }
        continue;
      }
      if (key === "required" && Array.isArray(server.required)) {
        // Only the server's own properties: which of them the model must give.
        const own = isObject(server.properties) ? Object.keys(server.properties) : [];
        const handed = (Array.isArray(shown.required) ? shown.required : []).filter((name) => own.length === 0 || own.includes(String(name)));
        if (canonicalJson(handed) !== canonicalJson(server.required)) return `at ${path || "the top"}, required: the server's schema says ${say(server.required)}, the model gets ${say(handed)}`;
        continue;
      }
      if (key === "items") {
        const inner = firstDifference(server.items, shown.items, below(path, "items"));
        if (inner) return inner;
        continue;
      }
      if (canonicalJson(server[key]) !== canonicalJson(shown[key])) {
        return `at ${path || "the top"}, ${key}: the server's schema says ${say(server[key])}, the model gets ${say(shown[key])}`;
      }
    }
    // A required list the host added for properties of its own is no difference.
    if (!Array.isArray(server.required) && Array.isArray(shown.required) && isObject(server.properties)) {
      const own = Object.keys(server.properties);
      const demanded = shown.required.filter((name) => own.includes(String(name)));
      if (demanded.length > 0) return `at ${path || "the top"}, required: the server's schema says nothing, the model gets ${say(demanded)}`;
    }
    return undefined;
  }
  return `at ${path || "the top"}: the server's schema says ${say(server)}, the model gets ${say(shown)}`;
}

/**
 * Why `shown` (the input schema the model is handed) is not `server` (the tool's own) or a faithful
 * resolution of it, in words; undefined when it is.
 */
export function schemaUnfaithfulness(server: unknown, shown: unknown): string | undefined {
  const dangling = danglingRefs(shown);
  if (dangling.length > 0) return `it holds references that resolve to nothing in it: ${dangling.join(", ")}`;
  const difference = firstDifference(schemaShape(server), schemaShape(shown), "");
  return difference === undefined ? undefined : `it differs from the server's in shape ${difference}`;
}
