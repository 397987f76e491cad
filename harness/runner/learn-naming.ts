/**
 * Policy: the harness reads how a host joins key and tool name from one open of {@link CLEAN_WORLD}, before
 * any clause runs (run and replay alike, so a report's path replays the same coverage plan): every tool of it
 * shown, each name holding its key and its tool name in one order with the same text around them. Anything
 * else (a label that is not the key, a hash, namespaces, a tool refused) teaches nothing, and the plans are
 * built without a learned join; the usual joins' worlds are built by hand either way. An open of it that fails
 * whole (nothing shown, an error naming no server) is recorded once: the host fails every open (confounds.ts).
 */
import type { FakeServerHost } from "../../fake-servers/index.ts";
import type { HostAdapter } from "../adapter/host-adapter.ts";
import type { HostNaming } from "../world/host-naming.ts";
import { joinedName } from "../world/host-naming.ts";
import type { World } from "../world/world.ts";
import type { Evidence } from "../report/report-model.ts";
import { CaseTranscript } from "./case-transcript.ts";
import type { EveryOpenFails } from "./confounds.ts";
import { acceptedWhole, CLEAN_WORLD } from "./judgement.ts";
import { observeSession, type ServerTransportKind } from "./observe-session.ts";
import type { SessionObservation } from "./session-observation.ts";
import { failedWhole } from "./surface.ts";
import { timedWork } from "./timed-work.ts";

/** The join that puts `key` and `tool` into `name`, in either order; undefined when neither fits. */
function joinOf(name: string, key: string, tool: string): HostNaming | undefined {
  if (name === tool) return { kind: "bare" };
  const keyAt = name.indexOf(key);
  const toolAt = name.lastIndexOf(tool);
  if (keyAt >= 0 && toolAt >= keyAt + key.length) {
    return { kind: "joined", order: "key-first", prefix: name.slice(0, keyAt), separator: name.slice(keyAt + key.length, toolAt), suffix: name.slice(toolAt + tool.length) };
  }
  const firstTool = name.indexOf(tool);
  const lastKey = name.lastIndexOf(key);
  if (firstTool >= 0 && lastKey >= firstTool + tool.length) {
    return { kind: "joined", order: "tool-first", prefix: name.slice(0, firstTool), separator: name.slice(firstTool + tool.length, lastKey), suffix: name.slice(lastKey + key.length) };
  }
  return undefined;
}

/**
 * The join `observation` (a session on `world`) shows: one that gives every tool of the world exactly the
 * name the host showed for it, else undefined.
 */
export function namingShown(world: World, observation: SessionObservation): HostNaming | undefined {
  if (!acceptedWhole(world, observation)) return undefined;
  const pairs = world.servers.flatMap((server) => server.tools.map((tool) => ({ key: server.key, tool: tool.name })));
  const shown = pairs.map(({ key, tool }) => observation.tools.find((candidate) => candidate.identity?.server === key && candidate.identity.tool === tool));
  if (shown.some((tool) => tool === undefined || tool.namespace !== undefined)) return undefined;
  const naming = joinOf(shown[0]!.name, pairs[0]!.key, pairs[0]!.tool);
  if (naming === undefined) return undefined;
  return pairs.every(({ key, tool }, at) => joinedName(naming, key, tool) === shown[at]!.name) ? naming : undefined;
}

/** What one open of {@link CLEAN_WORLD} taught: the join (if any), and whether the host accepted it whole. */
export interface CleanOpen {
  naming: HostNaming | undefined;
  accepted: boolean;
  /**
   * Set when the host failed that open whole (showed nothing, with an error naming no server): a host that
   * fails even a world with nothing to refuse fails every open, and the run says so once (confounds.ts).
   */
  failed?: CleanFailure;
}

/** The clean world's whole failure: its errors as a case transcript states them, in words, and its evidence. */
export interface CleanFailure extends EveryOpenFails {
  detail: string;
  evidence: Evidence;
}

/** Opens {@link CLEAN_WORLD} once on `adapter` and reads its join; a host that breaks on it teaches nothing. */
export async function learnNaming(adapter: HostAdapter, servers: FakeServerHost, transport: ServerTransportKind, timeoutMs: number): Promise<CleanOpen | undefined> {
  // A host that hangs on it, like one that breaks, teaches nothing: the run judges it without a join. An open
  // abandoned at the timeout still holds a guarded host until it settles (guarded-host.ts).
  const transcript = new CaseTranscript();
  const tapped = transcript.tapped(adapter, servers);
  return timedWork(timeoutMs, "the clean-world open", () => observeSession(tapped.adapter, tapped.servers, transport, CLEAN_WORLD))
    .then((observation) => ({
      naming: namingShown(CLEAN_WORLD, observation),
      accepted: acceptedWhole(CLEAN_WORLD, observation),
      ...(failedWhole(observation) ? { failed: cleanFailure(observation, transcript) } : {}),
    }))
    .catch(() => undefined);
}

/** What the records of a clean world's whole failure show, once for the run. */
function cleanFailure(observation: SessionObservation, transcript: CaseTranscript): CleanFailure {
  const messages = observation.open.outcome.errors.filter((error) => error.server === undefined).map((error) => transcript.stable(error.message));
  const world = CLEAN_WORLD.servers.map((server) => `"${server.key}": ${server.tools.map((tool) => `"${tool.name}"`).join(", ")}`).join(" · ");
  return {
    messages,
    detail: `the host failed the open of a world with nothing to refuse (${world}) whole, showing no tool, with ${messages.length === 1 ? "the error" : "the errors"} ${messages.map((message) => JSON.stringify(message)).join(", ")}`,
    evidence: transcript.evidence(),
  };
}
