/**
 * Building the environment a clause's check runs in, the same way for a run (harness/runner/run-clauses.ts)
 * and for a replay (harness/cli/replay-environment.ts): sessions observed on the current host, and the
 * judging of what a session showed, which asks the host once whether it refuses even a world with nothing
 * in it to refuse.
 */
import type { FakeServerHost } from "../../fake-servers/index.ts";
import type { HostAdapter } from "../adapter/host-adapter.ts";
import type { NamingProfile } from "../profiles/naming-profile.ts";
import type { HostNaming } from "../world/host-naming.ts";
import type { InitializeResult } from "../protocol/initialize-result.ts";
import type { ClauseEnvironment } from "./clause.ts";
import { acceptedCleanContext } from "./context-surface.ts";
import { acceptedWhole, CLEAN_WORLD, judgedSituations, refusedAny } from "./judgement.ts";
import { observeSession, type ServerTransportKind } from "./observe-session.ts";
import type { SessionObservation } from "./session-observation.ts";

/** What a clause environment is made of. */
export interface EnvironmentParts {
  /** The host under test now (a fresh one after the previous one broke). */
  adapter(): HostAdapter;
  host: InitializeResult;
  transport: ServerTransportKind;
  profile: NamingProfile | undefined;
  providerProfile: NamingProfile;
  /** The host's join, learned from its open of the clean world (see learn-naming.ts). */
  naming?: HostNaming;
  /** What that open already said about whether the host accepts the clean world, and on which host instance. */
  clean?: { adapter: HostAdapter; accepted: boolean };
  servers: FakeServerHost;
  listChangedTimeoutMs: number;
  /** Called with every observation a check makes (the verbose replay prints them). */
  onObservation?(observation: SessionObservation): void;
  /** Observes a session some other way (the run's observation cache); default: a fresh session on the host. */
  observe?: ClauseEnvironment["observe"];
}

/**
 * `ask` about the current host instance, once per instance (a relaunched host is asked again), remembered in
 * `known`; a host that broke while answering is asked again once it has been replaced (the error is the case's).
 */
function oncePerHost(parts: EnvironmentParts, known: WeakMap<HostAdapter, Promise<boolean>>, ask: (adapter: HostAdapter) => Promise<boolean>): () => Promise<boolean> {
  return () => {
    const adapter = parts.adapter();
    let answer = known.get(adapter);
    if (!answer) {
      answer = ask(adapter);
      known.set(adapter, answer);
      answer.catch(() => known.delete(adapter));
    }
    return answer;
  };
}

/** The environment a clause's check runs in. */
export function clauseEnvironment(parts: EnvironmentParts): ClauseEnvironment {
  const clean = new WeakMap<HostAdapter, Promise<boolean>>();
  // The open that taught the host's join already answered for that host instance: it is not asked twice.
  if (parts.clean) clean.set(parts.clean.adapter, Promise.resolve(parts.clean.accepted));
  const acceptsCleanWorld = oncePerHost(parts, clean, (adapter) =>
    observeSession(adapter, parts.servers, parts.transport, CLEAN_WORLD).then((observation) => acceptedWhole(CLEAN_WORLD, observation)));
  const acceptsCleanContext = oncePerHost(parts, new WeakMap(), (adapter) =>
    acceptedCleanContext({ adapter, servers: parts.servers, transport: parts.transport, capabilities: parts.host.capabilities }));
  return {
    get adapter() { return parts.adapter(); },
    host: parts.host,
    capabilities: parts.host.capabilities,
    transport: parts.transport,
    profile: parts.profile,
    providerProfile: parts.providerProfile,
    naming: parts.naming,
    servers: parts.servers,
    listChangedTimeoutMs: parts.listChangedTimeoutMs,
    async observe(world, given, via) {
      // A host that defers tools behind a search gets its leftover deferred tools searched for (observe-session.ts).
      const deferral = parts.host.capabilities.deferredTools;
      const options = deferral === undefined ? given : { ...given, searchTool: deferral.searchTool, ...(deferral.above === undefined ? {} : { searchAbove: deferral.above }) };
      const observation = parts.observe
        ? await parts.observe(world, options, via)
        : await observeSession(via?.adapter ?? parts.adapter(), via?.servers ?? parts.servers, parts.transport, world, options);
      parts.onObservation?.(observation);
      return observation;
    },
    // Only a refusal needs to know whether the host refuses everything.
    judge: async (world, observation) => judgedSituations(world, observation, refusedAny(world, observation) && await acceptsCleanWorld()),
    acceptsCleanWorld,
    acceptsCleanContext,
  };
}
