/**
 * The OpenAI Agents SDK's behaviours behind every verdict of reports/openai-agents.json and
 * reports/openai-agents-server-names.json that is not a pass, and behind the verdicts 0.20 changed, seen
 * without the harness or the adapter: `MCPServerStreamableHttp` per server (`name` = the key),
 * `connectMcpServers`, `new Agent({ mcpServers })`, its `Runner` with a scripted `Model`
 * (../direct-check-support.ts). Run on the Node the host needs:
 *   hosts/node-runtimes/node_modules/node22/bin/node --import tsx hosts/openai-agents/direct-check.ts
 */
import {
  Agent, connectMcpServers, createMCPToolStaticFilter, MCPServerStreamableHttp, Runner, tool, Usage,
  type FunctionTool, type MCPServers, type Model, type ModelRequest, type ModelResponse,
} from "@openai/agents-core";
import { directWorld, fact, runChecks, settled, type DirectServer } from "../direct-check-support.ts";

/** A model that calls `call` on its first turn (or answers at once), recording what it was offered and handed back. */
class ScriptedModel implements Model {
  offered: string[] = [];
  returned: unknown[] = [];
  #turn = 0;
  constructor(readonly call?: string) {}
  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const turn = this.#turn++;
    if (turn === 0) this.offered = request.tools.flatMap((entry) => (entry.type === "function" ? [entry.name] : []));
    if (turn === 0 && this.call) return { usage: new Usage(), output: [{ type: "function_call", callId: "c1", name: this.call, arguments: "{}", status: "completed" }] };
    if (Array.isArray(request.input)) this.returned = request.input.filter((item) => item.type === "function_call_result");
    return { usage: new Usage(), output: [{ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "done" }] }] };
  }
  // eslint-disable-next-line require-yield
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error("no streaming");
  }
}

const local = (name: string) => tool({ name, description: "the application's own", strict: false, parameters: { type: "object", properties: {}, required: [], additionalProperties: true } as never, execute: async () => "answered by the local tool" }) as unknown as FunctionTool;

interface Opened { managed: MCPServers; agent: Agent; errors: string[] }

async function open(urls: Record<string, string>, options: { serverNames?: boolean; tools?: FunctionTool[]; allowed?: Record<string, string[]> } = {}): Promise<Opened> {
  const servers = Object.entries(urls).map(([key, url]) => new MCPServerStreamableHttp({
    name: key, url, ...(options.allowed?.[key] ? { toolFilter: createMCPToolStaticFilter({ allowed: options.allowed[key] }) } : {}),
  }));
  const managed = await connectMcpServers(servers);
  const agent = new Agent({ name: "host", instructions: "", tools: options.tools ?? [], mcpServers: managed.active, mcpConfig: { includeServerInToolNames: options.serverNames === true } });
  return { managed, agent, errors: [...managed.errors].map(([server, error]) => `${server.name}: ${String(error)}`) };
}

/** One run: what the model was offered, what the call of `name` handed back, or what the run raised. */
async function run(agent: Agent, name?: string): Promise<unknown> {
  const model = new ScriptedModel(name);
  const outcome = await settled(new Runner({ model, tracingDisabled: true }).run(agent, "go"));
  return outcome.ok ? { offered: model.offered, ...(name ? { handedBack: model.returned } : {}) } : { raised: outcome.error };
}

async function inWorld(servers: DirectServer[], options: Parameters<typeof open>[1], check: (opened: Opened, world: Awaited<ReturnType<typeof directWorld>>) => Promise<void>): Promise<void> {
  const world = await directWorld(...servers);
  const opened = await open(world.urls, options);
  try {
    fact("connectMcpServers errors", opened.errors);
    await check(opened, world);
  } finally {
    await opened.managed.close();
    await world.close();
  }
}

const long = `tool_${"x".repeat(60)}`;

await runChecks({
  "a 65-character name (names/provider-valid)": () =>
    inWorld([{ key: "alpha", tools: [long] }, { key: "beta", tools: ["search"] }], {}, async ({ agent }) => fact("run", await run(agent))),
  "a local tool after the MCP tools (guard/every-shape), and at open (guard/local-occupant)": () =>
    inWorld([{ key: "alpha", tools: ["request"] }, { key: "beta", tools: ["search"] }], {}, async ({ agent }, world) => {
      const later = agent.clone({ tools: [...agent.tools, local("request")] });
      fact("clone with a local request: run", await run(later, "request"));
      fact("reached", world.calls());
      const atOpen = agent.clone({ tools: [local("request")] });
      fact("a local request from the start: run", await run(atOpen, "request"));
      fact("reached", world.calls());
    }),
  "an allow entry alpha does not advertise (surface/allow-deny)": () =>
    inWorld([{ key: "alpha", tools: ["request", "search"] }, { key: "beta", tools: ["query", "call"] }], { allowed: { alpha: ["request", "search", "query"] } }, async ({ agent }) => fact("run", await run(agent))),
  "alpha lists delta's query (drift/refresh-tracks-list)": () =>
    inWorld([{ key: "alpha", tools: ["request", "query"] }, { key: "delta", tools: ["query"] }], {}, async ({ agent }) => fact("run", await run(agent))),
  "alpha's tools/list refused (surface/one-failure-contained, diag/errors-name-server)": () =>
    inWorld([{ key: "alpha", tools: ["request"], failure: "list-error" }, { key: "beta", tools: ["search"] }], {}, async ({ agent, managed }) => {
      fact("run", await run(agent));
      const listing = await settled(managed.active[0]!.listTools());
      fact("alpha's listTools()", listing);
    }),
  "a tool answering isError: true (wire/tool-error-reaches-model)": () =>
    inWorld([{ key: "alpha", tools: ["fail"], errorTools: ["fail"] }], {}, async ({ agent }) => fact("run", await run(agent, "fail"))),
  "alpha gone after open, then a refresh (drift/mid-session-loss, drift/unreachable-prunes-nothing)": async () => {
    const alpha = await directWorld({ key: "alpha", tools: ["request"] });
    const beta = await directWorld({ key: "beta", tools: ["search"] });
    const opened = await open({ ...alpha.urls, ...beta.urls });
    fact("before: run", await run(opened.agent));
    await alpha.close();
    fact("call of request", await run(opened.agent, "request"));
    fact("call of search", await run(opened.agent, "search"));
    for (const server of opened.managed.active) await server.invalidateToolsCache();
    fact("after invalidateToolsCache(): run", await run(opened.agent));
    fact("beta's calls", beta.calls());
    await opened.managed.close();
    await beta.close();
  },
  "0.20 changed: a.b and a_b of one server (surface/no-silent-loss and its kin now pass)": () =>
    inWorld([{ key: "alpha", tools: ["a.b", "a_b", "search"] }], {}, async ({ agent }) => fact("run", await run(agent))),
  "0.20 changed: a second page repeating the first (surface/failing-server-named)": () =>
    inWorld([{ key: "alpha", tools: ["request", "search", "query"], failure: "repeated-page", pageSize: 2 }, { key: "beta", tools: ["lookup"] }], {}, async ({ agent }, world) => {
      fact("default: run", await run(agent));
      fact("tools/list alpha received", world.count("alpha", "tools/list"));
    }),
  "0.20 changed: an uncompilable output schema (schema/hostile-schema)": () =>
    inWorld([{ key: "alpha", tools: ["request", "search"], outputSchemas: { request: { type: "object", properties: { q: { type: "nope" } } } } }, { key: "beta", tools: ["query"] }], {}, async ({ agent }, world) => {
      fact("run", await run(agent));
      fact("call of request", await run(agent, "request"));
      fact("reached", world.calls());
    }),
  "includeServerInToolNames: a local tool of a prefixed name (guard/every-shape, guard/local-occupant)": () =>
    inWorld([{ key: "alpha", tools: ["request"] }, { key: "beta", tools: ["search"] }], { serverNames: true }, async ({ agent }, world) => {
      fact("run", await run(agent));
      const later = agent.clone({ tools: [...agent.tools, local("mcp_alpha__request")] });
      fact("clone with a local mcp_alpha__request: call of it", await run(later, "mcp_alpha__request"));
      fact("reached", world.calls());
    }),
  "includeServerInToolNames: the repeated page (surface/failing-server-named)": () =>
    inWorld([{ key: "alpha", tools: ["request", "search", "query"], failure: "repeated-page", pageSize: 2 }, { key: "beta", tools: ["lookup"] }], { serverNames: true }, async ({ agent }) => fact("run", await run(agent))),
  "includeServerInToolNames: names depend on the other servers (names/context-free)": async () => {
    const world = await directWorld({ key: "a__b", tools: ["c"] }, { key: "a", tools: ["b__c"] });
    const both = await open(world.urls, { serverNames: true });
    fact("a__b and a: run", await run(both.agent));
    await both.managed.close();
    const alone = await open({ "a__b": world.urls["a__b"]! }, { serverNames: true });
    fact("a__b alone: run", await run(alone.agent));
    await alone.managed.close();
    await world.close();
  },
});
