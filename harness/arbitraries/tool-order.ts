import type { Arbitrary } from "fast-check";
import type { ServerScript } from "../../fake-servers/index.ts";
import { permutation } from "./permutation.ts";

/**
 * The same server advertising its tools in another order (each permutation equally likely; shrinks toward
 * the order given): a host must not let list order decide names or routes.
 */
export function toolOrder(server: ServerScript): Arbitrary<ServerScript> {
  return permutation(server.tools).map((tools) => ({ ...server, tools }));
}
