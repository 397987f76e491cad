/**
 * What a correct host shows and does in a served world, for the person at the app: the clauses whose
 * constructed cases open this very world, each in the catalogue's own words, and which of them serve judges
 * from the records when it stops.
 */
import { namingProfile } from "../profiles/naming-profile.ts";
import { CapabilitiesSchema } from "../protocol/initialize-result.ts";
import type { Clause } from "../runner/clause.ts";
import { canonicalJson } from "../world/canonical-json.ts";
import type { World } from "../world/world.ts";

/** The environment constructed cases are built for when no host has been asked: no capability, no profile, no join learnt. */
const plainEnv = { capabilities: CapabilitiesSchema.parse({}), profile: undefined, providerProfile: namingProfile("default"), naming: undefined };

/** The clauses whose coverage plan opens `world` (as its main world), in catalogue order. */
export function clausesAbout(world: World, clauses: readonly Clause[]): Clause[] {
  const wanted = canonicalJson(world.servers);
  return clauses.filter((clause) => {
    try {
      return (clause.coverage?.(plainEnv) ?? []).some((built) => canonicalJson(clause.worlds(built.value)[0]?.servers) === wanted);
    } catch {
      // A plan that needs a host's declaration to be built is not about a world served to an unknown app.
      return false;
    }
  });
}

/** The clauses serve judges from this world's records (the rest it reports NOT-APPLICABLE). */
export function clausesJudged(world: World, clauses: readonly Clause[]): Clause[] {
  const empty = { world, records: [], modelTurns: [], listChangedTimeoutMs: 2_000 };
  return clauses.filter((clause) => clause.judgeRecords?.(empty) !== undefined);
}

/** The checklist's lines: each server and its tools, then each clause's promise, then what serve judges. */
export function checklistLines(world: World, clauses: readonly Clause[]): string[] {
  const about = clausesAbout(world, clauses);
  const judged = clausesJudged(world, clauses);
  return [
    ...world.servers.map((server) => `server "${server.key}": ${server.tools.length > 0 ? server.tools.map((tool) => JSON.stringify(tool.name)).join(", ") : "(no tools)"}${server.unreachable ? " (cannot be reached)" : ""}${server.failure ? ` (fails: ${server.failure})` : ""}${server.pageSize ? ` (in pages of ${server.pageSize})` : ""}`),
    ...(about.length > 0 ? ["a correct host, here:", ...about.map((clause) => `  [${clause.id}] ${clause.summary}`)] : []),
    judged.length > 0
      ? `judged from the records when serve stops: ${judged.map((clause) => clause.id).join(", ")}; everything else is for you to check by eye`
      : "nothing here is judged from the records alone: check it by eye",
  ];
}
