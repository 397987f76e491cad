import type { Arbitrary } from "fast-check";
import type { World } from "../world/world.ts";
import { permutation } from "./permutation.ts";

/**
 * The same world with its servers in another configuration order (each permutation equally likely;
 * shrinks toward the order given). For `order/config-permutation`. To draw a world and an order
 * together without `chain`, use {@link ordering} and {@link reorder} instead.
 */
export function configOrder(world: World): Arbitrary<World> {
  return permutation(world.servers).map((servers) => ({ ...world, servers }));
}
