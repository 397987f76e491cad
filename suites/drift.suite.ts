/**
 * Clauses `drift/*`: a server's list changes while a session runs (adonis "a refresh removes as well as
 * adds", "a server that could not be reached prunes nothing"; the spec's list_changed; tesserix pinning).
 */
import fc from "fast-check";
import {
  canonicalJson, constructed, defineClause, worldOf, driftChange, errorNamesServer, identityOf, lifecycleWorld, modelOutcome, resolveDriftChange, withLifecycleWorld,
  type ConstructedCase, type RecordJudgement, type ServedRecords, type DriftChange, type HostError, type LifecycleSession, type LifecycleWorld, type World,
} from "../harness/index.ts";
import { commandsOf, driftCommands, initialModel, landingDrift, markRefreshed, noteOutcome, verify, type CommandJson, type DriftModel, type DriftReal } from "./support/drift-model.ts";
import { identify, listChangedTimeoutMs, namesServerAndTool, quoted, type ShownTool } from "./support/lifecycle.ts";

interface TrackCase {
  world: World;
  /** Generated commands, or their JSON (a constructed case, a report's counterexample). */
  commands: readonly (fc.AsyncCommand<DriftModel, DriftReal> | CommandJson)[];
}

export const refreshTracksList = defineClause({
  id: "drift/refresh-tracks-list",
  level: "MUST",
  summary: "after a server's list changes, show its added tools and drop its removed ones, touching no other server's",
  why:
    "A refresh reflects the server's current list, not an addition to what it once advertised: a tool the" +
    " server dropped must stop being offered, or the model keeps calling it and the failure surfaces " +
    "later, on the server. A refresh of one server must leave every other server's tools as they were, " +
    "even when the refreshed server now advertises a name another server has.",
  needs: ["refresh"],
  checkSituations: {
    "refresh-added": "a server added a tool and the host refreshed",
    "refresh-removed": "a server removed a tool and the host refreshed",
    "refresh-onto-other-name": "a server added or renamed a tool onto a name another server advertises, and the host refreshed",
  },
  sources: ["adonis importer \"a refresh removes as well as adds\""],
  notApplicable: (env) => (env.capabilities.refresh ? undefined : "the host does not declare refresh"),
  // Two or three servers, so a change can land on another server's name and "touching no other" means something.
  arbitrary: (env) => fc.record({
    world: lifecycleWorld({ minServers: 2, maxServers: 3, listChanged: "sometimes" }),
    // Changes that alter the list (what a refresh must track) twice as often as ones that only reword it.
    // Half the cases end on a drift onto another server's name, its refresh and a call of the shared name
    // (landingDrift): a bare-name merge (concatenate) shows only there, which random commands line up rarely.
    commands: fc
      .tuple(driftCommands(env, driftChange({ weights: { add: 2, remove: 2, rename: 2 } })), fc.option(landingDrift(), { freq: 2 }))
      .map(([random, landing]) => (landing === null ? random : [...random, ...landing])),
  }),
  // Commands as a report stores them (commandsOf reads their JSON): a change, a refresh of its server, and a
  // call of every name shown twice after a change onto another server's name.
  coverage: (): ConstructedCase<TrackCase>[] => [
    { hazard: "refresh-added", title: "alpha: request · delta: query; alpha adds search, refresh alpha", value: { world: worldOf(["alpha", ["request"]], ["delta", ["query"]]), commands: [
      { command: "change", server: 0, change: { kind: "add", name: { from: "pool", pick: 0 } } }, { command: "refresh", server: 0 }] } },
    { hazard: "refresh-removed", title: "alpha: request, search · delta: query; alpha removes search, refresh alpha", value: { world: worldOf(["alpha", ["request", "search"]], ["delta", ["query"]]), commands: [
      { command: "change", server: 0, change: { kind: "remove", pick: 1 } }, { command: "refresh", server: 0 }] } },
    { hazard: "refresh-onto-other-name", title: "alpha: request · delta: query; alpha adds query (delta's name), refresh alpha, call each query", value: { world: worldOf(["alpha", ["request"]], ["delta", ["query"]]), commands: [
      { command: "change", server: 0, change: { kind: "add", name: { from: "other-server", pick: 0 } } }, { command: "refresh", server: 0 }, { command: "call", pick: 0 }] } },
  ],
  worlds: (value: TrackCase) => [value.world],
  requires: ["refresh-added", "refresh-removed", "refresh-onto-other-name"],
  async check(env, value) {
    let model: DriftModel | undefined;
    return modelOutcome(
      (judged) => withLifecycleWorld(env, value.world, (live) =>
        fc.asyncModelRun(async () => {
          const session = await live.open();
          // A host that declares listChanged gets a quarter of the run's list-changed bound to re-list on a notification.
          const real: DriftReal = { live, session, judged, relistWaitMs: env.capabilities.listChanged ? listChangedTimeoutMs(env) / 4 : 0 };
          model = initialModel(live);
          noteOutcome(model, session.opened.outcome, model.servers);
          await verify(model, real);
          markRefreshed(model.servers);
          return { model, real };
        }, commandsOf(value.commands))),
      () => `after: ${model?.steps.join("; ") ?? "open"}`,
    );
  },
});

interface UnreachableCase {
  world: World;
  target: number;
  /** Refresh only the unreachable server, or every server. */
  all: boolean;
}

/** Shown tools by server key. */
const byServer = (shown: readonly ShownTool[], key: string) => shown.filter((tool) => tool.server === key);

export const unreachablePrunesNothing = defineClause({
  id: "drift/unreachable-prunes-nothing",
  level: "MUST",
  summary: "on a refresh that cannot reach a server, keep that server's tools and report an error naming it",
  why:
    "A server that cannot be reached during a refresh has tools that are unknown, not gone. Withdrawing " +
    "them on a network blip takes working tools away from the model; keeping them and reporting the " +
    "failure does not.",
  needs: ["refresh"],
  checkSituations: {
    "unreachable-at-refresh": "a server the host had loaded could not be reached when the host refreshed it",
  },
  sources: ["adonis importer \"a server that could not be reached prunes nothing\""],
  notApplicable: (env) => (env.capabilities.refresh ? undefined : "the host does not declare refresh"),
  arbitrary: () => fc.record({ world: lifecycleWorld({ maxServers: 3 }), target: fc.nat({ max: 2 }), all: fc.boolean() }),
  coverage: () => [
    ...constructed(["two-servers"], (world) => ({ world, target: 0, all: false }), "; alpha unreachable, then refresh alpha"),
    ...constructed(["two-servers"], (world) => ({ world, target: 0, all: true }), "; alpha unreachable, then refresh all"),
  ].map((built) => ({ ...built, hazard: "unreachable-at-refresh" })),
  worlds: (value: UnreachableCase) => [value.world],
  requires: ["unreachable-at-refresh"],
  check: (env, value) =>
    withLifecycleWorld(env, value.world, async (live) => {
      const key = value.world.servers[value.target % value.world.servers.length]!.key;
      const session = await live.open();
      const before = await identify(session, await session.tools());
      if (byServer(before, key).length === 0) return { ok: true, judged: [] };
      // Its open connections drop and new ones are refused: a crash, a redeploy, a network blip.
      await live.apply(key, { kind: "unreachable" });
      const refreshed = await session.refresh(value.all ? undefined : key);
      // Kept means still shown, under whatever name: whether names stay put is the names/* clauses' business.
      const after = (await session.tools()).filter((tool) => tool.identity).map((tool) => ({ name: tool.name, ...tool.identity! }));
      const problems: string[] = [];
      const lost = before.filter((tool) => !after.some((a) => a.server === tool.server && a.tool === tool.tool));
      if (lost.length > 0) problems.push(`no longer shown: ${lost.map((tool) => `"${tool.tool}" of "${tool.server}" (was "${tool.name}")`).join(", ")}`);
      if (!refreshed.outcome.errors.some((error) => errorNamesServer(error, key))) problems.push(`no error of the refresh names "${key}" (errors: ${JSON.stringify(refreshed.outcome.errors)})`);
      if (problems.length === 0) return { ok: true, judged: ["unreachable-at-refresh"] };
      return {
        ok: false,
        expected: `after "${key}" became unreachable and ${value.all ? "every server" : `"${key}"`} was refreshed, every tool still shown and an error naming "${key}"`,
        observed: problems.join("; "),
        judged: ["unreachable-at-refresh"],
      };
    }),
});

interface ListChangedCase {
  world: World;
  change: DriftChange;
}

/** The wire names of `key` the session shows, by identity (a probe call for a tool without one). */
async function wiresOf(session: LifecycleSession, key: string, probe: boolean): Promise<string[]> {
  const tools = await session.tools();
  const shown = probe ? await identify(session, tools) : tools.filter((tool) => tool.identity).map((tool) => ({ name: tool.name, ...tool.identity! }));
  return byServer(shown, key).map((tool) => tool.tool).sort();
}

/**
 * Serve mode: after the server's notification, an app that never asks it for its list again within the bound
 * cannot show the change, whatever it shows; one that does may still show the old list, which only a later
 * model turn recorded by the fake provider tells.
 */
function listChangedJudged(served: ServedRecords): RecordJudgement | undefined {
  const server = served.world.servers.find((candidate) => candidate.listChanged === true);
  if (!server) return undefined;
  const { notified } = served;
  if (!notified) return { verdict: "undecided", reason: `the app never listed "${server.key}", so its list was never changed` };
  const bound = served.listChangedTimeoutMs;
  const relist = served.records.find((record) => record.server === notified.server && record.method === "tools/list" && record.time > notified.at);
  if (!relist || relist.time - notified.at > bound) {
    if ((served.upAfterNotifyMs ?? 0) < bound) return { verdict: "undecided", reason: `the world was stopped ${Math.round(served.upAfterNotifyMs ?? 0)} ms after "${notified.server}" notified, before the bound of ${bound} ms` };
    return {
      verdict: "violated",
      expected: `within ${bound} ms of "${notified.server}" sending notifications/tools/list_changed, its tools shown as ${quoted(notified.tools)}`,
      observed: `the app did not ask "${notified.server}" for its list again within ${bound} ms${relist ? "" : ` (nor in the ${Math.round(served.upAfterNotifyMs ?? 0)} ms the world stayed up)`}, so it cannot show the change`,
    };
  }
  const later = served.modelTurns.filter((turn) => turn.at > relist.time).at(-1);
  const offered = later?.tools.map((tool) => identityOf(tool.description)).filter((identity) => identity?.server === notified.server).map((identity) => identity!.tool).sort();
  if (offered && canonicalJson(offered) === canonicalJson([...notified.tools].sort())) return { verdict: "held", note: `re-listed "${notified.server}" ${Math.round(relist.time - notified.at)} ms after its notification, and a later model turn offered its new list` };
  return { verdict: "undecided", reason: `the app asked "${notified.server}" for its list again ${Math.round(relist.time - notified.at)} ms after its notification; whether it shows the new list, serve mode cannot see${later ? " (a later model turn did not offer it)" : ""}` };
}

export const listChanged = defineClause({
  id: "drift/list-changed",
  level: "SHOULD",
  summary: "reflect notifications/tools/list_changed without being asked, within the harness's bound",
  why:
    "A server announces a changed list with notifications/tools/list_changed; a host that declares it " +
    "follows these but keeps showing the old list offers removed tools and hides new ones until the next " +
    "session. It is a SHOULD because a host may reasonably re-list only when asked.",
  needs: ["listChanged"],
  checkSituations: {
    "list-changed-reflected": "a server changed its list, sent notifications/tools/list_changed, and the host showed the new list within the bound",
  },
  sources: ["MCP spec, Tools: list_changed", "anthropics/claude-code#66084"],
  notApplicable: (env) => (env.capabilities.listChanged ? undefined : "the host does not declare listChanged"),
  // One server, advertising listChanged (a host may rightly ignore a notification it was not promised),
  // so no other server's names come into it. Small on purpose: a host that never reacts costs the whole
  // bound for every case it fails, shrinking included.
  arbitrary: () => fc.record({
    world: lifecycleWorld({ maxServers: 1, listChanged: "always" }),
    change: driftChange({ kinds: ["add", "remove", "rename"] }),
  }),
  // A removal, an addition and a rename, each announced with list_changed by a server that advertises it.
  coverage: () => ([
    ["removes search", { kind: "remove", pick: 1 }],
    ["adds query", { kind: "add", name: { from: "pool", pick: 1 } }],
    ["renames request to query", { kind: "rename", pick: 0, to: { from: "pool", pick: 1 } }],
  ] as const).map(([what, change]) => ({
    hazard: "list-changed-reflected",
    title: `alpha (request, search, advertising listChanged) ${what} and notifies`,
    value: { world: worldOf({ key: "alpha", tools: ["request", "search"], listChanged: true }), change: change as DriftChange },
  })),
  worlds: (value: ListChangedCase) => [value.world],
  requires: ["list-changed-reflected"],
  judgeRecords: listChangedJudged,
  check: (env, value) =>
    withLifecycleWorld(env, value.world, async (live) => {
      const server = value.world.servers[0]!;
      const session = await live.open();
      // An open that failed whole shows nothing a notification could change: nothing to judge, no bound to wait out.
      if (session.opened.outcome.errors.some((error) => error.server === undefined) && (await session.tools()).length === 0) return { ok: true, judged: [] };
      const step = resolveDriftChange(value.change, server.key, live.fake.tools(server.key), []);
      if (step === undefined) return { ok: true, judged: [] };
      await live.apply(server.key, step);
      await live.apply(server.key, { kind: "notify" });
      const want = live.fake.tools(server.key).map((tool) => tool.name).sort();
      const bound = listChangedTimeoutMs(env);
      const deadline = performance.now() + bound;
      let shown: string[] = [];
      do {
        shown = await wiresOf(session, server.key, false);
        if (canonicalJson(shown) === canonicalJson(want)) return { ok: true, judged: ["list-changed-reflected"] };
        await new Promise((resolve) => setTimeout(resolve, 25));
      } while (performance.now() < deadline);
      // A host that drops descriptions is identified by probe calls, once, before it is judged.
      shown = await wiresOf(session, server.key, true);
      if (canonicalJson(shown) === canonicalJson(want)) return { ok: true, judged: ["list-changed-reflected"] };
      return {
        ok: false,
        expected: `within ${bound} ms of "${server.key}" sending notifications/tools/list_changed, its tools shown as ${quoted(want)}`,
        observed: `"${server.key}" still shows ${quoted(shown)}`,
      };
    }),
});

interface PinChange {
  server: number;
  pick: number;
  what: "describe" | "input-schema" | "output-schema";
  variant: number;
}

interface PinCase {
  world: World;
  /** Changes made between the session that pins and the one opened with the pins. */
  before: PinChange[];
  /** Changes made during the pinned session, then refreshed (when the host can refresh). */
  during: PinChange[];
}

const pinChange = fc.record({
  server: fc.nat({ max: 1 }),
  pick: fc.nat({ max: 3 }),
  what: fc.constantFrom("describe" as const, "input-schema" as const, "output-schema" as const),
  variant: fc.nat({ max: 2 }),
});

/** The parts of a tool a pin covers, as one comparable string each. */
const partsOf = (tool: { description?: string; inputSchema?: unknown; outputSchema?: unknown }) => ({
  describe: canonicalJson(tool.description ?? null),
  "input-schema": canonicalJson(tool.inputSchema ?? null),
  "output-schema": canonicalJson(tool.outputSchema ?? null),
});

async function applyPinChanges(live: LifecycleWorld, changes: readonly PinChange[]): Promise<void> {
  for (const change of changes) {
    const key = live.world.servers[change.server % live.world.servers.length]!.key;
    const drift: DriftChange = change.what === "describe"
      ? { kind: "describe", pick: change.pick, revision: change.variant }
      : { kind: change.what, pick: change.pick, variant: change.variant };
    const step = resolveDriftChange(drift, key, live.fake.tools(key), []);
    if (step) await live.apply(key, step);
  }
}

export const pinHoldsChanges = defineClause({
  id: "drift/pin-holds-changes",
  level: "MUST",
  summary: "with a pin taken earlier, not expose a tool whose description, input schema or output schema changed since, silently: hold it, or report drift naming the server and tool",
  why:
    "A pin records what an operator approved. A definition that changes afterwards (the \"rug pull\") must " +
    "be held or reported, not shown as if approved. A pin over the description alone lets a new required " +
    "field or a changed output schema through, which is exactly the change that alters what a call does.",
  needs: ["pins"],
  checkSituations: {
    "pin-drift:describe": "a pinned tool's description changed after the pin",
    "pin-drift:input-schema": "a pinned tool's input schema changed after the pin",
    "pin-drift:output-schema": "a pinned tool's output schema changed after the pin",
  },
  sources: ["tesserix pinning", "field guide: pinned definition hashes"],
  notApplicable: (env) => (env.capabilities.pins ? undefined : "the host does not declare pins"),
  arbitrary: () => fc.record({
    world: lifecycleWorld({ maxTools: 2 }),
    before: fc.array(pinChange, { minLength: 1, maxLength: 3 }),
    during: fc.array(pinChange, { maxLength: 2 }),
  }),
  // Each part a pin covers, changed between the pin and the next open.
  coverage: () => (["describe", "input-schema", "output-schema"] as const).map((what) => ({
    hazard: `pin-drift:${what}`,
    title: `alpha: request · beta: search; pinned, then the ${what === "describe" ? "description" : what.replace("-", " ")} of request changed`,
    value: { world: worldOf(["alpha", ["request"]], ["beta", ["search"]]), before: [{ server: 0, pick: 0, what, variant: 0 }], during: [] },
  })),
  worlds: (value: PinCase) => [value.world],
  requires: ["pin-drift:describe", "pin-drift:input-schema", "pin-drift:output-schema"],
  check: (env, value) =>
    withLifecycleWorld(env, value.world, async (live) => {
      const first = await live.open();
      const { pins } = await first.pin();
      await first.close();
      const pinned = new Map(value.world.servers.filter((server) => Object.hasOwn(pins, server.key)).map((server) => [server.key, server.tools]));
      const judged = new Set<string>();
      const arose = new Set<string>();
      const problems: string[] = [];
      /** Whether a (server, tool) of the world differs now from what was pinned (or was not pinned at all). */
      const changedSincePin = ({ server, tool }: { server: string; tool: string }) => {
        const then = pinned.get(server)?.find((candidate) => candidate.name === tool);
        const now = live.fake.tools(server).find((candidate) => candidate.name === tool);
        return !then || !now || canonicalJson(partsOf(then)) !== canonicalJson(partsOf(now));
      };
      /** Every tool changed since the pin that the session shows with no report naming its server and it. */
      const judge = async (session: LifecycleSession, reports: readonly HostError[], when: string) => {
        const tools = await session.tools();
        for (const [key, original] of pinned) {
          for (const now of live.fake.tools(key)) {
            const then = original.find((tool) => tool.name === now.name);
            if (!then) continue;
            const [a, b] = [partsOf(then), partsOf(now)];
            const changed = (Object.keys(a) as (keyof typeof a)[]).filter((part) => a[part] !== b[part]);
            if (changed.length === 0) continue;
            const shownAs = tools.filter((tool) => tool.identity?.server === key && tool.identity.tool === now.name).map((tool) => tool.name);
            const reported = reports.some((report) => namesServerAndTool(report, key, now.name));
            // Holding is judged only from a host that said so, or that still shows a tool nothing changed:
            // one that shows nothing at all holds everything and tells nothing.
            if (shownAs.length > 0 || reported || tools.some((tool) => tool.identity && !changedSincePin(tool.identity))) {
              for (const part of changed) judged.add(`pin-drift:${part}`);
            } else for (const part of changed) arose.add(`pin-drift:${part}`);
            if (shownAs.length > 0 && !reported) {
              problems.push(`${when}, "${now.name}" of "${key}" (changed: ${changed.join(", ")}) is shown as ${quoted(shownAs)} and no error names "${key}" and "${now.name}"`);
            }
          }
        }
      };
      await applyPinChanges(live, value.before);
      const config = Object.fromEntries([...pinned.keys()].map((key) => [key, { pin: pins[key] }]));
      const session = await live.open({ config });
      const reports: HostError[] = [...session.opened.outcome.errors, ...session.opened.diagnostics];
      await judge(session, reports, "opened with the pins");
      if (env.capabilities.refresh && value.during.length > 0) {
        await applyPinChanges(live, value.during);
        const refreshed = await session.refresh();
        await judge(session, [...reports, ...refreshed.outcome.errors, ...refreshed.diagnostics], "after a refresh");
      }
      if (problems.length === 0) return { ok: true, judged: [...judged], arose: [...arose] };
      return { ok: false, expected: "every tool changed since the pin held, or reported as drift naming its server and itself", observed: problems.join("; "), judged: [...judged], arose: [...arose] };
    }),
});

/** The `drift/*` clauses in catalogue order. */
export const driftClauses = [refreshTracksList, unreachablePrunesNothing, listChanged, pinHoldsChanges];
