/**
 * The named worlds `mcp-collide serve` starts: the constructed worlds of the clauses' coverage plans
 * (harness/world/hazard-worlds.ts, shipped-hazard-worlds.ts), each the smallest world that holds one hazard,
 * wire/identity-by-key's two by name (`same-launch-command`, `same-origin`), and `list-changed`, drift/list-changed's world (a server that changes its list and notifies once an app
 * has listed it). A world whose hazard is an action only an adapter could take (a refresh, a local tool, a pin)
 * is not served: an app offers no way to ask for it.
 */
import type { DriftStepInput } from "../../fake-servers/index.ts";
import { hazardWorlds, worldOf, type HazardWorld } from "../world/hazard-worlds.ts";
import { shippedHazardWorlds } from "../world/shipped-hazard-worlds.ts";
import type { World } from "../world/world.ts";

/** One world serve can start, and how. */
export interface ServedWorldSpec {
  name: string;
  /** What the world is, in a few words (its servers and tools). */
  title: string;
  world: World;
  /** The transport its servers get unless the user chooses (HTTP where servers share a URL, else stdio). */
  transport: "stdio" | "http";
  /** A change server `server` makes once an app has listed it (then it sends notifications/tools/list_changed). */
  drift?: { server: string; steps: DriftStepInput[]; what: string };
}

/**
 * The transport a world needs: servers at one URL, and servers down as only an HTTP server can be (a closed
 * port, a reset, a silent accept), exist only over HTTP; the rest are served over stdio, which every host loads.
 */
export function transportOf(world: World): "stdio" | "http" {
  const httpOnly = world.servers.some((server) => server.sharedUrl !== undefined || ["refused", "reset", "silent"].includes(server.unreachableAs ?? ""));
  return httpOnly ? "http" : "stdio";
}

const fromTable = (table: Readonly<Record<string, HazardWorld>>): ServedWorldSpec[] =>
  Object.entries(table).map(([name, { title, world }]) => ({ name, title, world: structuredClone(world), transport: transportOf(world) }));

/** Every named world, in catalogue order. */
export function servedWorlds(): ServedWorldSpec[] {
  return [
    ...fromTable(hazardWorlds),
    ...fromTable(shippedHazardWorlds),
    // wire/identity-by-key's hazards by name: two-servers over the transport that makes its targets look alike.
    { name: "same-launch-command", title: "one launch command under two keys, told apart only by its environment (stdio): alpha: request · beta: search", world: worldOf(["alpha", ["request"]], ["beta", ["search"]]), transport: "stdio" },
    { name: "same-origin", title: "two keys at two paths of one HTTP origin: alpha: request · beta: search", world: worldOf(["alpha", ["request"]], ["beta", ["search"]]), transport: "http" },
    {
      name: "list-changed",
      title: "alpha (request, search, advertising listChanged) removes search and notifies, once the app has listed it",
      world: worldOf({ key: "alpha", tools: ["request", "search"], listChanged: true }),
      transport: "stdio",
      drift: { server: "alpha", steps: [{ kind: "remove", name: "search" }, { kind: "notify" }], what: "removes search" },
    },
  ];
}

/** The named world `name`, or undefined. */
export function servedWorld(name: string): ServedWorldSpec | undefined {
  return servedWorlds().find((spec) => spec.name === name);
}
