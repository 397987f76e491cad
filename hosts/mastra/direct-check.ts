/**
 * Mastra's behaviours behind every verdict of reports/mastra-tools.json and reports/mastra-toolsets.json
 * that is not a pass, and behind the verdicts @mastra/mcp 2 changed, seen without the harness or the
 * adapter: `new MCPClient({ servers })`, `listTools()` / `listToolsets()`, an `Agent` run by `generate()`
 * with a scripted AI SDK model (../direct-check-support.ts). Run on the Node the host needs:
 *   hosts/node-runtimes/node_modules/node22/bin/node --import tsx hosts/mastra/direct-check.ts
 */
import { Agent } from "@mastra/core/agent";
import { createTool } from "@mastra/core/tools";
import { MCPClient } from "@mastra/mcp";
import { z } from "zod";
import { directWorld, fact, runChecks, settled, type DirectServer, type DirectWorld } from "../direct-check-support.ts";

/** A LanguageModelV2 that calls `call` on its first turn (or answers), recording what it was offered. */
class ScriptedModel {
  readonly specificationVersion = "v2";
  readonly provider = "scripted";
  readonly modelId = "scripted";
  readonly supportedUrls = {};
  offered: string[] = [];
  #turn = 0;
  constructor(readonly call?: { name: string; input?: Record<string, unknown> }) {}
  async doGenerate(options: { tools?: Array<{ name: string }> }) {
    const turn = this.#turn++;
    if (turn === 0) this.offered = (options.tools ?? []).map((entry) => entry.name);
    const usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
    if (turn === 0 && this.call) return { content: [{ type: "tool-call", toolCallId: "c1", toolName: this.call.name, input: JSON.stringify(this.call.input ?? {}) }], finishReason: "tool-calls", usage, warnings: [] };
    return { content: [{ type: "text", text: "done" }], finishReason: "stop", usage, warnings: [] };
  }
  async doStream(): Promise<never> {
    throw new Error("no streaming");
  }
}

type Tools = Record<string, unknown>;
/** Error-level entries of each server's own log channel (the server definition's `logger`). */
const logged: string[] = [];
const logger = (entry: { level: string; message: string; serverName: string }) => {
  if (entry.level === "error") logged.push(`[${entry.serverName}] ${entry.message}`);
};

const clientOf = (world: DirectWorld, keys = Object.keys(world.urls)) =>
  new MCPClient({ servers: Object.fromEntries(keys.map((key) => [key, { url: new URL(world.urls[key]!), logger }])) as never });

/** One `agent.generate()`: what the model was offered, and the call's result part (or what generate raised). */
async function generate(tools: Tools, call?: string, toolsets?: Record<string, Tools>, input?: Record<string, unknown>): Promise<unknown> {
  const model = new ScriptedModel(call ? { name: call, input } : undefined);
  const agent = new Agent({ id: "host", name: "host", instructions: "", model: () => model as never, tools: tools as never });
  const ran = await settled(agent.generate("go", toolsets ? { toolsets: toolsets as never } : {}) as Promise<{ steps?: Array<{ content?: Array<{ type: string; output?: unknown }> }> }>);
  if (!ran.ok) return { offered: model.offered, raised: ran.error };
  const part = (ran.value.steps ?? []).flatMap((step) => step.content ?? []).find((entry) => entry.type === "tool-result" || entry.type === "tool-error");
  return { offered: model.offered, ...(call ? { result: JSON.stringify(part?.output ?? part).slice(0, 300) } : {}) };
}

const local = (id: string) => createTool({ id, description: "the application's own", inputSchema: z.object({}).passthrough(), execute: async () => "answered by the local tool" });

async function inWorld(servers: DirectServer[], check: (world: DirectWorld) => Promise<void>): Promise<void> {
  const world = await directWorld(...servers);
  logged.length = 0;
  try {
    await check(world);
  } finally {
    await world.close();
  }
  fact("error-level entries on the servers' own log channels", logged);
}

await runChecks({
  "a_b+c meets a+b_c, in both configuration orders (order/config-permutation, surface/no-silent-loss, names/injective)": () =>
    inWorld([{ key: "a_b", tools: ["c"] }, { key: "a", tools: ["b_c"] }], async (world) => {
      for (const keys of [["a_b", "a"], ["a", "a_b"]]) {
        const mcp = clientOf(world, keys);
        const tools = await mcp.listTools();
        fact(`configured ${keys.join(", ")}: listTools()`, Object.keys(tools));
        const before = world.calls().length;
        fact("call of a_b_c", await generate(tools, "a_b_c"));
        fact("it reached", world.calls().slice(before));
        fact("listToolsets()", Object.fromEntries(Object.entries(await mcp.listToolsets()).map(([key, set]) => [key, Object.keys(set)])));
        await mcp.disconnect();
      }
    }),
  "a tool named \"\" and one named __proto__ (surface/shortfall-names-missing, surface/all-or-nothing)": () =>
    inWorld([{ key: "alpha", tools: ["", "__proto__", "request"] }], async (world) => {
      const mcp = clientOf(world);
      fact("listTools()", Object.keys(await mcp.listTools()));
      fact("listToolsets()", Object.fromEntries(Object.entries(await mcp.listToolsets()).map(([key, set]) => [key, Object.keys(set)])));
      await mcp.disconnect();
    }),
  "an unreachable server (surface/failing-server-named; surface/one-failure-contained now passes)": () =>
    inWorld([{ key: "alpha", tools: ["request"], unreachable: true }, { key: "beta", tools: ["search"] }], async (world) => {
      const mcp = clientOf(world);
      fact("listTools()", await settled(mcp.listTools().then(Object.keys)));
      fact("listToolsets()", await settled(mcp.listToolsets().then(Object.keys)));
      const withErrors = await mcp.listToolsWithErrors();
      fact("listToolsWithErrors() (not the docs' Agent wiring)", { tools: Object.keys(withErrors.tools), errors: withErrors.errors });
      await mcp.disconnect();
    }),
  "a local tool beside the MCP tools (guard/every-shape, guard/local-occupant)": () =>
    inWorld([{ key: "alpha", tools: ["request"] }, { key: "beta", tools: ["search"] }], async (world) => {
      const mcp = clientOf(world);
      const tools = await mcp.listTools();
      fact("{ ...listTools(), alpha_request: local }", { ...await generate({ ...tools, alpha_request: local("alpha_request") }, "alpha_request") as object, reached: world.calls() });
      fact("{ alpha_request: local, ...listTools() }", { ...await generate({ alpha_request: local("alpha_request"), ...tools }, "alpha_request") as object, reached: world.calls() });
      const toolsets = await mcp.listToolsets();
      fact("toolsets mode, a local request in the Agent's tools", { ...await generate({ request: local("request") }, "request", toolsets) as object, reached: world.calls() });
      await mcp.disconnect();
    }),
  "alpha gone: a refresh, then a call (drift/unreachable-prunes-nothing, drift/mid-session-loss)": async () => {
    logged.length = 0;
    const alpha = await directWorld({ key: "alpha", tools: ["request"] });
    const beta = await directWorld({ key: "beta", tools: ["search"] });
    const mcp = new MCPClient({ servers: { alpha: { url: new URL(alpha.urls.alpha!), logger }, beta: { url: new URL(beta.urls.beta!), logger } } as never });
    const tools = await mcp.listTools();
    fact("listTools() before", Object.keys(tools));
    await alpha.close();
    fact("listTools() again (the refresh)", await settled(mcp.listTools().then(Object.keys)));
    fact("listToolsets() again", await settled(mcp.listToolsets().then(Object.keys)));
    fact("call of alpha_request with the tools listed before", await generate(tools, "alpha_request"));
    fact("call of beta_search", { ...await generate(tools, "beta_search") as object, reached: beta.calls() });
    fact("error-level entries on the servers' own log channels", logged);
    await mcp.disconnect();
    await beta.close();
  },
  "a backtracking pattern (schema/hostile-schema)": () =>
    inWorld([{ key: "alpha", tools: ["request", "search"], inputSchemas: { request: { type: "object", properties: { q: { type: "string", pattern: "^(a+)+$" } } } } }, { key: "beta", tools: ["query"] }], async (world) => {
      const mcp = clientOf(world);
      const tools = await mcp.listTools();
      fact("listTools()", Object.keys(tools));
      for (const q of ["aaaaaaaa!", `${"a".repeat(29)}!`]) {
        const started = performance.now();
        const seen = await generate(tools, "alpha_request", undefined, { q });
        fact(`call with q = ${q.length} characters`, { ms: Math.round(performance.now() - started), ...(seen as object) });
      }
      fact("reached", world.calls());
      await mcp.disconnect();
    }),
  "a call whose answer is lost (wire/at-most-once)": () =>
    inWorld([{ key: "alpha", tools: ["request"], loseAnswers: ["request"] }, { key: "beta", tools: ["search"] }], async (world) => {
      const mcp = clientOf(world);
      fact("call of alpha_request", await generate(await mcp.listTools(), "alpha_request"));
      fact("tools/call alpha received", world.calls());
      await mcp.disconnect();
    }),
  "a.b and a/b of one server (diag/errors-name-server)": () =>
    inWorld([{ key: "alpha", tools: ["a.b", "a/b"] }], async (world) => {
      const mcp = clientOf(world);
      const tools = await mcp.listTools();
      fact("listTools()", Object.keys(tools));
      fact("generate()", await generate(tools));
      fact("toolsets mode: generate()", await generate({}, undefined, await mcp.listToolsets()));
      await mcp.disconnect();
    }),
  "a refused tools/list (a failure listTools() now skips)": () =>
    inWorld([{ key: "alpha", tools: ["request"], failure: "list-error" }, { key: "beta", tools: ["search"] }], async (world) => {
      const mcp = clientOf(world);
      fact("listTools()", await settled(mcp.listTools().then(Object.keys)));
      await mcp.disconnect();
    }),
  "toolsets flattened by bare name (mastra-toolsets: order, no-silent-loss, unknown names)": () =>
    inWorld([{ key: "alpha", tools: ["request"] }, { key: "beta", tools: ["request"] }], async (world) => {
      const mcp = clientOf(world);
      const toolsets = await mcp.listToolsets();
      fact("listToolsets()", Object.fromEntries(Object.entries(toolsets).map(([key, set]) => [key, Object.keys(set)])));
      fact("call of request", { ...await generate({}, "request", toolsets) as object, reached: world.calls() });
      const before = world.calls().length;
      fact("call of beta_request (never shown)", { ...await generate({}, "beta_request", toolsets) as object, reached: world.calls().slice(before) });
      await mcp.disconnect();
      const swapped = clientOf(world, ["beta", "alpha"]);
      const after = world.calls().length;
      fact("configured beta, alpha: call of request", { ...await generate({}, "request", await swapped.listToolsets()) as object, reached: world.calls().slice(after) });
      await swapped.disconnect();
    }),
  "toolsets: alpha's query meets delta's (mastra-toolsets drift/refresh-tracks-list)": () =>
    inWorld([{ key: "alpha", tools: ["request", "query"] }, { key: "delta", tools: ["query"] }], async (world) => {
      const mcp = clientOf(world);
      const toolsets = await mcp.listToolsets();
      fact("listToolsets()", Object.fromEntries(Object.entries(toolsets).map(([key, set]) => [key, Object.keys(set)])));
      fact("call of query", { ...await generate({}, "query", toolsets) as object, reached: world.calls() });
      await mcp.disconnect();
    }),
});
