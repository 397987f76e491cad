/**
 * Policy: whether a request schema an open was given refuses the arguments a server received, read with the
 * keywords the options clauses give (type, required, properties, const, enum, minimum, maximum). A keyword not
 * read here refuses nothing: a fact is said only where a keyword read shows the arguments break the schema.
 */

/** The JSON type names `value` fits. */
function typesOf(value: unknown): string[] {
  if (value === null) return ["null"];
  if (Array.isArray(value)) return ["array"];
  if (typeof value === "number") return Number.isInteger(value) ? ["integer", "number"] : ["number"];
  return [typeof value];
}

/** Whether `schema` refuses `value` by a keyword read here. */
export function refusedBy(schema: unknown, value: unknown, depth = 0): boolean {
  // A schema from a report on disk may nest without end: past 64 levels nothing more is read.
  if (typeof schema !== "object" || schema === null || Array.isArray(schema) || depth > 64) return false;
  const rule = schema as Record<string, unknown>;
  const types = typeof rule.type === "string" ? [rule.type] : Array.isArray(rule.type) ? rule.type.map(String) : undefined;
  if (types && !typesOf(value).some((type) => types.includes(type))) return true;
  if ("const" in rule && JSON.stringify(rule.const) !== JSON.stringify(value)) return true;
  if (Array.isArray(rule.enum) && !rule.enum.some((entry) => JSON.stringify(entry) === JSON.stringify(value))) return true;
  if (typeof value === "number" && typeof rule.maximum === "number" && value > rule.maximum) return true;
  if (typeof value === "number" && typeof rule.minimum === "number" && value < rule.minimum) return true;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const object = value as Record<string, unknown>;
  if (Array.isArray(rule.required) && rule.required.some((name) => !Object.hasOwn(object, String(name)))) return true;
  const properties = typeof rule.properties === "object" && rule.properties !== null ? (rule.properties as Record<string, unknown>) : {};
  return Object.entries(properties).some(([name, property]) => Object.hasOwn(object, name) && refusedBy(property, object[name], depth + 1));
}
