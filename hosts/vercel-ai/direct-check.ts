/**
 * The AI SDK's behaviours behind every verdict of reports/vercel-ai.json that is not a pass, seen without
 * the harness or the adapter: `createMCPClient` per server, `client.tools()`, the docs' `{ ...a, ...b }`
 * merge, `generateText` with a mock model (../direct-check-support.ts). Run on the Node the host needs:
 *   hosts/node-runtimes/node_modules/node22/bin/node --import tsx hosts/vercel-ai/direct-check.ts
 */
import { createMCPClient, type MCPClient } from "@ai-sdk/mcp";
import { generateText, jsonSchema, tool, type ToolSet } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { directWorld, fact, runChecks, settled, type DirectServer } from "../direct-check-support.ts";

const usage = { inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 0, text: 0, reasoning: 0 } };

/** One client per server, `tools()` each, in configuration order (the docs' wiring). */
async function clients(urls: Record<string, string>): Promise<{ clients: MCPClient[]; sets: ToolSet[] }> {
  const made: MCPClient[] = [];
  const sets: ToolSet[] = [];
  for (const url of Object.values(urls)) {
    const client = await createMCPClient({ transport: { type: "http", url } });
    made.push(client);
    sets.push(await client.tools() as ToolSet);
  }
  return { clients: made, sets };
}

/** What the model is offered for `tools`, and what a call of `name` gives (a tool-result's text or a tool-error's message). */
async function offerAndCall(tools: ToolSet, name: string): Promise<{ offered: string[]; result: string }> {
  let offered: string[] = [];
  await generateText({
    model: new MockLanguageModelV3({ doGenerate: async (options) => { offered = (options.tools ?? []).map((entry) => entry.name); return { content: [{ type: "text", text: "ok" }], finishReason: { unified: "stop", raw: "stop" }, usage, warnings: [] }; } }),
    tools, prompt: "list",
  });
  const run = await generateText({
    model: new MockLanguageModelV3({ doGenerate: async () => ({ content: [{ type: "tool-call", toolCallId: "c1", toolName: name, input: "{}" }], finishReason: { unified: "tool-calls", raw: "tool_calls" }, usage, warnings: [] }) }),
    tools, prompt: "call",
  });
  const part = run.steps.flatMap((step) => step.content).find((entry) => entry.type === "tool-result" || entry.type === "tool-error");
  const result = part?.type === "tool-error" ? `tool-error: ${part.error instanceof Error ? part.error.message : String(part.error)}` : JSON.stringify(part?.type === "tool-result" ? part.output : part);
  return { offered, result };
}

const merged = (sets: ToolSet[]): ToolSet => sets.reduce<ToolSet>((all, set) => ({ ...all, ...set }), {});
const local = tool({ description: "the application's own", inputSchema: jsonSchema({ type: "object" }), execute: async () => "answered by the local tool" });

async function inWorld(servers: DirectServer[], run: (world: Awaited<ReturnType<typeof directWorld>>, opened: Awaited<ReturnType<typeof clients>>) => Promise<void>): Promise<void> {
  const world = await directWorld(...servers);
  const opened = await clients(world.urls);
  try {
    await run(world, opened);
  } finally {
    await Promise.allSettled(opened.clients.map((client) => client.close()));
    await world.close();
  }
}

await runChecks({
  "spread: a later server's tool replaces an earlier one's (order, no-silent-loss, shortfall, all-or-nothing, injective)": () =>
    inWorld([{ key: "alpha", tools: ["request", "search"] }, { key: "beta", tools: ["request", "query"] }], async (world, { sets }) => {
      fact("each client's own set", sets.map((set) => Object.keys(set)));
      const seen = await offerAndCall(merged(sets), "request");
      fact("offered", seen.offered);
      fact("the call of request reached", world.calls());
    }),
  "spread swapped: configured beta, alpha (order/config-permutation)": () =>
    inWorld([{ key: "beta", tools: ["request"] }, { key: "alpha", tools: ["request"] }], async (world, { sets }) => {
      await offerAndCall(merged(sets), "request");
      fact("the call of request reached", world.calls());
    }),
  "a local tool after the sets (guard/every-shape), and before them (guard/local-occupant)": () =>
    inWorld([{ key: "alpha", tools: ["request"] }, { key: "beta", tools: ["search"] }], async (world, { sets }) => {
      const after = await offerAndCall({ ...merged(sets), request: local }, "request");
      fact("{ ...merged, request: local }", { ...after, reached: world.calls() });
      const before = await offerAndCall({ request: local, ...merged(sets) }, "request");
      fact("{ request: local, ...merged }", { ...before, reached: world.calls() });
    }),
  "names reach the model unchecked (names/provider-valid)": () =>
    inWorld([{ key: "alpha", tools: ["request", "a/b"] }, { key: "beta", tools: ["search"] }], async (_world, { sets }) => {
      fact("offered", (await offerAndCall(merged(sets), "a/b")).offered);
    }),
  "a refresh: alpha's new query meets delta's (drift/refresh-tracks-list)": async () => {
    const world = await directWorld({ key: "alpha", tools: ["request", "query"] }, { key: "delta", tools: ["query"] });
    const { clients: made, sets } = await clients(world.urls);
    fact("alpha's own set after tools()", Object.keys(sets[0]!));
    await offerAndCall(merged(sets), "query");
    fact("the merged set's query reached", world.calls());
    await Promise.allSettled(made.map((client) => client.close()));
    await world.close();
  },
  "a cursor that never advances (surface/failing-server-named)": async () => {
    const world = await directWorld({ key: "alpha", tools: ["request", "search"], failure: "stuck-cursor", pageSize: 2 }, { key: "beta", tools: ["query"] });
    const client = await createMCPClient({ transport: { type: "http", url: world.urls.alpha! } });
    fact("alpha's tools()", await settled(client.tools()));
    fact("tools/list asks alpha received", world.count("alpha", "tools/list"));
    await client.close();
    await world.close();
  },
  "an unreachable server first (surface/one-failure-contained)": async () => {
    const world = await directWorld({ key: "alpha", tools: ["request"], unreachable: true }, { key: "beta", tools: ["search"] });
    fact("createMCPClient for alpha", await settled(createMCPClient({ transport: { type: "http", url: world.urls.alpha! } })));
    fact("beta received", world.records.filter((record) => record.server === "beta").map((record) => record.method));
    await world.close();
  },
  "a server gone after tools() (drift/mid-session-loss)": async () => {
    const alpha = await directWorld({ key: "alpha", tools: ["request"] });
    const beta = await directWorld({ key: "beta", tools: ["search"] });
    const { clients: made, sets } = await clients({ ...alpha.urls, ...beta.urls });
    await alpha.close();
    fact("the call of request", (await offerAndCall(merged(sets), "request")).result);
    fact("the call of search", { result: (await offerAndCall(merged(sets), "search")).result.slice(0, 120), reached: beta.calls() });
    await Promise.allSettled(made.map((client) => client.close()));
    await beta.close();
  },
  "a refused tools/list (diag/errors-name-server)": async () => {
    const world = await directWorld({ key: "alpha", tools: ["request"], failure: "list-error" }, { key: "beta", tools: ["search"] });
    const client = await createMCPClient({ transport: { type: "http", url: world.urls.alpha! } });
    try {
      await client.tools();
    } catch (error) {
      const fields = error as { name?: string; message?: string; url?: unknown; data?: unknown; code?: unknown };
      fact("alpha's tools() rejected", { name: fields.name, message: fields.message, url: fields.url ?? null, data: fields.data ?? null, code: fields.code ?? null });
    }
    await client.close();
    await world.close();
  },
});
