/**
 * The model behind `drift/refresh-tracks-list`: fast-check model-based commands (change a server, notify,
 * refresh, call, register a local tool) run by fc.asyncModelRun against a host and a running world, each
 * followed by a check of the host's whole list against what the model says it may be. The model is the
 * harness's own: it replays the steps it applied onto its own copy of each server's list, revision by
 * revision, and never asks the host what it thinks. What a host may show for a server is the list at some revision that server
 * answered a `tools/list` at (the fake servers say which), no older than the last refresh of it: a host
 * that re-lists by itself on list_changed, or never, both fit; one that shows a list the server never
 * gave, or an older one after a refresh, does not.
 */
import fc from "fast-check";
import { applyToList, type ToolDefinition } from "../../fake-servers/index.ts";
import {
  errorNamesServer, ModelViolation, resolveDriftChange,
  type ClauseEnvironment, type DriftChange, type DriftStep, type LifecycleSession, type LifecycleWorld, type LocalShape, type Outcome,
} from "../../harness/index.ts";
import { identify, quoted } from "./lifecycle.ts";

/** The model's picture of one server. */
export interface ServerModel {
  key: string;
  /** Its list now, as the model replayed the steps. */
  tools: ToolDefinition[];
  /** Its wire names at each revision, sorted (index: revision). */
  history: string[][];
  /** The oldest revision the host may still show: the one its last open or refresh of this server saw. */
  floor: number;
  /** What the last check saw: its wire names (sorted) and the name each was shown under. */
  seen?: { wires: string[]; names: Map<string, string> };
  /**
   * What the host showed of this server right after it last opened or refreshed it: what a refresh is judged
   * against. A host that re-lists on every turn shows a change before it is asked to refresh; judged against
   * what it showed just before the refresh, it would never have anything to add or remove.
   */
  refreshed?: string[];
}

/** The model: every server, the local tools the host accepted, and the story so far. */
export interface DriftModel {
  servers: ServerModel[];
  locals: string[];
  /** Servers an error of the latest outcome covering them names: the host said why, so their lists are not judged. */
  erroring: Set<string>;
  steps: string[];
}

/** The system under test: one session on a running world, plus the situations judged so far. */
export interface DriftReal {
  live: LifecycleWorld;
  session: LifecycleSession;
  judged: Set<string>;
  /** How long a notified host that declares listChanged gets to re-list before it is refreshed (0: none). */
  relistWaitMs: number;
}

const sortedNames = (tools: readonly ToolDefinition[]) => tools.map((tool) => tool.name).sort();
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** A fresh model of `live`'s world, as opened. */
export function initialModel(live: LifecycleWorld): DriftModel {
  return {
    servers: live.world.servers.map((server) => ({ key: server.key, tools: [...server.tools], history: [sortedNames(server.tools)], floor: 0 })),
    locals: [],
    erroring: new Set(),
    steps: ["open"],
  };
}

/** Takes an open or refresh outcome into the model: who is named by an error now. */
export function noteOutcome(model: DriftModel, outcome: Outcome, covered: readonly ServerModel[]): void {
  for (const server of covered) model.erroring.delete(server.key);
  for (const server of model.servers) {
    if (outcome.errors.some((error) => errorNamesServer(error, server.key))) model.erroring.add(server.key);
  }
}

/** Checks the host's whole list against the model; throws {@link ModelViolation} where they disagree. */
export async function verify(model: DriftModel, real: DriftReal): Promise<void> {
  const unknown: string[] = [];
  const tools = await real.session.tools();
  for (const local of model.locals) {
    const count = tools.filter((tool) => tool.name === local).length;
    if (count !== 1) throw new ModelViolation(`the local tool "${local}" shown once`, `it is shown ${count} times`);
  }
  const shown = await identify(real.session, tools, model.locals, unknown);
  if (unknown.length > 0) throw new ModelViolation("every shown name stands for a tool of some server", `${quoted(unknown)} reach no server`);
  for (const server of model.servers) {
    const mine = shown.filter((tool) => tool.server === server.key);
    const wires = mine.map((tool) => tool.tool).sort();
    const names = new Map(mine.map((tool) => [tool.tool, tool.name]));
    if (new Set(wires).size !== wires.length) throw new ModelViolation(`each tool of "${server.key}" shown once`, `shown: ${quoted(mine.map((t) => `${t.name}→${t.tool}`))}`);
    if (!model.erroring.has(server.key)) {
      const revisions = [...new Set(real.live.fake.listings(server.key).filter((revision) => revision >= server.floor))];
      const allowed = revisions.map((revision) => server.history[revision]!);
      if (!allowed.some((list) => same(list, wires))) {
        throw new ModelViolation(
          `"${server.key}" shows a list it gave at or after its last refresh: ${allowed.map(quoted).join(" or ") || "(it was never listed since)"}`,
          `"${server.key}" shows ${quoted(wires)}`,
        );
      }
      // Touching no other server's tools: a server whose list the host did not take anew keeps its names.
      if (server.seen && same(server.seen.wires, wires)) {
        const renamed = wires.filter((wire) => server.seen!.names.get(wire) !== names.get(wire));
        if (renamed.length > 0) {
          throw new ModelViolation(
            `the tools of "${server.key}", whose list the host did not change, keep their names`,
            renamed.map((wire) => `"${wire}" was "${server.seen!.names.get(wire)}", now "${names.get(wire)}"`).join("; "),
          );
        }
      }
    }
    server.seen = { wires, names };
  }
}

/** A server of the model by a generated index. */
const pickServer = (model: Readonly<DriftModel>, index: number) => model.servers[index % model.servers.length]!;

/** The concrete step a change stands for on its server now, or undefined. */
function stepFor(model: Readonly<DriftModel>, server: ServerModel, change: DriftChange): DriftStep | undefined {
  const others = model.servers.filter((other) => other !== server).flatMap((other) => other.tools.map((tool) => tool.name));
  return resolveDriftChange(change, server.key, server.tools, others);
}

type DriftCommand = fc.AsyncCommand<DriftModel, DriftReal>;

/** Changes one server's list, telling nobody. */
class ChangeCommand implements DriftCommand {
  constructor(readonly server: number, readonly change: DriftChange) {}
  check = (model: Readonly<DriftModel>) => stepFor(model, pickServer(model, this.server), this.change) !== undefined;
  async run(model: DriftModel, real: DriftReal): Promise<void> {
    const server = pickServer(model, this.server);
    const step = stepFor(model, server, this.change)!;
    const others = model.servers.filter((other) => other !== server).flatMap((other) => other.tools.map((tool) => tool.name));
    const lands = step.kind === "add" ? step.tool.name : step.kind === "rename" ? step.to : undefined;
    model.steps.push(`${server.key}: ${describeStep(step)}${lands !== undefined && others.includes(lands) ? " (a name another server uses)" : ""}`);
    await real.live.apply(server.key, step);
    const next = applyToList(server.tools, step);
    if (typeof next === "string") throw new Error(`drift model: ${next}`);
    server.tools = next;
    server.history.push(sortedNames(next));
    // The model mirrors the world; if they part, the harness is wrong, not the host.
    if (!same(sortedNames(real.live.fake.tools(server.key)), sortedNames(next))) throw new Error(`drift model out of step with server "${server.key}"`);
    await verify(model, real);
  }
  toString = () => `change(${this.server}, ${JSON.stringify(this.change)})`;
  toJSON = () => ({ command: "change", server: this.server, change: this.change });
}

/**
 * Sends list_changed from one server, then refreshes it. A host that declares listChanged (and a server
 * that advertises it) first gets a moment to re-list by itself: its own re-list is then answered before the
 * refresh, never after a later change, so what the host shows next cannot depend on how fast the
 * notification travelled, and the verdict is the same in memory, over stdio and over HTTP.
 */
class NotifyCommand implements DriftCommand {
  constructor(readonly server: number) {}
  check = () => true;
  async run(model: DriftModel, real: DriftReal): Promise<void> {
    const server = pickServer(model, this.server);
    model.steps.push(`${server.key}: notifications/tools/list_changed, then refresh ${server.key}`);
    const listed = real.live.fake.listings(server.key).length;
    await real.live.apply(server.key, { kind: "notify" });
    const advertised = real.live.world.servers.find((s) => s.key === server.key)?.listChanged === true;
    if (advertised && real.relistWaitMs > 0) {
      const deadline = performance.now() + real.relistWaitMs;
      while (real.live.fake.listings(server.key).length === listed && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
    await refreshAndVerify(model, real, [server], server.key);
  }
  toString = () => `notify(${this.server})`;
  toJSON = () => ({ command: "notify", server: this.server });
}

/** Marks what the host shows of every server now as what it showed at its last open or refresh. */
export function markRefreshed(servers: readonly ServerModel[]): void {
  for (const server of servers) server.refreshed = server.seen?.wires ?? [];
}

/** Refreshes `targets` (all when `key` is undefined), moves their floors to now, and checks the whole list. */
async function refreshAndVerify(model: DriftModel, real: DriftReal, targets: ServerModel[], key: string | undefined): Promise<void> {
  const before = new Map(targets.map((server) => [server.key, server.refreshed ?? server.seen?.wires ?? []]));
  const refreshed = await real.session.refresh(key);
  for (const server of targets) server.floor = server.history.length - 1;
  noteOutcome(model, refreshed.outcome, targets);
  await verify(model, real);
  for (const server of targets) {
    if (model.erroring.has(server.key)) continue;
    const now = server.seen!.wires;
    const was = before.get(server.key)!;
    if (now.some((wire) => !was.includes(wire))) real.judged.add("refresh-added");
    if (was.some((wire) => !now.includes(wire))) real.judged.add("refresh-removed");
    const elsewhere = model.servers.filter((other) => other !== server).flatMap((other) => other.tools.map((tool) => tool.name));
    if (now.some((wire) => !was.includes(wire) && elsewhere.includes(wire))) real.judged.add("refresh-onto-other-name");
  }
  markRefreshed(targets);
}

/** Refreshes one server, or all; afterwards the host may show nothing older than now. */
class RefreshCommand implements DriftCommand {
  constructor(readonly server: number | null) {}
  check = () => true;
  async run(model: DriftModel, real: DriftReal): Promise<void> {
    const targets = this.server === null ? model.servers : [pickServer(model, this.server)];
    model.steps.push(this.server === null ? "refresh all" : `refresh ${targets[0]!.key}`);
    await refreshAndVerify(model, real, targets, this.server === null ? undefined : targets[0]!.key);
  }
  toString = () => `refresh(${this.server ?? "all"})`;
  toJSON = () => ({ command: "refresh", server: this.server });
}

/**
 * Calls one shown tool: it must reach its own server, once. An even pick, while some name is shown more than
 * once (two servers' tools under one name after a drift onto a name in use), calls each of those instead:
 * the calls most likely to reach the wrong server.
 */
class CallCommand implements DriftCommand {
  constructor(readonly pick: number) {}
  check = () => true;
  async run(model: DriftModel, real: DriftReal): Promise<void> {
    const shown = (await real.session.tools()).filter((tool) => tool.identity && !model.locals.includes(tool.name));
    if (shown.length === 0) return;
    const shared = shown.filter((tool) => shown.filter((other) => other.name === tool.name).length > 1);
    const targets = shared.length > 0 && this.pick % 2 === 0 ? shared : [shown[this.pick % shown.length]!];
    for (const tool of targets) {
      model.steps.push(`call ${tool.name}`);
      const call = await real.session.call(tool.name);
      const reached = call.deliveries.map((record) => `"${record.tool}" at "${record.server}"`);
      if (call.deliveries.length !== 1 || call.deliveries[0]!.server !== tool.identity!.server) {
        throw new ModelViolation(`a call of "${tool.name}" (tool "${tool.identity!.tool}" of "${tool.identity!.server}") reaches that server once`, `it reached ${quoted(reached)}`);
      }
    }
    real.judged.add("call-after-drift");
  }
  toString = () => `call(${this.pick})`;
  toJSON = () => ({ command: "call", pick: this.pick });
}

/** Registers a local tool under a fresh name; once accepted it must stay shown whatever the servers do. */
class LocalCommand implements DriftCommand {
  constructor(readonly shape: LocalShape) {}
  check = () => true;
  async run(model: DriftModel, real: DriftReal): Promise<void> {
    const name = `local_tool_${model.locals.length + 1}`;
    model.steps.push(`registerLocal ${name} (${this.shape})`);
    if ((await real.session.registerLocal(name, this.shape)).ok) model.locals.push(name);
    await verify(model, real);
  }
  toString = () => `registerLocal(${this.shape})`;
  toJSON = () => ({ command: "registerLocal", shape: this.shape });
}

/** A drift step in a line of the report. */
function describeStep(step: DriftStep): string {
  switch (step.kind) {
    case "add": return `add "${step.tool.name}"`;
    case "remove": return `remove "${step.name}"`;
    case "rename": return `rename "${step.from}" to "${step.to}"`;
    case "describe": return `describe "${step.name}" anew`;
    case "input-schema": return `change the input schema of "${step.name}"`;
    case "output-schema": return `change the output schema of "${step.name}"`;
    default: return step.kind;
  }
}

/**
 * Command sequences for `env`'s host: list changes most often, refreshes next (so most changes are
 * followed by one), and a local registration only when the host accepts some shape.
 *
 * A plain array, run by fc.asyncModelRun, rather than fc.commands: fc.commands shrinks by which commands
 * ran, which a fast-check path cannot carry, so its counterexamples could not be replayed from the seed
 * and path a report's repro line gives. An array shrinks the same way for every replay.
 */
export function driftCommands(env: Pick<ClauseEnvironment, "capabilities">, driftChange: fc.Arbitrary<DriftChange>): fc.Arbitrary<DriftCommand[]> {
  const server = fc.nat({ max: 2 });
  const weighted: fc.WeightedArbitrary<DriftCommand>[] = [
    { arbitrary: fc.record({ server, change: driftChange }).map(({ server: s, change: c }) => new ChangeCommand(s, c)), weight: 4 },
    { arbitrary: fc.option(server, { nil: null, freq: 3 }).map((s) => new RefreshCommand(s)), weight: 3 },
    { arbitrary: server.map((s) => new NotifyCommand(s)), weight: 1 },
    { arbitrary: fc.nat({ max: 7 }).map((pick) => new CallCommand(pick)), weight: 2 },
  ];
  const shapes = env.capabilities.registerLocal;
  if (shapes.length > 0) weighted.push({ arbitrary: fc.constantFrom(...shapes).map((shape) => new LocalCommand(shape)), weight: 1 });
  return fc.array(fc.oneof(...weighted), { maxLength: 10, size: "medium" });
}

/**
 * A tool added or renamed onto a name another server advertises, a refresh of that server (or of all), then
 * a call of every name shown more than once: the drift a host that merges by bare name gets wrong, which
 * random command lists line up only now and then (a change of that kind, a refresh of the same server, then
 * a call with an even pick). A host that shows both tools under one name passes the list check (each entry
 * still says whose it is) and fails only at the call. The suite appends it to half the cases.
 */
export function landingDrift(): fc.Arbitrary<DriftCommand[]> {
  return fc
    .record({ server: fc.nat({ max: 2 }), rename: fc.boolean(), pick: fc.nat({ max: 15 }), all: fc.boolean() })
    .map(({ server, rename, pick, all }) => {
      const onto = { from: "other-server" as const, pick };
      const change: DriftChange = rename ? { kind: "rename", pick, to: onto } : { kind: "add", name: onto };
      return [new ChangeCommand(server, change), new RefreshCommand(all ? null : server), new CallCommand(0)];
    });
}

/** One command as a report stores it (its toJSON), and as a coverage plan writes it. */
export type CommandJson =
  | { command: "change"; server: number; change: DriftChange }
  | { command: "notify"; server: number }
  | { command: "refresh"; server: number | null }
  | { command: "call"; pick: number }
  | { command: "registerLocal"; shape: LocalShape };

function fromJson(json: CommandJson): DriftCommand {
  switch (json.command) {
    case "change": return new ChangeCommand(json.server, json.change);
    case "notify": return new NotifyCommand(json.server);
    case "refresh": return new RefreshCommand(json.server);
    case "call": return new CallCommand(json.pick);
    case "registerLocal": return new LocalCommand(json.shape);
  }
}

/**
 * The commands of a case: as generated, or as a report stored them (their JSON), so `mcp-collide repro`
 * can replay a counterexample by value. (fast-check's own command lists, `{ cmd, hasRan }` each, are read
 * too; from those only the commands that ran are kept: the others never got past their precondition.)
 */
export function commandsOf(value: unknown): Iterable<DriftCommand> {
  const iterable = value as Iterable<unknown> | null;
  // fast-check's own list (its wrappers record which commands ran, which its shrinking needs): untouched.
  if (iterable && typeof iterable[Symbol.iterator] === "function" && [...iterable].every((item) => typeof (item as DriftCommand | null)?.run === "function")) {
    return iterable as Iterable<DriftCommand>;
  }
  const listed = Array.isArray(value) ? value : (value as { commands?: unknown } | null)?.commands;
  if (!Array.isArray(listed)) throw new Error("drift commands: neither fast-check commands nor their JSON");
  return listed
    .filter((entry: { hasRan?: unknown }) => entry.hasRan !== false)
    .map((entry: { cmd?: CommandJson } & CommandJson) => fromJson(entry.cmd ?? entry));
}
