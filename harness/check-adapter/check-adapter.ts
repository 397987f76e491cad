/**
 * `mcp-collide check-adapter`: drives an adapter through every HAP/1 method it declares, on two tiny
 * worlds of real fake servers, and says precisely what it gets wrong, in seconds rather than a whole run.
 * World one: alpha (search, fetch), beta (search), gamma (no tools): a duplicate, an empty server, calls to
 * route. When no call of world one reaches a server (a host that refuses a duplicate refuses the whole
 * open), a clean world with nothing to refuse (alpha (search, fetch), beta (lookup)) gets the calls instead.
 * An adapter that declares deferred tools gets a world past its threshold: one search, then the list again
 * (deferred-check.ts). Last, alpha and a server that cannot be reached: an error to report and attribute. Every answer is read
 * against the schema, every stdout line must be an answer, `registered` must agree with the tool list and
 * the configuration, calls must reach a server, refusals must be results, and after `shutdown` the process
 * must exit 0. A host that declares prompts or resources gets a world of them too (context-check.ts): what it
 * shows, and a get and a read through it. What the check could not look at (no call ever reached a server) is
 * listed as unchecked, so the check is never green on a host that was never called. Every capability HAP/1
 * documents is honoured as a run honours it: a host that declares `https` gets its servers as https with the
 * run's CA in `tls`, and the tools it declares in `builtinTools` are expected beside the servers' (registered
 * under no server, never called as a server's), while a tool it shows and declares nowhere is still a mistake.
 */
import { z } from "zod";
import { makeRunCa, ServerScriptSchema, startFakeServerHost, type FakeServerHost, type RunCa, type ServerScriptInput } from "../../fake-servers/index.ts";
import { CallResultSchema, PinResultSchema, RegisterLocalResultSchema } from "../protocol/call-result.ts";
import { InitializeResultSchema, type InitializeResult } from "../protocol/initialize-result.ts";
import { OpenResultSchema, RefreshResultSchema } from "../protocol/open-result.ts";
import { ToolsResultSchema, type VisibleTool } from "../protocol/tools-result.ts";
import { visibleKey, visibleLabel } from "../protocol/visible-name.ts";
import { clip, NAME_LIMIT } from "../report/report-view.ts";
import { describeTool, identityOf } from "../world/tool-identity.ts";
import { contextSession } from "./context-check.ts";
import { adapterLanguage, noAnswerHint, noExitHint, slowStartHint, type AdapterLanguage } from "./adapter-hints.ts";
import { builtinFindings } from "./builtin-tools.ts";
import { deferredSession } from "./deferred-check.ts";
import { outcomeFindings, readShape, surfaceFindings, type Finding } from "./findings.ts";
import { LineDriver, type Exchange } from "./line-driver.ts";

/** How to run the check. */
export interface CheckOptions {
  /** Longest wait for one answer, in ms (the CLI's default is run's, DEFAULT_ANSWER_TIMEOUT_MS). */
  timeoutMs: number;
  /** The server transport to hand the host; default http when it declares http, else stdio. */
  transport?: "stdio" | "http";
}

/** What the check found, what it could not check, and the adapter's stderr tail for context. */
export interface CheckResult {
  findings: Finding[];
  host?: InitializeResult["host"];
  stderrTail: string;
  /** Calls that reached, once, the server that advertised the tool, over every world. */
  delivered: number;
  /** What went unchecked, a sentence each; the check passes only when this is empty and no finding is a mistake. */
  unchecked: string[];
}

const server = (key: string, tools: string[], extra: Partial<ServerScriptInput> = {}): ServerScriptInput => ({
  key, serverInfo: { name: `${key}-server`, version: "1.0.0" }, tools: tools.map((name) => ({ name, description: describeTool(key, name) })), ...extra,
});
const plainWorld = [server("alpha", ["search", "fetch"]), server("beta", ["search"]), server("gamma", [])];
/** Nothing in it for any host to refuse: distinct short names, no empty server. */
const cleanWorld = [server("alpha", ["search", "fetch"]), server("beta", ["lookup"])];
const unreachableWorld = [server("alpha", ["search"]), server("offline", ["lookup"], { unreachable: true })];
/** A name no world's host can show. */
const UNKNOWN_NAME = "mcp_collide_check_no_such_tool";
/** Longest host text (an error message) quoted inside one finding. */
const QUOTE_LIMIT = 300;
/** How long an adapter may take to exit after answering shutdown. */
const EXIT_GRACE_MS = 3000;

/** What a JSON-RPC error answer should have been instead, per method. */
const instead: Record<string, string> = {
  "session/getPrompt": "a get the host refuses, or that fails, is the result {\"ok\": false, \"error\": {\"message\": ...}}",
  "session/readResource": "a read the host refuses, or that fails, is the result {\"ok\": false, \"error\": {\"message\": ...}}",
  "session/open": "a server the host refuses is an entry in outcome.errors; an open the host refuses as a whole is an error naming no server, with every key registered []",
  "session/call": "a call the host refuses, or that fails, is the result {\"ok\": false, \"error\": {\"message\": ...}}",
  "session/registerLocal": "a registration the host refuses is the result {\"ok\": false, \"error\": {\"message\": ...}}",
};

/** Runs the check against the adapter started by `argv`. */
export async function checkAdapter(argv: readonly string[], options: CheckOptions): Promise<CheckResult> {
  const findings: Finding[] = [];
  const unchecked: string[] = [];
  const language = adapterLanguage(argv);
  const driver = new LineDriver(argv, options.timeoutMs);
  let servers: FakeServerHost | undefined;
  let ca: RunCa | undefined;
  let host: InitializeResult["host"] | undefined;
  let calls: Calls = { delivered: 0, why: "the check stopped before any world was opened" };

  const add = (finding: Finding) => findings.push(finding);
  if (driver.withoutPidNamespace) {
    add({ level: "note", step: "start", message: `no PID namespace for the adapter (${driver.withoutPidNamespace}): a process it starts that leaves its process group (setsid) can outlive the check` });
  }
  /** Sends one request; returns its result read by `schema`, or undefined after reporting what went wrong. */
  async function ask<T>(method: string, params: unknown, schema: z.ZodType<T>): Promise<T | undefined> {
    const exchange = await driver.request(method, params);
    for (const stray of driver.takeStrays()) {
      add({ level: "mistake", step: method, message: `stdout line ${stray.line} is not HAP/1 (${stray.why}): ${stray.text}: stdout carries HAP/1 only, one answer line per request; send logs to stderr` });
    }
    if (exchange.kind !== "result") {
      add({ level: "mistake", step: method, message: failure(method, exchange, options.timeoutMs, language) });
      return undefined;
    }
    const { data, findings: shape } = readShape(method, "result", schema, exchange.result);
    shape.forEach(add);
    return data;
  }

  try {
    const init = await ask("initialize", { protocolVersion: "1" }, InitializeResultSchema);
    if (init) {
      host = init.host;
      const declared = Object.entries(init.capabilities).filter(([, value]) => value === true || (Array.isArray(value) && value.length > 0) || typeof value === "string" || (typeof value === "object" && value !== null && !Array.isArray(value)));
      add({ level: "ok", step: "initialize", message: `${clip(init.host.name, NAME_LIMIT, "")} ${clip(init.host.version, NAME_LIMIT, "")}; transports ${init.transports.join(", ")}; capabilities ${declared.map(([name]) => name).join(", ") || "none beyond the six basic methods"}` });
      const transport = chooseTransport(init, options.transport, add);
      if (transport) {
        // A host that loads only https servers gets them as a run serves them: https, its CA sent in every open.
        if (transport === "http" && init.capabilities.https) {
          ca = await makeRunCa();
          add({ level: "note", step: "initialize", message: "declared https: the servers are served as https on 127.0.0.1, and every session/open carries the CA in tls, as a run does" });
        }
        servers = await startFakeServerHost(ca ? { tls: ca } : {});
        const tls = ca ? { caCertificate: ca.caCertificate, caFile: ca.caFile } : undefined;
        const context: SessionContext = { ask, add, servers, transport, init, tls };
        calls = await plainSession(context);
        if (calls.delivered === 0 && !driver.exited) {
          add({ level: "note", step: "session/call", message: `no call in the first world reached the server that advertised it (${calls.why}); a host may refuse a world in which two servers share a tool name, so the calls go to a world with nothing to refuse` });
          calls = await cleanSession(context);
        }
        if (!driver.exited) await deferredSession(context);
        if (!driver.exited && (init.capabilities.prompts || init.capabilities.resources)) unchecked.push(...await contextSession(context));
        if (!driver.exited) await unreachableSession(context);
        if (!driver.exited) await shutdown(driver, ask, add, language);
      } else {
        calls.why = "no transport to hand the host a server";
      }
    } else {
      calls.why = "initialize got no usable answer";
    }
  } finally {
    await driver.stop();
    await servers?.close();
    ca?.close();
  }
  if (calls.delivered === 0) {
    unchecked.push(`session/call: no call reached the server that advertised the tool (${calls.why}), so whether session/call drives the host's tool dispatch, and the routing a run judges, went unchecked`);
  }
  return { findings, host, stderrTail: driver.stderrTail(), delivered: calls.delivered, unchecked };
}

function failure(method: string, exchange: Exclude<Exchange, { kind: "result" }>, timeoutMs: number, language: AdapterLanguage): string {
  switch (exchange.kind) {
    case "timeout":
      return `no answer within ${timeoutMs} ms: ${method === "initialize" ? `${noAnswerHint(language)}; or ${slowStartHint(language, timeoutMs)}` : noAnswerHint(language)}`;
    case "exit":
      return `the adapter ${exchange.how} before answering (its stderr is below)`;
    case "malformed":
      return `the answer is not a JSON-RPC answer to this request (${exchange.why}): ${exchange.text}`;
    case "error": {
      const { code, message } = exchange.error;
      return `answered a JSON-RPC error (${clip(JSON.stringify(code) ?? "undefined", NAME_LIMIT, "")}: ${clip(JSON.stringify(message) ?? "undefined", QUOTE_LIMIT, "")}): that means the adapter broke, and a run scores it ERROR${instead[method] ? `; ${instead[method]}` : ""}`;
    }
  }
}

function chooseTransport(init: InitializeResult, wanted: "stdio" | "http" | undefined, add: (finding: Finding) => void): "stdio" | "http" | undefined {
  const wire = init.transports.filter((kind): kind is "stdio" | "http" => kind !== "memory");
  if (wire.length === 0) {
    add({ level: "mistake", step: "initialize", message: `result.transports is ${JSON.stringify(init.transports)}: an adapter process loads servers over "stdio", "http" or both` });
    return undefined;
  }
  if (wanted && !wire.includes(wanted)) add({ level: "note", step: "initialize", message: `the adapter does not declare ${wanted}; checking with ${wire[0]}` });
  return wanted && wire.includes(wanted) ? wanted : wire.includes("http") ? "http" : "stdio";
}

/** What a session of the check needs: the request helper, the findings sink, the fake servers, the host's declaration. */
export interface SessionContext {
  ask<T>(method: string, params: unknown, schema: z.ZodType<T>): Promise<T | undefined>;
  add(finding: Finding): void;
  servers: FakeServerHost;
  transport: "stdio" | "http";
  init: InitializeResult;
  /** The CA handed to a host that declared `https`, sent in every `session/open`. */
  tls?: { caCertificate: string; caFile: string };
}

/** The params of a `session/open` of `world`: its servers, in order, and the CA when the host loads https. */
const openParams = (context: Pick<SessionContext, "tls">, world: World) =>
  ({ servers: world.endpoints.map(({ key, transport }) => ({ key, transport })), ...(context.tls ? { tls: context.tls } : {}) });

const AnyObject = z.object({}).loose();

/** How a world's calls came out: how many reached the server that advertised the tool, and if none, why. */
interface Calls {
  delivered: number;
  why: string;
}

/** The first world: open, list, call every shown name and one that is not, exercise declared capabilities, close. */
async function plainSession(context: SessionContext): Promise<Calls> {
  const { ask, add, servers, transport, init } = context;
  const world = await servers.startWorld(plainWorld.map((script) => ServerScriptSchema.parse(script)), transport);
  const keys = world.endpoints.map((endpoint) => endpoint.key);
  try {
    const opened = await openAndCall(context, world, "session/open");
    if (opened.session === undefined) return opened;
    const unknown = await ask("session/call", { session: opened.session, name: UNKNOWN_NAME, arguments: {} }, CallResultSchema);
    if (unknown?.ok === true) add({ level: "note", step: "session/call", message: `a call of ${JSON.stringify(UNKNOWN_NAME)}, a name the host does not show, was answered ok: the host's doing (a run judges it as wire/unknown-name)` });
    else if (unknown) add({ level: "ok", step: "session/call", message: "a name the host does not show is refused as a result" });
    await declaredCapabilities(ask, add, init, opened.session, keys);
    const closed = await ask("session/close", { session: opened.session }, AnyObject);
    if (closed) add({ level: "ok", step: "session/close", message: "answered" });
    return opened;
  } finally {
    await world.close();
  }
}

/** A world with nothing to refuse, opened only when no call of the first world reached its server. */
async function cleanSession(context: SessionContext): Promise<Calls> {
  const world = await context.servers.startWorld(cleanWorld.map((script) => ServerScriptSchema.parse(script)), context.transport);
  try {
    const opened = await openAndCall(context, world, "session/open (a world with nothing to refuse)");
    if (opened.session !== undefined) await context.ask("session/close", { session: opened.session }, AnyObject);
    return opened;
  } finally {
    await world.close();
  }
}

type World = Awaited<ReturnType<FakeServerHost["startWorld"]>>;

/** Opens `world`, reads the outcome against the tool list, and calls what the host shows. */
async function openAndCall(context: SessionContext, world: World, step: string): Promise<Calls & { session?: string }> {
  const { ask, add, transport } = context;
  const keys = world.endpoints.map((endpoint) => endpoint.key);
  const builtins = context.init.capabilities.builtinTools;
  const open = await ask("session/open", openParams(context, world), OpenResultSchema);
  if (!open) return { delivered: 0, why: "session/open got no usable answer" };
  outcomeFindings(step, open.outcome, keys).forEach(add);
  const listed = await ask("session/tools", { session: open.session }, ToolsResultSchema);
  if (!listed) return { session: open.session, delivered: 0, why: "session/tools got no usable answer" };
  surfaceFindings(step, open.outcome, listed.tools, builtins).forEach(add);
  builtinFindings(step, listed.tools, builtins).forEach(add);
  // The declared built-ins are the host's own: what the servers contributed is the rest.
  const served = listed.tools.filter((tool) => tool.namespace !== undefined || !builtins.includes(tool.name));
  const besides = served.length < listed.tools.length ? " beside its built-ins" : "";
  if (served.length === 0 && open.outcome.errors.length === 0) {
    add({ level: "mistake", step: "session/tools", message: `no tool shown${besides} and no error reported for servers advertising three tools: does session/open configure the host with params.servers, and session/tools read the host's list?` });
  }
  const registered = Object.entries(open.outcome.registered).map(([key, names]) => `${key}: ${names.length}`).join(", ");
  add({ level: "ok", step, message: `session ${clip(JSON.stringify(open.session), NAME_LIMIT, "")} over ${transport}${context.tls ? " (https)" : ""}; registered ${registered}; ${open.outcome.errors.length} error(s); ${served.length} tool(s) shown${besides ? `, and ${listed.tools.length - served.length} built-in(s)` : ""}` });
  if (served.length === 0) {
    const first = open.outcome.errors[0]?.message;
    return { session: open.session, delivered: 0, why: first === undefined ? `the host showed no tool${besides}` : `the host showed no tool${besides} and reported ${clip(JSON.stringify(first), QUOTE_LIMIT, "")}` };
  }
  return { session: open.session, ...(await callShown(ask, add, open.session, served, world.records)) };
}

async function callShown(
  ask: SessionContext["ask"], add: SessionContext["add"], session: string,
  tools: readonly VisibleTool[], records: ReadonlyArray<{ method: string; server: string; tool?: string }>,
): Promise<Calls> {
  let delivered = 0;
  let why = "";
  const first = tools.filter((tool, index) => tools.findIndex((other) => visibleKey(other) === visibleKey(tool)) === index);
  for (const tool of first.slice(0, 5)) {
    const before = records.length;
    // The namespace goes back exactly when the tool was shown with one, as the runner sends it.
    const params = { session, name: tool.name, ...(tool.namespace === undefined ? {} : { namespace: tool.namespace }), arguments: { probe: `check-${tool.name}` } };
    const result = await ask("session/call", params, CallResultSchema);
    if (!result) {
      why ||= "session/call got no usable answer";
      continue;
    }
    const calls = records.slice(before).filter((record) => record.method === "tools/call");
    const origin = identityOf(tool.description);
    const label = clip(JSON.stringify(visibleLabel(tool)), NAME_LIMIT, "");
    if (calls.length === 0 && result.ok) {
      // A tool with no server's marker that no server answers may be one the host offers itself, undeclared.
      const builtin = origin === undefined ? "; if it is a tool the host always offers its model beside the servers' (a built-in), declare it in capabilities.builtinTools" : "";
      add({ level: "mistake", step: "session/call", message: `${label} was answered ok, but no server received a tools/call: session/call must call the tool through the host${builtin}` });
      why ||= "calls were answered ok without reaching a server";
    } else if (calls.length === 0) {
      const reason = result.ok ? "" : clip(result.error.message, QUOTE_LIMIT, "");
      add({ level: "note", step: "session/call", message: `the host refused ${label}, a name it shows, and no server was called (${reason}): is session/call reaching the host's tool dispatch?` });
      why ||= `the host refused the calls of the names it showed (first: ${JSON.stringify(reason)})`;
    } else if (origin && (calls.length !== 1 || calls[0]!.server !== origin.server || calls[0]!.tool !== origin.tool)) {
      add({ level: "note", step: "session/call", message: `${label} reached ${calls.map((call) => `${call.server}/${call.tool}`).join(", ")}, not just ${origin.server}/${origin.tool}: the host's doing (a run judges it as wire/passthrough and wire/no-cross-routing)` });
      why ||= "the calls reached another server than the one that advertised the tool";
    } else {
      delivered += 1;
    }
  }
  if (delivered > 0) add({ level: "ok", step: "session/call", message: `${delivered} call(s) delivered once each, to the server that advertised the tool` });
  return { delivered, why };
}

async function declaredCapabilities(ask: SessionContext["ask"], add: SessionContext["add"], init: InitializeResult, session: string, keys: string[]): Promise<void> {
  const { capabilities } = init;
  if (capabilities.refresh) {
    const refreshed = await ask("session/refresh", { session }, RefreshResultSchema);
    if (refreshed) {
      const found = outcomeFindings("session/refresh", refreshed.outcome, keys);
      found.forEach(add);
      if (found.every((finding) => finding.level !== "mistake")) add({ level: "ok", step: "session/refresh", message: "answered with an outcome for every key" });
    }
  }
  if (capabilities.registerLocal.length > 0) {
    const shape = capabilities.registerLocal[0]!;
    const registered = await ask("session/registerLocal", { session, name: "check_local_tool", shape }, RegisterLocalResultSchema);
    if (registered) add({ level: "ok", step: "session/registerLocal", message: `a registration of shape ${shape} answered ${registered.ok ? "ok" : "refused"}` });
  }
  if (capabilities.pins) {
    const pinned = await ask("session/pin", { session }, PinResultSchema);
    const foreign = Object.keys(pinned?.pins ?? {}).filter((key) => !keys.includes(key));
    for (const key of foreign) add({ level: "mistake", step: "session/pin", message: `result.pins has ${JSON.stringify(key)}, which is not a configured key: key pins by configuration key` });
    if (pinned && foreign.length === 0) add({ level: "ok", step: "session/pin", message: `pins for ${Object.keys(pinned.pins).join(", ") || "no server"}` });
  }
  const unchecked = (["listChanged", "requestSchemas", "allowDeny", "localTools"] as const).filter((name) => capabilities[name]);
  if (unchecked.length > 0) add({ level: "note", step: "initialize", message: `declared ${unchecked.join(", ")}: what they change is checked by a run, not here` });
}

/** The second world: one server cannot be reached, so the host has an error to report and attribute. */
async function unreachableSession(context: SessionContext): Promise<void> {
  const { ask, add, servers, transport } = context;
  const world = await servers.startWorld(unreachableWorld.map((script) => ServerScriptSchema.parse(script)), transport);
  const keys = world.endpoints.map((endpoint) => endpoint.key);
  const step = "session/open (a server that cannot be reached)";
  try {
    const open = await ask("session/open", openParams(context, world), OpenResultSchema);
    if (!open) return;
    const found = outcomeFindings(step, open.outcome, keys);
    const listed = await ask("session/tools", { session: open.session }, ToolsResultSchema);
    if (listed) found.push(...surfaceFindings(step, open.outcome, listed.tools, context.init.capabilities.builtinTools));
    found.forEach(add);
    const blamed = open.outcome.errors.some((error) => error.server === "offline");
    if (found.every((finding) => finding.level !== "mistake")) {
      add({ level: "ok", step, message: `answered; ${open.outcome.errors.length} error(s)${blamed ? ", one attributed to \"offline\"" : ""}` });
    }
    await ask("session/close", { session: open.session }, AnyObject);
  } finally {
    await world.close();
  }
}

async function shutdown(driver: LineDriver, ask: SessionContext["ask"], add: SessionContext["add"], language: AdapterLanguage): Promise<void> {
  const answered = await ask("shutdown", {}, AnyObject);
  if (!answered) return;
  const ending = await driver.waitForExit(EXIT_GRACE_MS);
  if (!ending) {
    add({ level: "mistake", step: "shutdown", message: `answered, but the process had not exited ${EXIT_GRACE_MS} ms later (run kills it then, and waits as long each time an adapter ends): ${noExitHint(language)}` });
  } else if (ending.code !== 0) {
    add({ level: "mistake", step: "shutdown", message: `the process ${ending.signal ? `ended by ${ending.signal}` : `exited with code ${ending.code}`} after shutdown: exit 0` });
  } else {
    add({ level: "ok", step: "shutdown", message: "answered and exited 0" });
  }
}
