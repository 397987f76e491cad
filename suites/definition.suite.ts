/**
 * Clause `schema/input-schema-intact`: what reaches the model beside a tool's name. The input schema the host
 * hands its model (HAP/1 `session/tools`' `inputSchema`; for an agent CLI, the schema in its request to the
 * provider) is the server's, or a faithful resolution of it: no `$ref` left dangling, no branch of an `anyOf`
 * lost, no nested object cut down (support/schema-shape.ts says exactly what is compared). Continue CLI 1.5.47
 * handed its model only `properties` and `required`, so a schema using `$defs` arrived with a dangling `$ref`.
 * A host that does not say what schema it hands the model (no `inputSchema`) leaves the clause unjudged.
 */
import fc from "fast-check";
import { defineClause, describeTool, lifecycleWorld, probeOf, routeOf, worldOf, type World } from "../harness/index.ts";
import { schemaUnfaithfulness } from "./support/schema-shape.ts";

/** The schemas the clause is about, one per situation; each accepts the harness's probe argument. */
export const intactSchemas = {
  /** An order and its lines defined once in `$defs`, reached by `$ref` (two levels). */
  "schema:refs": {
    type: "object",
    properties: { probe: { type: "string" }, order: { $ref: "#/$defs/Order" } },
    $defs: {
      Order: { type: "object", properties: { id: { type: "string" }, lines: { type: "array", items: { $ref: "#/$defs/Line" } } }, required: ["id", "lines"] },
      Line: { type: "object", properties: { sku: { type: "string" }, qty: { type: "integer" } }, required: ["sku", "qty"] },
    },
  },
  /** A payment that is a card or a bank account (`anyOf` of two objects), and a nullable note. */
  "schema:any-of": {
    type: "object",
    properties: {
      probe: { type: "string" },
      payment: {
        anyOf: [
          { type: "object", properties: { card: { type: "string" } }, required: ["card"] },
          { type: "object", properties: { iban: { type: "string" }, bic: { type: "string" } }, required: ["iban"] },
        ],
      },
      note: { anyOf: [{ type: "string" }, { type: "null" }] },
    },
  },
  /** Objects three levels deep, each with a required property and an enum at the bottom. */
  "schema:nested": {
    type: "object",
    properties: {
      probe: { type: "string" },
      shipment: {
        type: "object",
        properties: {
          address: {
            type: "object",
            properties: { street: { type: "string" }, country: { type: "string", enum: ["DE", "FR", "JP"] }, geo: { type: "object", properties: { lat: { type: "number" }, lon: { type: "number" } }, required: ["lat", "lon"] } },
            required: ["street", "country"],
          },
        },
        required: ["address"],
      },
    },
  },
} as const;

/** A situation of this clause: which kind of schema a tool carries. */
type SchemaKind = keyof typeof intactSchemas;
const kinds = Object.keys(intactSchemas) as SchemaKind[];

/** The tool `name` of `key` carrying the schema of `kind`. */
const schemaTool = (key: string, name: string, kind: SchemaKind) => ({ name, description: describeTool(key, name), inputSchema: structuredClone(intactSchemas[kind]) as Record<string, unknown> });

/** `world` with its tools' schemas replaced by `picks` (one kind per tool, cycling), every kind at least once where it has room. */
function withSchemas(world: World, picks: readonly SchemaKind[]): World {
  let at = 0;
  return { servers: world.servers.map((server) => ({ ...server, tools: server.tools.map((tool) => schemaTool(server.key, tool.name, picks[at++ % picks.length]!)) })) };
}

/** The kind of schema a world's tool carries, by its (server, wire name). */
function kindOf(world: World, server: string, tool: string): SchemaKind | undefined {
  const schema = world.servers.find((each) => each.key === server)?.tools.find((each) => each.name === tool)?.inputSchema;
  return kinds.find((kind) => JSON.stringify(intactSchemas[kind]) === JSON.stringify(schema));
}

export const inputSchemaIntact = defineClause({
  id: "schema/input-schema-intact",
  level: "MUST",
  summary: "hand the model each tool's input schema as the server gave it, or a faithful resolution of it ($ref resolved or kept with what it points to, every anyOf branch, every nested property and required list; a property of the host's own may be added), never a fragment with dangling references",
  why:
    "The schema is how the model learns what arguments a tool takes. A host that cuts it down hands the model a " +
    "schema the server did not write: Continue CLI 1.5.47 kept only properties and required, so a server's " +
    "$defs were left behind and every $ref into them dangled; the model then guesses the nested arguments, the " +
    "server refuses the call, and a provider that checks schemas refuses the whole request.",
  checkSituations: {
    "schema:refs": "a shown tool whose server schema defines its parts in $defs and reaches them by $ref was compared",
    "schema:any-of": "a shown tool whose server schema has anyOf branches of objects, and a nullable property, was compared",
    "schema:nested": "a shown tool whose server schema nests objects three deep, each with required properties, was compared",
  },
  sources: ["MCP spec Tools: inputSchema", "found by hand: Continue CLI 1.5.47"],
  arbitrary: () =>
    fc.record({ world: lifecycleWorld({ maxServers: 2, maxTools: 3 }), picks: fc.array(fc.constantFrom(...kinds), { minLength: 1, maxLength: 4 }) })
      .map(({ world, picks }) => withSchemas(world, picks)),
  coverage: () => kinds.map((kind) => ({
    hazard: kind,
    title: `alpha: order, search · beta: query, each with the ${kind.slice("schema:".length)} schema`,
    value: withSchemas(worldOf(["alpha", ["order", "search"]], ["beta", ["query"]]), [kind]),
  })),
  worlds: (value: World) => [value],
  requires: ["schema:refs", "schema:any-of", "schema:nested"],
  async check(env, value) {
    const observation = await env.observe(value);
    const judged = new Set<string>();
    const problems: string[] = [];
    for (const tool of observation.tools) {
      const probe = tool.identity ? undefined : probeOf(observation, tool);
      const route = probe ? routeOf(probe) : undefined;
      const who = tool.identity ?? (route ? { server: route.server, tool: route.tool } : undefined);
      const kind = who ? kindOf(value, who.server, who.tool) : undefined;
      // A host that does not say what schema it hands the model leaves that tool unjudged.
      if (!who || !kind || tool.inputSchema === undefined) continue;
      judged.add(kind);
      const wrong = schemaUnfaithfulness(intactSchemas[kind], tool.inputSchema);
      if (wrong) problems.push(`tool "${who.tool}" of "${who.server}" is handed to the model with an input schema that is not the server's: ${wrong}`);
    }
    if (problems.length === 0) return { ok: true, judged: [...judged] };
    return {
      ok: false,
      judged: [...judged],
      expected: "every shown tool's input schema as the server gave it, or resolved faithfully (references resolved or kept with their targets, every branch and nested property)",
      observed: problems.join("; "),
    };
  },
});

/** The tool-definition clauses in catalogue order. */
export const definitionClauses = [inputSchemaIntact];
