/**
 * Policy (docs/defects.md says it to users): two configured servers a host reached as one, read from what each
 * fake server received in a case's first world. The harness launches every stdio fake server by one command
 * and arguments (told apart by its environment) and serves every HTTP one as a path under one origin, but for
 * an unreachable one whose port closes (fake-servers' ownsPort), so which servers share a target follows from
 * the world's transport and each server's failure alone. Two readings, tightest first:
 * - Read alone: a healthy configured server received nothing at all and no error names it, while another of
 *   its target received messages and was reached in its place: it was asked for its list on more connections
 *   than the world had opens, or a tool of it is shown under the first server's key. A host that skipped the server, or
 *   refused it, shows neither.
 * - Fitting a whole open refused as well (CaseFact.or): a healthy configured server received nothing, the
 *   host's error names it, and another of its target is unreachable. A host that took it for the unreachable
 *   one leaves these records, and so does one that gave up on the whole open at the first failure before it
 *   reached the healthy one: the report's other findings decide (group-defects.ts).
 */
import { ownsPort, UnreachableAsSchema } from "../../fake-servers/index.ts";
import { joinOf, type CaseFact } from "./fact-readings.ts";
import type { Evidence, EvidenceStep } from "./report-model.ts";
import { namesServer, type SessionRecord } from "./session-records.ts";

type WorldStep = Extract<EvidenceStep, { kind: "world" }>;
type WorldServer = WorldStep["servers"][number];

/** The fact, per transport: the fix differs (tell servers apart by URL and headers, or by the whole launch with its environment). */
const reachedAsOne = (transport: "http" | "stdio"): CaseFact => transport === "http"
  ? { kind: "target", key: "target:origin", text: "reaches two configured HTTP servers of one origin as one" }
  : { kind: "target", key: "target:command", text: "reaches two configured stdio servers of one command and arguments as one" };

/** The target `server` is reached at, where servers of a world can share one; undefined where it has one of its own. */
function targetOf(transport: "http" | "stdio", server: WorldServer): string | undefined {
  if (transport === "stdio") return "command";
  const mode = UnreachableAsSchema.safeParse(server.failure);
  return server.unreachable === true && mode.success && ownsPort({ unreachableAs: mode.data }) ? undefined : "origin";
}

/** The keys the opens on world `world` configured. */
function configuredKeys(evidence: Evidence, world: number): Set<string> {
  const keys = new Set<string>();
  let current = 0;
  for (const step of evidence.steps) {
    if (step.kind === "world") current = step.world;
    if (step.kind !== "host" || step.method !== "open" || current !== world) continue;
    const servers = ((step.request ?? {}) as { servers?: unknown }).servers;
    if (Array.isArray(servers)) for (const server of servers) keys.add(String((server as { key?: unknown } | null)?.key ?? ""));
  }
  return keys;
}

/** What the records of the world `step` started (its sessions `main`) show of two servers reached as one: the fact alone, or as another reading of a whole open refused. */
export function targetReadings(evidence: Evidence, step: WorldStep, main: readonly SessionRecord[]): { alone?: CaseFact; orWhole?: CaseFact } {
  if (step.transport !== "http" && step.transport !== "stdio") return {};
  const world = step.world;
  const transport = step.transport;
  const received = new Map(evidence.steps.flatMap((entry) => (entry.kind === "received" && entry.world === world ? [[entry.server, entry.messages] as const] : [])));
  const configured = configuredKeys(evidence, world);
  const named = (key: string) => main.some((record) => record.errors.some((errors) => namesServer(errors, key)));
  // Connections that loaded its list: a host's probe that only initializes is not a second server's load.
  const connections = (key: string) => new Set((received.get(key) ?? []).filter((message) => message.method === "tools/list").map((message) => message.connection)).size;
  // A tool of `other` shown under `key`: its shown name holds `key` where the host's join puts a key.
  const shownUnder = (key: string, other: string) => main.some((record) => record.surfaces.some((surface) => surface.some((tool) =>
    tool.pair !== undefined && tool.pair[0] === other && joinOf(tool.shown, key, tool.pair[1])?.includes("{key}") === true)));
  let alone = false;
  let orWhole = false;
  for (const server of step.servers) {
    // Healthy, configured, and its received messages kept and empty (an evidence cut keeps a server's first messages).
    if (server.unreachable === true || server.failure !== undefined || !configured.has(server.key) || received.get(server.key)?.length !== 0) continue;
    const target = targetOf(transport, server);
    const mates = step.servers.filter((other) => other.key !== server.key && configured.has(other.key) && targetOf(transport, other) === target);
    if (!named(server.key) && mates.some((other) => (received.get(other.key)?.length ?? 0) > 0 && (connections(other.key) > main.length || shownUnder(server.key, other.key)))) alone = true;
    if (named(server.key) && mates.some((other) => other.unreachable === true)) orWhole = true;
  }
  return { ...(alone ? { alone: reachedAsOne(transport) } : {}), ...(orWhole ? { orWhole: reachedAsOne(transport) } : {}) };
}
