import { identityOf } from "../../world/tool-identity.ts";
import { WorldSchema } from "../../world/world.ts";
import type { World } from "../../world/world.ts";

/**
 * What is wrong with a generated world, if anything: the invariants every arbitrary here promises (it
 * parses as a world, keys are unique, names are unique within a server, every description identifies its
 * own (key, name)). Empty when the world is sound. Used by the tests; cheap enough to assert in a suite.
 */
export function worldViolations(world: World): string[] {
  const problems: string[] = [];
  const parsed = WorldSchema.safeParse(world);
  if (!parsed.success) problems.push(`does not parse: ${parsed.error.message}`);
  const keys = world.servers.map((server) => server.key);
  if (new Set(keys).size !== keys.length) problems.push(`keys repeat: ${JSON.stringify(keys)}`);
  for (const server of world.servers) {
    const names = server.tools.map((tool) => tool.name);
    if (new Set(names).size !== names.length) {
      problems.push(`names repeat in ${JSON.stringify(server.key)}: ${JSON.stringify(names)}`);
    }
    for (const tool of server.tools) {
      const identity = identityOf(tool.description);
      if (identity?.server !== server.key || identity.tool !== tool.name) {
        problems.push(`description of ${JSON.stringify([server.key, tool.name])} identifies ${JSON.stringify(identity)}`);
      }
    }
  }
  return problems;
}
