/**
 * The MCP 2026-07-28 rule for `x-mcp-header` (Tools, "x-mcp-header"; SEP-2243): a tool's input schema may
 * mark a parameter to be mirrored into an `Mcp-Param-{name}` HTTP header, and the value must be a non-empty
 * HTTP token (RFC 9110: no space, colon, control or non-ASCII character), unique ignoring case within the
 * schema, on a parameter of a primitive type. A client MUST exclude a tool that breaks it from its tools and
 * keep the server's others, and SHOULD log the tool's name and the reason (the official conformance
 * suite's `http-invalid-tool-headers` checks both halves).
 */

/** RFC 9110 field-name token syntax, `1*tchar`. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** The parameter types a header may mirror (number too: the conformance suite marks number parameters). */
const PRIMITIVE = new Set(["string", "integer", "number", "boolean"]);
const KEY = "x-mcp-header";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Why `inputSchema` declares an invalid `x-mcp-header`, or undefined when every declaration is valid (or there is none). */
export function invalidHeaderReason(inputSchema: unknown): string | undefined {
  if (!isObject(inputSchema)) return undefined;
  if (KEY in inputSchema) return `an ${KEY} on the schema root, not on a parameter`;
  const seen = new Map<string, string>();
  const walk = (properties: unknown, path: string): string | undefined => {
    if (!isObject(properties)) return undefined;
    for (const [name, schema] of Object.entries(properties)) {
      if (!isObject(schema)) continue;
      const where = `${path}${name}`;
      if (KEY in schema) {
        const header = schema[KEY];
        if (typeof header !== "string" || header === "") return `parameter ${JSON.stringify(where)} has an empty or non-string ${KEY}`;
        if (!TOKEN.test(header)) return `parameter ${JSON.stringify(where)} has ${KEY} ${JSON.stringify(header)}, not an HTTP token`;
        if (typeof schema.type !== "string" || !PRIMITIVE.has(schema.type)) return `parameter ${JSON.stringify(where)} (${KEY} ${JSON.stringify(header)}) is not of a primitive type`;
        const other = seen.get(header.toLowerCase());
        if (other !== undefined) return `parameters ${JSON.stringify(other)} and ${JSON.stringify(where)} share ${KEY} ${JSON.stringify(header)} (ignoring case)`;
        seen.set(header.toLowerCase(), where);
      }
      const nested = walk(schema.properties, `${where}.`);
      if (nested !== undefined) return nested;
    }
    return undefined;
  };
  return walk(inputSchema.properties, "");
}
