/**
 * `guard/local-occupant` for a host whose local tools are fixed (HAP/1 `builtinTools`: an agent CLI's
 * built-ins such as Claude Code's `Bash`, which nobody registers from outside): the case is a server's tool
 * named like one of them. The built-in must keep its name (no server's tool shown under it, a call of it
 * reaching no server), and the server's tool must be shown under a name of its own or refused with an error
 * naming its server, never lost without a word.
 */
import fc from "fast-check";
import {
  errorNamesServer, lifecycleWorld, worldOf, type CheckOutcome, type ConstructedCase, type LifecycleWorld, type World,
} from "../../harness/index.ts";
import { quoted } from "./lifecycle.ts";

/** A world whose first server advertises `builtin` in place of its tool at `target` (wrapping), keeping its other fields; as it is when it has `builtin` already. */
export function withBuiltinNamed(world: World, builtin: string, target: number): World {
  const [first, ...rest] = world.servers;
  if (!first) return world;
  const names = first.tools.map((tool) => tool.name);
  if (names.includes(builtin)) return world;
  names.splice(target % Math.max(names.length, 1), names.length === 0 ? 0 : 1, builtin);
  const renamed = worldOf([first.key, names]).servers[0]!;
  return { servers: [{ ...first, tools: renamed.tools }, ...rest] };
}

/** A case of a server's tool named like one of the host's built-ins. */
export interface BuiltinCase {
  world: World;
  /** The built-in's name, which the world's first server also advertises. */
  builtin: string;
}

/** Random built-in cases: a lifecycle world whose first server advertises one of `builtins` among its tools. */
export function builtinCases(builtins: readonly string[]): fc.Arbitrary<BuiltinCase> {
  return fc.record({ world: lifecycleWorld(), pick: fc.nat({ max: builtins.length - 1 }), target: fc.nat({ max: 1 }) })
    .map(({ world, pick, target }) => ({ world: withBuiltinNamed(world, builtins[pick]!, target), builtin: builtins[pick]! }));
}

/** The constructed case: alpha's `request` beside a tool named like the host's first built-in, and beta's `search`. */
export function builtinCoverage(builtins: readonly string[]): ConstructedCase<BuiltinCase>[] {
  const builtin = builtins[0];
  if (builtin === undefined) return [];
  return [{
    hazard: "local-occupied",
    title: `alpha: ${builtin}, request · beta: search (${JSON.stringify(builtin)} is one of the host's built-in tools)`,
    value: { world: worldOf(["alpha", [builtin, "request"]], ["beta", ["search"]]), builtin },
  }];
}

/** Judges one built-in case on its running world. */
export async function checkBuiltinNamed(live: LifecycleWorld, value: BuiltinCase): Promise<CheckOutcome> {
  const key = value.world.servers[0]!.key;
  const name = value.builtin;
  const session = await live.open();
  const shown = await session.tools();
  const problems: string[] = [];
  // The built-in's own identity is its bare name: a namespaced tool of the same name is another identity.
  const holders = shown.filter((tool) => tool.name === name && tool.namespace === undefined);
  if (holders.length > 0) {
    problems.push(`the built-in's name ${JSON.stringify(name)} is shown for ${holders.map((tool) => (tool.identity ? `"${tool.identity.tool}" of "${tool.identity.server}"` : "a tool whose description names no server")).join(" and ")}`);
  }
  const call = await session.call(name);
  if (call.deliveries.length > 0) problems.push(`a call of the built-in ${JSON.stringify(name)} reached ${quoted(call.deliveries.map((record) => `${record.tool} at ${record.server}`))}`);
  const elsewhere = shown.filter((tool) => tool.identity?.server === key && tool.identity.tool === name && !(tool.name === name && tool.namespace === undefined));
  if (elsewhere.length === 0 && !session.opened.outcome.errors.some((error) => errorNamesServer(error, key))) {
    problems.push(`"${name}" of "${key}" is shown under no name of its own and no error names "${key}"`);
  }
  if (problems.length === 0) return { ok: true, judged: ["local-occupied"] };
  return {
    ok: false,
    expected: `the built-in ${JSON.stringify(name)} keeps its name (a call of it reaching no server), and "${name}" of "${key}" shown under another name or refused with an error naming "${key}"`,
    observed: problems.join("; "),
    judged: ["local-occupied"],
  };
}
