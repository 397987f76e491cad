/**
 * Clauses `guard/*`: local tools and server tools competing for one name (ADR-0112 P8 and its delta #8,
 * D1 last bullet, D3). Worlds are collision-free, so only the guard is judged.
 */
import fc from "fast-check";
import {
  constructed, defineClause, DETERMINISM_CLAUSE, errorNamesServer, lifecycleWorld, ordering, reorder, withLifecycleWorld, type Capabilities, type ConstructedCase, type LocalShape, type Ordering, type World,
} from "../harness/index.ts";
import { builtinCases, builtinCoverage, checkBuiltinNamed, type BuiltinCase } from "./support/builtin-named.ts";
import { identify, quoted } from "./support/lifecycle.ts";

interface ShapeCase {
  world: World;
  /** Which shown tool the local registrations aim at. */
  target: number;
  /** The order the accepted shapes are tried in. */
  order: Ordering;
}

export const everyShape = defineClause({
  id: "guard/every-shape",
  level: "MUST",
  summary: "refuse to register a local tool under a name already shown, for every shape it accepts, and keep routing the name to its server",
  why:
    "A duplicate guard must hold for every way the host accepts a registration. One registry checked " +
    "tools passed as objects, as names and as functions, but had no arm for a one-entry configuration " +
    "mapping, so a mapping silently replaced a tool already shown: the same displacement a deliberate " +
    "overwrite flag causes, reachable without any flag.",
  needs: ["registerLocal"],
  checkSituations: {
    "guard-attempt": "a local tool was registered, in one of the shapes the host declares, under a name a server's tool already holds",
  },
  sources: ["ADR-0112 P8 third shape, delta #8"],
  notApplicable: (env) => (env.capabilities.registerLocal.length === 0 ? "the host declares no session/registerLocal shapes" : undefined),
  arbitrary: () => fc.record({ world: lifecycleWorld(), target: fc.nat({ max: 7 }), order: ordering({ maxLength: 4 }) }),
  coverage: () => constructed(["two-servers"], (world) => ({ world, target: 0, order: [] }), ", a local tool registered onto alpha's name in every declared shape")
    .map((built) => ({ ...built, hazard: "guard-attempt" })),
  worlds: (value: ShapeCase) => [value.world],
  requires: ["guard-attempt"],
  check: (env, value) =>
    withLifecycleWorld(env, value.world, async (live) => {
      const session = await live.open();
      const shown = (await identify(session, await session.tools())).filter((tool) => tool.server !== undefined);
      if (shown.length === 0) return { ok: true, judged: [] };
      const target = shown[value.target % shown.length]!;
      // Every shape the host says it accepts, each case: a hole in one shape is the whole point (P8).
      const shapes: LocalShape[] = reorder(env.capabilities.registerLocal, value.order);
      const problems: string[] = [];
      for (const shape of shapes) {
        const result = await session.registerLocal(target.name, shape);
        if (result.ok) problems.push(`registerLocal(${JSON.stringify(target.name)}, ${shape}) was accepted`);
      }
      const holders = (await identify(session, await session.tools())).filter((tool) => tool.name === target.name);
      const call = await session.call(target.name);
      const reached = call.deliveries.map((record) => `"${record.server}"`);
      if (holders.length !== 1 || holders[0]!.server !== target.server || holders[0]!.tool !== target.tool) {
        problems.push(`afterwards ${JSON.stringify(target.name)} stands for ${holders.length === 0 ? "nothing a server has" : holders.map((h) => `"${h.tool}" of "${h.server}"`).join(" and ")}`);
      }
      if (call.deliveries.length !== 1 || call.deliveries[0]!.server !== target.server) problems.push(`a call of it reached ${quoted(reached)}`);
      const judged = ["guard-attempt", ...shapes.map((shape) => `shape:${shape}`)];
      if (problems.length === 0) return { ok: true, judged };
      return {
        ok: false,
        expected: `every registration onto "${target.name}" (tool "${target.tool}" of "${target.server}") refused, in every shape, and the name still routed to "${target.server}"`,
        observed: problems.join("; "),
        judged,
      };
    }),
});

interface OccupantCase {
  world: World;
  /** Which tool's name the local tool takes. */
  target: number;
  /** Which shape the local tool is registered in. */
  shape: number;
}

/** The host's local tools are fixed (HAP/1 `builtinTools`) and it takes none at open. */
const builtinsOnly = (capabilities: Capabilities) => !capabilities.localTools && capabilities.builtinTools.length > 0;

export const localOccupant = defineClause({
  id: "guard/local-occupant",
  level: "MUST",
  summary: "when a local tool already holds the name a server's tool would get, report an error for that server and keep the local tool",
  why:
    "A server's tool must never replace a tool the application registered itself: the model keeps calling" +
    " the same name and now reaches a remote server instead of local code. The name belongs to whoever " +
    "claimed it first; the host refuses the server's tool and says so. A host whose local tools are " +
    "fixed (an agent CLI's built-ins, declared as builtinTools) is judged on a server's tool named like " +
    "one of them, the name a hostile server would pick to catch calls meant for Bash or read_file.",
  needs: ["localTools"],
  checkSituations: {
    "local-occupied": "a local tool already held a name a server's tool would take: the name the host shows it under (a local tool registered at open), or its own name (one of the host's built-in tools)",
  },
  sources: ["ADR-0112 D1 last bullet, D3"],
  notApplicable: (env) => (env.capabilities.localTools || env.capabilities.builtinTools.length > 0 ? undefined : "the host does not declare localTools"),
  arbitrary: (env): fc.Arbitrary<OccupantCase | BuiltinCase> => (builtinsOnly(env.capabilities)
    ? builtinCases(env.capabilities.builtinTools)
    : fc.record({ world: lifecycleWorld(), target: fc.nat({ max: 7 }), shape: fc.nat({ max: 3 }) })),
  // One case per shape the host accepts a local tool in (a hole in one shape is the point).
  coverage: (env): ConstructedCase<OccupantCase | BuiltinCase>[] => (builtinsOnly(env.capabilities) ? builtinCoverage(env.capabilities.builtinTools) : (env.capabilities.registerLocal.length > 0 ? env.capabilities.registerLocal : ["object"]).flatMap((shape, index) =>
    constructed(["two-servers"], (world) => ({ world, target: 0, shape: index }), `, a local ${shape} tool already holding alpha's name`)
      .map((built) => ({ ...built, hazard: "local-occupied" })))),
  worlds: (value: OccupantCase | BuiltinCase) => [value.world],
  requires: ["local-occupied"],
  check: (env, value) =>
    withLifecycleWorld(env, value.world, async (live) => {
      if ("builtin" in value) return checkBuiltinNamed(live, value);
      // The name a tool "would get" is the one the host gives it when nothing else holds it: ask first.
      const first = await live.open();
      const shown = await identify(first, await first.tools());
      await first.close();
      if (shown.length === 0) return { ok: true, judged: [] };
      const target = shown[value.target % shown.length]!;
      const shapes = env.capabilities.registerLocal.length > 0 ? env.capabilities.registerLocal : (["object"] as const);
      const shape = shapes[value.shape % shapes.length]!;
      const session = await live.open({ localTools: [{ name: target.name, shape }] });
      const problems: string[] = [];
      if (!session.opened.outcome.errors.some((error) => errorNamesServer(error, target.server))) {
        problems.push(`no error names "${target.server}"`);
      }
      const after = await session.tools();
      const holders = after.filter((tool) => tool.name === target.name);
      const call = await session.call(target.name);
      if (holders.length === 0) problems.push(`"${target.name}" is no longer shown: the local tool is gone`);
      if (holders.length > 1) problems.push(`"${target.name}" is shown ${holders.length} times`);
      if (call.deliveries.length > 0) problems.push(`a call of "${target.name}" reached ${quoted(call.deliveries.map((record) => `${record.tool} at ${record.server}`))} instead of the local tool`);
      if (problems.length === 0) return { ok: true, judged: ["local-occupied"] };
      // The local tool met the server's tool only if the host gives that tool the same name on every open:
      // one more open without it tells (names/deterministic is the clause about a host that does not).
      await session.close();
      const again = await live.open();
      const control = (await identify(again, await again.tools())).find((tool) => tool.server === target.server && tool.tool === target.tool);
      if (control?.name !== target.name) {
        const then = control ? `as ${JSON.stringify(control.name)}` : "not at all";
        return { ok: true, judged: [], confound: { cause: "non-deterministic", clause: DETERMINISM_CLAUSE, detail: `two opens of the same configuration ${quoted(value.world.servers.map((server) => server.key))} with no local tool showed "${target.tool}" of "${target.server}" as ${JSON.stringify(target.name)}, then ${then}: the local tool may never have met it` } };
      }
      const moved = after.find((tool) => tool.identity?.server === target.server && tool.identity.tool === target.tool && tool.name !== target.name);
      if (moved) problems.push(`tool "${target.tool}" of "${target.server}" is shown as "${moved.name}" beside the local tool, where two opens without it showed it as "${target.name}"`);
      return {
        ok: false,
        expected: `an error naming "${target.server}", whose tool "${target.tool}" is shown as "${target.name}" when no local tool holds that name, and the local tool (${shape}) kept`,
        observed: problems.join("; "),
        judged: ["local-occupied"],
      };
    }),
});

/** The `guard/*` clauses in catalogue order. */
export const guardClauses = [everyShape, localOccupant];
