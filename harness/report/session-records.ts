/**
 * Policy: what a host did in a case, read from the records alone (the harness's requests, the host's answers,
 * and every message each fake server received), never from a clause's own explanation. Defects are grouped
 * on this (group-defects.ts), so two clauses that worded one behaviour differently still see the same
 * sessions here. Where each call went is where the fake servers say it arrived (matched to the call by its
 * arguments, which carry a probe unique within a world), not what the host answered.
 */
import { toolErrorText } from "../../fake-servers/index.ts";
import { canonicalJson } from "../world/canonical-json.ts";
import { identityOf } from "../world/tool-identity.ts";
import { OpenResultSchema, RefreshResultSchema, type HostError } from "../protocol/open-result.ts";
import { CallResultSchema, RegisterLocalResultSchema } from "../protocol/call-result.ts";
import { ToolsResultSchema } from "../protocol/tools-result.ts";
import { errorNamesServer } from "../runner/surface.ts";
import { callsByArguments, deliveriesOf, pairText, routeOf } from "./call-deliveries.ts";
import type { Evidence, EvidenceStep } from "./report-model.ts";

type HostStep = Extract<EvidenceStep, { kind: "host" }>;
type WorldStep = Extract<EvidenceStep, { kind: "world" }>;

/** One tool as the host showed it: the shown name, and the (server, tool) its description names, if it kept it. */
export interface ShownTool {
  shown: string;
  /** The name alone, without the namespace. */
  name: string;
  identity?: string;
  /** The same (server, tool), as its two strings. */
  pair?: readonly [string, string];
}

/** One call of the session: the shown name called, where it arrived, and what the host answered. */
export interface CallRecord {
  name: string;
  route: string;
  /** ok; tool-error: the content handed on marked as a tool error (isError); error: the host refused the call. */
  answer: "ok" | "tool-error" | "error" | "garbage";
  error?: string;
  /** The host answered ok, unmarked, with the text the server's scripted tool error carries (fake-servers' toolErrorText). */
  unmarkedToolError?: boolean;
}

/** A refresh the harness asked for, read once where it is recorded, so no reader parses a step's text for it. */
export interface RefreshRecord {
  /** The server it asked to refresh; absent: every server. */
  server?: string;
  /** The configured servers its errors name. */
  named: string[];
  /** No error; errors; or an answer that is no outcome. */
  outcome: "no error" | "errors" | "garbage";
  /** Some error of it names no configured server. */
  anonymous: boolean;
}

/** What the host did in one session, from the records. */
export interface SessionRecord {
  world: number;
  session: number;
  /** What the open asked beyond the servers' addresses: local tools placed, per-server options. */
  setup: string;
  /** What else the harness asked of the host, in order, with the host's answer (registerLocal, refresh, pin). */
  steps: string[];
  /** Names of the local tools the open placed. */
  placed: string[];
  /** Names of the local tools the session held: placed in the open, or registered and accepted. */
  local: string[];
  /** Each tool list the host answered, repeats of the same list folded. */
  surfaces: ShownTool[][];
  /** Per surface: the last of `steps` asked before it ("" when none was). */
  after: string[];
  /** Steps after which the host showed the same list as before them. */
  unchanged: string[];
  /** The refreshes among `steps`, by their text there (a step's text follows from its refresh alone). */
  refreshes: Map<string, RefreshRecord>;
  /** Per open or refresh: which configured servers its errors name, or that an error names none. */
  errors: string[];
  /** The first error message the host reported, for a reader. */
  firstError?: string;
  calls: CallRecord[];
  /** Requests the adapter failed to answer at all. */
  broke: string[];
}

const quote = (text: string) => JSON.stringify(text);

/** The shown name of a tool: `namespace/name` where the host shows namespaces. */
const shownName = (tool: { name: string; namespace?: string }) => (tool.namespace === undefined ? tool.name : `${tool.namespace}/${tool.name}`);

/** What an open's errors say about the configured `keys`: the servers they name (surface.ts's rule), or none. */
function errorTargets(errors: readonly HostError[], keys: readonly string[]): string {
  const { named, anonymous } = namedBy(errors, keys);
  if (errors.length === 0) return "no error";
  return [...named.map((key) => `names ${quote(key)}`), ...(anonymous ? ["names no server"] : [])].join(", ");
}

/** The configured `keys` the errors name (surface.ts's rule), sorted, and whether an error names none of them. */
function namedBy(errors: readonly HostError[], keys: readonly string[]): { named: string[]; anonymous: boolean } {
  const named = new Set<string>();
  let anonymous = false;
  for (const error of errors) {
    const hits = keys.filter((key) => errorNamesServer(error, key));
    if (hits.length === 0) anonymous = true;
    for (const hit of hits) named.add(hit);
  }
  return { named: [...named].sort(), anonymous };
}

/** Whether `text` (an entry of SessionRecord's `errors`, as errorTargets writes it) says an error names the server `key`. */
export const namesServer = (text: string, key: string): boolean => text.includes(`names ${quote(key)}`);

/** Whether an error of the session (its open's, or a refresh's) names the server `key`. */
export const errorsNameServer = (record: SessionRecord, key: string): boolean =>
  record.errors.some((text) => namesServer(text, key)) || [...record.refreshes.values()].some((refresh) => refresh.named.includes(key));

/** Whether an error of the session (its open's, or a refresh's) names no configured server. */
export const errorsNameNoServer = (record: SessionRecord): boolean =>
  record.errors.some((text) => text.includes("names no server")) || [...record.refreshes.values()].some((refresh) => refresh.anonymous);

/** The open's setup beyond addresses: local tools and per-server options, as canonical JSON ("" for none). */
function setupOf(step: HostStep): string {
  const request = (step.request ?? {}) as Record<string, unknown>;
  const servers = ((request.servers as Array<Record<string, unknown>> | undefined) ?? []).map(({ transport: _transport, ...rest }) => rest);
  const options = servers.some((server) => Object.keys(server).length > 1) ? servers : undefined;
  if (request.localTools === undefined && options === undefined) return "";
  return canonicalJson({ localTools: request.localTools, servers: options });
}

/** The names of the local tools an open placed. */
function localNames(step: HostStep): string[] {
  const placed = ((step.request ?? {}) as Record<string, unknown>).localTools;
  return Array.isArray(placed) ? placed.map((tool) => String((tool as Record<string, unknown> | null)?.name ?? "")) : [];
}

/** A repeat of the previous list is folded. */
function pushSurface(record: SessionRecord, tools: ShownTool[]): void {
  const last = record.surfaces.at(-1);
  if (last && canonicalJson(last) === canonicalJson(tools)) {
    const step = record.steps.at(-1);
    if (step && record.after.at(-1) !== step && !record.unchanged.includes(step)) record.unchanged.push(step);
    return;
  }
  record.surfaces.push(tools);
  record.after.push(record.steps.at(-1) ?? "");
}

/** How deep a tool error's text is looked for inside JSON a host wrote into its output (the clause reads it as deep). */
const NESTED_LEVELS = 3;

/**
 * Whether a call's content quotes the scripted tool error of the (server, tool) it arrived at: as it is, or
 * inside JSON the host wrote into a text part (a list of content parts, an `{"error": ...}`), each level
 * escaping it once more.
 */
function carriesToolError(content: unknown, route: string): boolean {
  const match = /^("(?:[^"\\]|\\.)*") \/ ("(?:[^"\\]|\\.)*")$/.exec(route);
  if (!match) return false;
  const handed = JSON.stringify(content ?? "");
  let form = JSON.stringify(toolErrorText(JSON.parse(match[1]!) as string, JSON.parse(match[2]!) as string)).slice(1, -1);
  for (let level = 0; level < NESTED_LEVELS; level += 1, form = JSON.stringify(form).slice(1, -1)) if (handed.includes(form)) return true;
  return false;
}

/**
 * Whether a call's arguments are one of the harness's searches: exactly `{ query }`. Every call of a shown tool
 * the harness makes carries a `probe` (that is how its deliveries are matched), so no tool call looks like this.
 */
export function harnessSearch(args: unknown): boolean {
  return typeof args === "object" && args !== null && !Array.isArray(args) && Object.keys(args).length === 1 && typeof (args as { query?: unknown }).query === "string";
}

/** Every session of a case, in order, each with the world it was opened on. */
export function sessionRecords(evidence: Evidence): SessionRecord[] {
  const records = new Map<number, SessionRecord>();
  const deliveries = deliveriesOf(evidence);
  const worlds = new Map<number, WorldStep>();
  let world = 0;
  const sharing = callsByArguments(evidence);
  // Per session: whether it was opened with keepDeferred, and whether the harness searched since its last list.
  const searches = new Map<number, { keepDeferred: boolean; since: boolean }>();
  for (const step of evidence.steps) {
    if (step.kind === "world") {
      world = step.world;
      worlds.set(step.world, step);
      continue;
    }
    if (step.kind !== "host" || step.session === undefined) continue;
    const keys = worlds.get(world)?.servers.map((server) => server.key) ?? [];
    if (step.method === "open") records.set(step.session, { world, session: step.session, setup: setupOf(step), steps: [], placed: localNames(step), local: localNames(step), surfaces: [], after: [], unchanged: [], refreshes: new Map(), errors: [], calls: [], broke: [] });
    const record = records.get(step.session);
    if (!record) continue;
    if (step.error !== undefined) {
      record.broke.push(`${step.method}: ${step.error}`);
      continue;
    }
    const request = (step.request ?? {}) as Record<string, unknown>;
    switch (step.method) {
      case "open": {
        searches.set(step.session, { keepDeferred: request.keepDeferred === true, since: false });
        const open = OpenResultSchema.omit({ session: true }).safeParse(step.answer);
        record.errors.push(open.success ? errorTargets(open.data.outcome.errors, keys) : "answered garbage");
        if (open.success && open.data.outcome.errors[0]) record.firstError ??= open.data.outcome.errors[0].message;
        break;
      }
      case "tools": {
        const tools = ToolsResultSchema.safeParse(step.answer);
        if (!tools.success) {
          record.broke.push("tools: answered garbage");
          break;
        }
        const shown = tools.data.tools.map((tool): ShownTool => {
          const identity = identityOf(tool.description);
          return { shown: shownName(tool), name: tool.name, ...(identity ? { identity: pairText(identity.server, identity.tool), pair: [identity.server, identity.tool] as const } : {}) };
        });
        // A searching host's list at open is what the harness's searches made of its first answer, before any
        // call (list-with-search.ts): that is what a model reaches, so it stands for the open's list.
        const state = searches.get(step.session);
        if (state?.since && record.surfaces.length === 1 && record.calls.length === 0 && record.steps.length === 0) record.surfaces[0] = shown;
        else pushSurface(record, shown);
        if (state) state.since = false;
        break;
      }
      case "call": {
        // The harness's searches at open (list-with-search.ts) are how a model reaches what the host defers, not
        // calls of a shown tool (a search reaches no server by design): they mark the next list as what the
        // searches made of the open's. A clause that searches for itself (deferred.suite.ts) opened with
        // keepDeferred, and its searches stay among its calls.
        const state = searches.get(step.session);
        if (state && !state.keepDeferred && harnessSearch(request.arguments)) {
          state.since = true;
          break;
        }
        const shared = (sharing.get(`${world} ${canonicalJson(request.arguments ?? {})}`) ?? 0) > 1;
        const route = routeOf(step, world, deliveries, shared);
        const result = CallResultSchema.safeParse(step.answer);
        const name = shownName({ name: String(request.name ?? ""), ...(typeof request.namespace === "string" ? { namespace: request.namespace } : {}) });
        record.calls.push(!result.success ? { name, route, answer: "garbage" }
          : result.data.ok ? { name, route, answer: result.data.isError === true ? "tool-error" : "ok", ...(result.data.isError !== true && carriesToolError(result.data.content, route) ? { unmarkedToolError: true } : {}) }
            : { name, route, answer: "error", error: result.data.error.message });
        break;
      }
      case "refresh": {
        const refreshed = RefreshResultSchema.safeParse(step.answer);
        const server = typeof request.server === "string" ? request.server : undefined;
        const text = `refresh ${server === undefined ? "every server" : quote(server)}: ${refreshed.success ? errorTargets(refreshed.data.outcome.errors, keys) : "answered garbage"}`;
        const errors = refreshed.success ? refreshed.data.outcome.errors : [];
        const outcome = !refreshed.success ? "garbage" : errors.length === 0 ? "no error" : "errors";
        record.refreshes.set(text, { ...(server === undefined ? {} : { server }), ...namedBy(errors, keys), outcome });
        record.steps.push(text);
        break;
      }
      case "registerLocal": {
        const result = RegisterLocalResultSchema.safeParse(step.answer);
        const answered = !result.success ? "answered garbage" : result.data.ok ? "accepted" : "refused";
        if (answered === "accepted") record.local.push(String(request.name ?? ""));
        record.steps.push(`registerLocal ${quote(String(request.name ?? ""))} (${String(request.shape ?? "?")}): ${answered}`);
        break;
      }
      case "pin":
        record.steps.push(`pin ${canonicalJson(request)}`);
        break;
      default:
        break;
    }
  }
  return [...records.values()];
}
