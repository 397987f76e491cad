/**
 * Serve mode in-process: every named world starts and stops on both transports it can use, its configs name
 * exactly its servers, its empty report judges nothing, the clauses' record judges decide what the records
 * show (and only that), the fake provider's turns show the app's list, and a report's failing case is served.
 */
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { describe, expect, it } from "vitest";
import type { MessageRecord } from "../../fake-servers/index.ts";
import { packageRoot } from "../cli/builtin-host.ts";
import { paced } from "../pace.ts";
import { sealReport } from "../report/write-report.ts";
import { loadSuites } from "../runner/catalogue.ts";
import { describeTool } from "../world/tool-identity.ts";
import { worldOf } from "../world/hazard-worlds.ts";
import { clausesAbout, checklistLines } from "./checklist.ts";
import { endpointsOfGenericConfig, hostConfigs } from "./host-configs.ts";
import { strayCalls } from "./record-facts.ts";
import { servedWorld, servedWorlds } from "./serve-catalogue.ts";
import { CANNOT_SEE, serveReport, servedDepartures } from "./serve-report.ts";
import { startServedWorld } from "./served-world.ts";
import type { ServedRecords } from "./served-records.ts";

const clauses = await loadSuites(join(packageRoot, "suites"));
const clause = (id: string) => clauses.find((candidate) => candidate.id === id)!;
const context = { world: "w", title: "t", transport: "stdio" as const, startedAt: new Date(0), durationMs: 0 };

let time = 0;
const record = (server: string, method: string, extra: Partial<MessageRecord> = {}): MessageRecord => ({ server, method, time: time += 10, connection: 1, ...extra });
const served = (name: string, records: MessageRecord[], more: Partial<ServedRecords> = {}): ServedRecords =>
  ({ world: servedWorld(name)!.world, records, modelTurns: [], listChangedTimeoutMs: 2_000, ...more });

describe("the named worlds", () => {
  it("each starts on 127.0.0.1 over its transport, is named exactly by every config, and stops; its report with no app judges nothing", async () => {
    const worlds = servedWorlds();
    expect(new Set(worlds.map((spec) => spec.name)).size).toBe(worlds.length);
    for (const spec of worlds) {
      const running = await startServedWorld(spec, { transport: spec.transport, listChangedTimeoutMs: 2_000 });
      const configs = hostConfigs(running.endpoints);
      expect(endpointsOfGenericConfig(configs[0]!.json), spec.name).toEqual(running.endpoints);
      for (const endpoint of running.endpoints) if (endpoint.transport.type === "http") expect(new URL(endpoint.transport.url).hostname).toBe("127.0.0.1");
      const report = sealReport(serveReport(clauses, await running.stop(), context));
      expect(report.clauses.filter((candidate) => !["not-applicable", "inconclusive"].includes(candidate.status)), spec.name).toEqual([]);
      expect(report.mode).toBe("serve");
    }
  }, paced(120_000));

  it("a world's checklist quotes the clauses whose constructed cases open it, and says which serve judges", () => {
    expect(clausesAbout(servedWorld("stuck-cursor")!.world, clauses).map((about) => about.id)).toEqual(["surface/failing-server-named"]);
    expect(checklistLines(servedWorld("stuck-cursor")!.world, clauses).at(-1)).toMatch(/judged from the records when serve stops: surface\/failing-server-named/);
  });

  it("a real MCP client reaches a served server over stdio and HTTP, and the records show it", async () => {
    for (const transport of ["stdio", "http"] as const) {
      const running = await startServedWorld(servedWorld("two-servers")!, { transport, listChangedTimeoutMs: 2_000 });
      const spec = running.endpoints[1]!.transport;
      const client = new Client({ name: "t", version: "1" });
      await client.connect(spec.type === "stdio" ? new StdioClientTransport({ command: spec.command, args: spec.args, env: spec.env }) : new StreamableHTTPClientTransport(new URL(spec.url)));
      expect((await client.listTools()).tools.map((tool) => tool.name)).toEqual(["search"]);
      await client.close();
      const records = await running.stop();
      expect(records.records.filter((entry) => entry.method === "tools/list").map((entry) => entry.server)).toEqual(["beta"]);
    }
  });
});

describe("the clauses' record judges", () => {
  it("a cursor that never advances followed past 10 times fails failing-server-named; within the bound it decides nothing", () => {
    const asks = (count: number) => [record("alpha", "tools/list"), ...Array.from({ length: count }, () => record("alpha", "tools/list", { cursor: "c" }))];
    expect(clause("surface/failing-server-named").judgeRecords!(served("stuck-cursor", asks(11)))).toMatchObject({ verdict: "violated" });
    expect(clause("surface/failing-server-named").judgeRecords!(served("stuck-cursor", asks(10)))).toMatchObject({ verdict: "undecided" });
    expect(clause("surface/failing-server-named").judgeRecords!(served("two-servers", asks(11)))).toBeUndefined();
  });

  it("identity-by-key fails a key never listed beside one that was, and a call that reached another key's server", () => {
    const judge = clause("wire/identity-by-key").judgeRecords!;
    expect(judge(served("two-servers", []))).toMatchObject({ verdict: "undecided", reason: expect.stringMatching(/no app connected/) });
    expect(judge(served("two-servers", [record("alpha", "initialize"), record("alpha", "tools/list")]))).toMatchObject({ verdict: "violated", observed: expect.stringMatching(/"beta" never received a tools\/list/) });
    const both = [record("alpha", "tools/list"), record("beta", "tools/list")];
    expect(judge(served("two-servers", [...both, record("alpha", "tools/call", { tool: "search" })]))).toMatchObject({ verdict: "violated", observed: expect.stringMatching(/"search".*reached "alpha"/) });
    expect(judge(served("two-servers", both))).toMatchObject({ verdict: "undecided" });
    // A pass needs the app's own list: a model turn offering every key's tools.
    const turn = { at: 0, tools: [{ name: "a", description: describeTool("alpha", "request") }, { name: "b", description: describeTool("beta", "search") }] };
    expect(judge(served("two-servers", both, { modelTurns: [turn] }))).toMatchObject({ verdict: "held" });
    expect(judge(served("two-servers", both, { modelTurns: [{ ...turn, tools: turn.tools.slice(0, 1) }] }))).toMatchObject({ verdict: "undecided" });
  });

  it("a stray call is one at a server not advertising the name while another does; a shared name decides nothing", () => {
    expect(strayCalls(worldOf(["alpha", ["request"]], ["beta", ["search"]]), [record("alpha", "tools/call", { tool: "search" })])).toEqual([{ at: "alpha", tool: "search", owners: ["beta"] }]);
    expect(strayCalls(worldOf(["alpha", ["request"]], ["beta", ["request"]]), [record("alpha", "tools/call", { tool: "request" })])).toEqual([]);
  });

  it("list-changed fails an app that never re-lists within the bound while up, and decides nothing when stopped early or re-listed", () => {
    const judge = clause("drift/list-changed").judgeRecords!;
    const notified = { server: "alpha", at: 100, tools: ["request"] };
    const listed = [record("alpha", "tools/list", { time: 50 })];
    expect(judge(served("list-changed", listed, { notified, upAfterNotifyMs: 2_500 }))).toMatchObject({ verdict: "violated" });
    expect(judge(served("list-changed", listed, { notified, upAfterNotifyMs: 1_000 }))).toMatchObject({ verdict: "undecided", reason: expect.stringMatching(/before the bound/) });
    expect(judge(served("list-changed", [...listed, record("alpha", "tools/list", { time: 300 })], { notified, upAfterNotifyMs: 2_500 }))).toMatchObject({ verdict: "undecided" });
    expect(judge(served("list-changed", []))).toMatchObject({ verdict: "undecided" });
  });

  it("no-silent-loss holds only when a model turn offered every tool, and otherwise says which pages were never asked for", () => {
    const judge = clause("surface/no-silent-loss").judgeRecords!;
    const world = servedWorld("paged-list")!.world;
    const all = world.servers.flatMap((server) => server.tools.map((tool) => ({ name: tool.name, description: describeTool(server.key, tool.name) })));
    expect(judge(served("paged-list", [], { modelTurns: [{ at: 0, tools: all }] }))).toMatchObject({ verdict: "held" });
    expect(judge(served("paged-list", [record("alpha", "tools/list")]))).toMatchObject({ verdict: "undecided", reason: expect.stringMatching(/never asked "alpha" for page 2/) });
    expect(judge(served("stuck-cursor", []))).toBeUndefined();
  });

  it("a clause with no judge is NOT-APPLICABLE, saying serve mode cannot see it; a serve report is compared only where both judged", () => {
    const report = serveReport(clauses, served("two-servers", []), context);
    expect(report.clauses.find((candidate) => candidate.id === "names/injective")).toMatchObject({ status: "not-applicable", reason: CANNOT_SEE });
    const fake = { clauses: [{ ...report.clauses[0]!, id: "x", status: "fail" as const }, { ...report.clauses[0]!, id: "y", status: "inconclusive" as const }] };
    expect(servedDepartures(fake, () => "pass")).toHaveLength(1);
    expect(servedDepartures(fake, () => "fail")).toEqual([]);
    expect(servedDepartures(fake, () => "not-applicable")).toEqual([]);
  });
});

describe("the fake provider", () => {
  it("answers an app's model turn with the tools it offered, and the turn shows in the records", async () => {
    const running = await startServedWorld(servedWorld("two-servers")!, { transport: "http", provider: "anthropic", listChangedTimeoutMs: 2_000 });
    const { baseUrl, apiKey } = running.provider!;
    expect(new URL(baseUrl).hostname).toBe("127.0.0.1");
    const response = await fetch(`${baseUrl}/v1/messages`, {
      method: "POST", headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify({ model: "m", stream: true, max_tokens: 10, messages: [{ role: "user", content: "hi" }], tools: [{ name: "alpha_request", description: describeTool("alpha", "request"), input_schema: { type: "object" } }] }),
    });
    expect(await response.text()).toContain("offered 1 tool(s): alpha_request");
    const records = await running.stop();
    expect(records.modelTurns.map((turn) => turn.tools.map((tool) => tool.name))).toEqual([["alpha_request"]]);
  });
});
