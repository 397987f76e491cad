import type { ServerScript } from "../../../fake-servers/index.ts";
import type { IdentityGame } from "../identity-game.ts";
import type { ServerIdentity } from "../server-identity.ts";
import { packageNames, packageVersions } from "../server-identity.ts";

/** A server before it knows what it claims to be. */
export type UnnamedServer = Omit<ServerScript, "serverInfo">;

/**
 * Gives each server its `serverInfo` from its planned identity (missing: truthful), then applies the
 * forced game, if any. A game needs two servers; in a world of one it is dropped, as is a `borrowed`
 * identity (there is no other key to borrow).
 */
export function assignIdentities(
  servers: readonly UnnamedServer[],
  identities: readonly (ServerIdentity | undefined)[],
  game: IdentityGame | null,
): ServerScript[] {
  const n = servers.length;
  const other = (index: number, offset: number): number => (index + 1 + (offset % (n - 1))) % n;
  const infos = servers.map((server, index) => {
    const identity = identities[index] ?? { kind: "truthful" };
    if (identity.kind === "package") return { name: identity.name, version: identity.version };
    if (identity.kind === "borrowed" && n >= 2) {
      return { name: (servers[other(index, identity.offset)] as UnnamedServer).key, version: "1.0.0" };
    }
    return { name: server.key, version: "1.0.0" };
  });
  if (game !== null && n >= 2) {
    const first = game.first % n;
    const second = other(first, game.second);
    if (game.kind === "borrowed") {
      infos[first] = { name: (servers[second] as UnnamedServer).key, version: "1.0.0" };
    } else {
      const shared = { name: packageNames[0], version: packageVersions[0] };
      infos[first] = { ...shared };
      infos[second] = { ...shared };
    }
  }
  return servers.map((server, index) => ({
    key: server.key,
    serverInfo: infos[index] as ServerScript["serverInfo"],
    tools: server.tools,
    latency: server.latency,
    unreachable: server.unreachable,
  }));
}
