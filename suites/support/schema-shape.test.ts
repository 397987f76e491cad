import { describe, expect, it } from "vitest";
import { intactSchemas } from "../definition.suite.ts";
import { danglingRefs, schemaUnfaithfulness } from "./schema-shape.ts";

const refs = intactSchemas["schema:refs"];

/** `refs` with every reference replaced by what it points to: a faithful resolution. */
const inlined = {
  type: "object",
  properties: {
    probe: { type: "string", description: "added by the host" },
    order: {
      type: "object",
      properties: { id: { type: "string" }, lines: { type: "array", items: refs.$defs.Line } },
      required: ["lines", "id"],
    },
  },
  additionalProperties: false,
};

describe("schemaUnfaithfulness", () => {
  it("takes the server's schema, and one with its references resolved in place, as intact", () => {
    for (const schema of Object.values(intactSchemas)) expect(schemaUnfaithfulness(schema, structuredClone(schema))).toBeUndefined();
    expect(schemaUnfaithfulness(refs, inlined)).toBeUndefined();
    // $defs moved to draft-07's definitions, the references with them.
    const moved = JSON.parse(JSON.stringify(refs).replaceAll("#/$defs/", "#/definitions/").replace('"$defs"', '"definitions"'));
    expect(schemaUnfaithfulness(refs, moved)).toBeUndefined();
  });

  it("lets a host add a property of its own (Gemini CLI's wait_for_previous), never drop, retype or re-require one of the server's", () => {
    const nested = intactSchemas["schema:nested"];
    const added = { ...nested, properties: { ...nested.properties, wait_for_previous: { type: "boolean" } }, required: ["wait_for_previous"] };
    expect(schemaUnfaithfulness(nested, added)).toBeUndefined();
    const retyped = { ...nested, properties: { ...nested.properties, probe: { type: "number" } } };
    expect(schemaUnfaithfulness(nested, retyped)).toMatch(/properties\.probe, type/);
    const demanding = { ...nested, required: ["probe"] };
    expect(schemaUnfaithfulness(nested, demanding)).toMatch(/required: the server's schema says nothing, the model gets \["probe"\]/);
  });

    it("finds the $ref Continue CLI 1.5.47 left dangling: properties and required kept, $defs dropped", () => {
    const cut = { type: "object", properties: refs.properties };
    expect(danglingRefs(cut)).toEqual(['"#/$defs/Order" at properties.order']);
    expect(schemaUnfaithfulness(refs, cut)).toMatch(/resolve to nothing.*#\/\$defs\/Order/);
  });

  it("reads a nullable written three ways as one, and finds a lost branch, property or required entry", () => {
    const anyOf = intactSchemas["schema:any-of"];
    const note = (shape: unknown) => ({ ...anyOf, properties: { ...anyOf.properties, note: shape } });
    expect(schemaUnfaithfulness(anyOf, note({ type: ["string", "null"] }))).toBeUndefined();
    expect(schemaUnfaithfulness(anyOf, note({ type: "string", nullable: true }))).toBeUndefined();
    const oneBranch = { ...anyOf, properties: { ...anyOf.properties, payment: anyOf.properties.payment.anyOf[0] } };
    expect(schemaUnfaithfulness(anyOf, oneBranch)).toMatch(/properties\.payment/);
    const nested = intactSchemas["schema:nested"];
    const flat = structuredClone(nested) as unknown as { properties: { shipment: { properties: { address: { properties: Record<string, unknown>; required: string[] } } } } };
    delete flat.properties.shipment.properties.address.properties.geo;
    expect(schemaUnfaithfulness(nested, flat)).toMatch(/properties\.shipment\.properties\.address\.properties\.geo/);
    const loose = structuredClone(nested) as unknown as typeof flat;
    loose.properties.shipment.properties.address.required = ["street"];
    expect(schemaUnfaithfulness(nested, loose)).toMatch(/required/);
  });

  it("compares a recursive schema by where its references point, without unrolling it for ever", () => {
    const tree = { type: "object", properties: { root: { $ref: "#/$defs/Node" } }, $defs: { Node: { type: "object", properties: { children: { type: "array", items: { $ref: "#/$defs/Node" } } } } } };
    expect(schemaUnfaithfulness(tree, structuredClone(tree))).toBeUndefined();
    expect(schemaUnfaithfulness(tree, { type: "object", properties: { root: { type: "object" } } })).toMatch(/children/);
  });
});
