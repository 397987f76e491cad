/**
 * fast-check arbitraries that generate worlds for mcp-collide: configuration keys, wire names, latencies
 * and identities; whole servers and worlds; worlds aimed at one situation; reorderings; and the
 * lifecycle material: collision-free worlds, worlds holding one hazard alone, worlds with servers that
 * fail to load, drift changes and hostile schemas.
 * Everything here shrinks toward simple worlds. Anything not listed is internal.
 */
export { toolName, toolNameFamilies, toolNamePool } from "./tool-name.ts";
export type { ToolNameFamily, ToolNameOptions } from "./tool-name.ts";
export { serverKey, serverKeyFamilies, serverKeyPool } from "./server-key.ts";
export type { ServerKeyFamily, ServerKeyOptions } from "./server-key.ts";
export { crossShrink } from "./cross-shrink.ts";
export { latency } from "./latency.ts";
export type { LatencyOptions } from "./latency.ts";
export { serverIdentity } from "./server-identity.ts";
export type { IdentityMode, ServerIdentity, ServerIdentityOptions } from "./server-identity.ts";
export { identityGame } from "./identity-game.ts";
export type { IdentityGame, IdentityGameOptions } from "./identity-game.ts";
export { serverScript } from "./server-script.ts";
export type { ServerScriptOptions, UnreachableMode } from "./server-script.ts";
export { world } from "./world.ts";
export type { WorldOptions } from "./world.ts";
export { collidingWorld } from "./colliding-world.ts";
export { separatorClashWorld } from "./separator-clash-world.ts";
export type { SeparatorClashWorldOptions } from "./separator-clash-world.ts";
export { longNameWorld } from "./long-name-world.ts";
export { spoofedWorld } from "./spoofed-world.ts";
export { permutation } from "./permutation.ts";
export { ordering, reorder } from "./ordering.ts";
export type { Ordering, OrderingOptions } from "./ordering.ts";
export { configOrder } from "./config-order.ts";
export { toolOrder } from "./tool-order.ts";
export { lifecycleWorld } from "./lifecycle-world.ts";
export { failingWorld, loadFailures } from "./failing-world.ts";
export { aloneHazards, aloneWorld } from "./alone-world.ts";
export type { AloneHazard, AloneWorldOptions } from "./alone-world.ts";
export type { FailingWorldOptions, LoadFailure } from "./failing-world.ts";
export type { LifecycleWorldOptions } from "./lifecycle-world.ts";
export { driftChange, driftChangeKinds, driftInputSchemas, driftOutputSchemas, resolveDriftChange } from "./drift-change.ts";
export type { DriftChange, DriftChangeKind, DriftChangeOptions, NamePick } from "./drift-change.ts";
export { hostileSchema, hostileSchemaKinds, hostileSchemaOf, hostileTool } from "./hostile-schema.ts";
export type { HostileSchema, HostileSchemaKind } from "./hostile-schema.ts";
export { contextWorld } from "./context-world.ts";
export type { ContextWorldOptions } from "./context-world.ts";
export { MAX_SERVERS_PER_WORLD, MAX_TOOLS_PER_SERVER, MAX_WORLDS_PER_CASE, MAX_WORLD_BYTES, worldBoundsBreach } from "./world-bounds.ts";
