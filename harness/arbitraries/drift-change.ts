import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";
import type { DriftStep, ToolDefinition } from "../../fake-servers/index.ts";
import { describeTool } from "../world/tool-identity.ts";
import { fakeTool } from "./_internals/fake-tool.ts";
import { toolNamePool } from "./tool-name.ts";

/** The kinds of list change a drift script makes, simplest first (shrinking walks toward `add`). */
export const driftChangeKinds = ["add", "remove", "rename", "describe", "input-schema", "output-schema"] as const;
/** One kind of list change. */
export type DriftChangeKind = (typeof driftChangeKinds)[number];

/**
 * Where a new name comes from: the shared pool, or another server's current list, so a rename or an add
 * lands on a name another server already uses (the shadowing case the field guide's lab walks through).
 */
export interface NamePick {
  from: "pool" | "other-server";
  pick: number;
}

/**
 * A drift step described without reference to any server's current list: indices pick the tool and the
 * new name when the step is resolved ({@link resolveDriftChange}). A sequence of these stays meaningful
 * while fast-check drops steps around it, which a step naming concrete tools would not.
 */
export type DriftChange =
  | { kind: "add"; name: NamePick }
  | { kind: "remove"; pick: number }
  | { kind: "rename"; pick: number; to: NamePick }
  | { kind: "describe"; pick: number; revision: number }
  | { kind: "input-schema"; pick: number; variant: number }
  | { kind: "output-schema"; pick: number; variant: number };

/**
 * Input schemas a drifted tool may take. Each still accepts what the harness sends (a `probe` string),
 * so a drift never turns a routing check into an argument error; each differs from the generated one.
 */
export const driftInputSchemas: readonly Record<string, unknown>[] = [
  { type: "object", properties: { probe: { type: "string" }, limit: { type: "integer", minimum: 1 } } },
  { type: "object", properties: { probe: { type: "string" }, mode: { type: "string", enum: ["fast", "full"] } } },
  { type: "object", properties: { probe: { type: "string", maxLength: 200 } }, additionalProperties: true },
];

/** Output schemas a drifted tool may take (`null`: none); each fits what a fake server answers. */
export const driftOutputSchemas: readonly (Record<string, unknown> | null)[] = [
  { type: "object", properties: { server: { type: "string" }, tool: { type: "string" } } },
  { type: "object", properties: { server: { type: "string" } }, required: ["server"] },
  null,
];

// Another server's name twice as often as the pool's: landing on a name in use is the interesting drift.
const namePick: Arbitrary<NamePick> = fc.record({
  from: fc.oneof({ withCrossShrink: true }, { arbitrary: fc.constant("pool" as const), weight: 1 }, { arbitrary: fc.constant("other-server" as const), weight: 2 }),
  pick: fc.nat({ max: 15 }),
});
const pick = fc.nat({ max: 15 });

/** Options of {@link driftChange}. */
export interface DriftChangeOptions {
  /** Kinds to draw (default: all). */
  kinds?: readonly DriftChangeKind[];
  /** Relative weight of each kind (default 1 each). */
  weights?: Partial<Record<DriftChangeKind, number>>;
}

/** A drift change of one of `kinds`; shrinks toward the first kind, the first tool and the pool. */
export function driftChange(options: DriftChangeOptions = {}): Arbitrary<DriftChange> {
  const kinds = driftChangeKinds.filter((kind) => (options.kinds ?? driftChangeKinds).includes(kind));
  if (kinds.length === 0) throw new RangeError("driftChange: at least one kind is needed");
  const byKind: Record<DriftChangeKind, Arbitrary<DriftChange>> = {
    add: fc.record({ kind: fc.constant("add" as const), name: namePick }),
    remove: fc.record({ kind: fc.constant("remove" as const), pick }),
    rename: fc.record({ kind: fc.constant("rename" as const), pick, to: namePick }),
    describe: fc.record({ kind: fc.constant("describe" as const), pick, revision: fc.nat({ max: 9 }) }),
    "input-schema": fc.record({ kind: fc.constant("input-schema" as const), pick, variant: fc.nat({ max: driftInputSchemas.length - 1 }) }),
    "output-schema": fc.record({ kind: fc.constant("output-schema" as const), pick, variant: fc.nat({ max: driftOutputSchemas.length - 1 }) }),
  };
  return fc.oneof({ withCrossShrink: true }, ...kinds.map((kind) => ({ arbitrary: byKind[kind], weight: options.weights?.[kind] ?? 1 })));
}

/** A name `key` does not advertise yet: from another server's list when asked and possible, else the pool. */
function newName(choice: NamePick, own: readonly string[], others: readonly string[]): string | undefined {
  const fresh = (names: readonly string[]) => [...new Set(names)].filter((name) => !own.includes(name));
  const elsewhere = fresh(others);
  const candidates = choice.from === "other-server" && elsewhere.length > 0 ? elsewhere : fresh(toolNamePool);
  return candidates.length > 0 ? candidates[choice.pick % candidates.length] : undefined;
}

/**
 * The concrete step `change` stands for on server `key` whose list is `tools`, given the names the other
 * servers advertise; undefined when it does not apply (nothing to remove, no name left to add). Every tool
 * it creates carries the identity marker of its (key, name), so the harness recognises it under any name.
 */
export function resolveDriftChange(change: DriftChange, key: string, tools: readonly ToolDefinition[], others: readonly string[]): DriftStep | undefined {
  const own = tools.map((tool) => tool.name);
  if (change.kind === "add") {
    const name = newName(change.name, own, others);
    return name === undefined ? undefined : { kind: "add", tool: fakeTool(key, name) };
  }
  if (tools.length === 0) return undefined;
  const target = tools[change.pick % tools.length]!.name;
  switch (change.kind) {
    case "remove":
      return { kind: "remove", name: target };
    case "rename": {
      const to = newName(change.to, own, others);
      return to === undefined ? undefined : { kind: "rename", from: target, to, description: describeTool(key, to) };
    }
    case "describe":
      return { kind: "describe", name: target, description: describeTool(key, target, `Fake tool, revised (${change.revision + 1})`) };
    case "input-schema":
      return { kind: "input-schema", name: target, inputSchema: structuredClone(driftInputSchemas[change.variant % driftInputSchemas.length]!) };
    case "output-schema":
      return { kind: "output-schema", name: target, outputSchema: structuredClone(driftOutputSchemas[change.variant % driftOutputSchemas.length]!) };
  }
}
