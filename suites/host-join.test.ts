/**
 * Worlds that collide under the host's own join. The harness reads a host's join from its open of the clean
 * world before any clause runs, and builds a world whose two pairs meet under exactly that join: a host that
 * renames a tool only when another would take its name (hash-on-collision: the OpenAI Agents SDK's
 * `mcp_{key}__{tool}` hashed on a collision) passes names/context-free on the worlds the plan had before and
 * fails on that one; a host with a join of its own (`{tool}_mcp_{key}`) is caught there and nowhere else,
 * in a run and in a replay of the run's path alike.
 */
import { describe, expect, it } from "vitest";
import { startFakeServerHost } from "../fake-servers/index.ts";
import { identityOf, inProcessLauncher, joinClashCases, learnNaming, replayCase, runClauses, type Clause, type HostAdapter, paced } from "../harness/index.ts";
import { createHost, hostPolicy, PolicyHost, referencePolicy } from "../reference/index.ts";
import { clauses } from "./index.ts";

const clause = (id: string) => clauses.find((candidate) => candidate.id === id)!;
const contextFree = clause("names/context-free");
/** `{tool}_mcp_{key}` (LibreChat's order), hashed only on a collision: a join none of the usual worlds meets under. */
const toolFirst = () => new PolicyHost({ ...referencePolicy, refuseLabel: () => undefined, name: (label, tool) => `${tool}_mcp_${label}`, collision: "hash-suffix" }, "test+tool-first-hash");
const alone = (world: unknown) => ({ world, keep: [true, false, false, false, false, false] });

async function learnt(create: () => HostAdapter) {
  const host = create();
  const servers = await startFakeServerHost();
  try {
    return await learnNaming(host, servers, "memory", 10_000);
  } finally {
    await host.shutdown();
    await servers.close();
  }
}

const replay = (create: () => HostAdapter, value: unknown) => replayCase({ clause: contextFree, launcher: inProcessLauncher(create), value, transport: "memory" });

describe("worlds that collide under the host's own join", () => {
  it("learns each host's join from its open of the clean world", async () => {
    expect(await learnt(() => createHost())).toEqual({ accepted: true, naming: { kind: "joined", order: "key-first", prefix: "mcp__", separator: "__", suffix: "" } });
    expect(await learnt(() => createHost("hash-on-collision"))).toEqual({ accepted: true, naming: { kind: "joined", order: "key-first", prefix: "mcp_", separator: "__", suffix: "" } });
    expect((await learnt(toolFirst))!.naming).toEqual({ kind: "joined", order: "tool-first", prefix: "", separator: "_mcp_", suffix: "" });
    expect((await learnt(() => createHost("random-label")))!.naming).toBeUndefined();
  }, paced(30_000));

  it("hash-on-collision passes context-free on the plan's earlier worlds and fails on the world built under its join", async () => {
    const before = contextFree.coverage!({ capabilities: {} as never, profile: undefined, providerProfile: {} as never })
      .filter((built) => ["one name on two servers: alpha: request · beta: request", "{key}_{tool} meets: a_b: c · a: b_c", "alpha: request · beta: search"].some((title) => built.title.startsWith(title)));
    expect(before).toHaveLength(3);
    for (const built of before) expect((await replay(() => createHost("hash-on-collision"), built.value)).verdict, built.title).toBe("pass");
    const naming = (await learnt(() => createHost("hash-on-collision")))!.naming;
    const [own] = joinClashCases(naming, alone);
    expect(own!.title).toBe("two pairs meet on mcp_alpha__b__c under the host's own join mcp_{key}__{tool}: alpha: b__c · alpha__b: c");
    const caught = await replay(() => createHost("hash-on-collision"), own!.value);
    expect(caught.verdict).toBe("violated");
    expect(caught.reason).toContain('"b__c" of "alpha" is "mcp_alpha__b__c_97d64ef4" with ["alpha", "alpha__b"] configured but "mcp_alpha__b__c" with ["alpha"]');
    // The reference refuses the key holding its separator and names alpha's tool the same way in both.
    expect((await replay(() => createHost(), own!.value)).verdict).toBe("pass");
  }, paced(60_000));

  it("catches a host whose join is its own only on the learned world, in a run and in a replay of its path", async () => {
    const report = await runClauses({ clauses: [contextFree], launcher: inProcessLauncher(toolFirst), seed: 4, runs: 3, transport: "memory" });
    const [verdict] = report.clauses;
    const plan = verdict!.coverage!.flatMap((row) => row.constructed);
    expect(verdict!.status).toBe("fail");
    // Every earlier constructed case (the usual joins and sanitiser included) held; the learned one is the last.
    expect(verdict!.reason).toBe(`violated on constructed case ${verdict!.constructed} of ${verdict!.constructed} (host-join-clash: two pairs meet on alpha_mcp_b_mcp_c under the host's own join {tool}_mcp_{key}: b_mcp_c: alpha · c: alpha_mcp_b, then the first server alone)`);
    expect(plan.filter((entry) => entry.outcome === "violated").map((entry) => entry.case)).toEqual([verdict!.constructed]);
    const replayed = await replayCase({ clause: contextFree, launcher: inProcessLauncher(toolFirst), seed: 4, path: verdict!.path!, transport: "memory" });
    expect(replayed.verdict).toBe("violated");
    expect(replayed.value).toEqual(verdict!.counterexample!.value);
  }, paced(60_000));
});

/**
 * hyphen-join (Inngest AgentKit's `{key}-{tool}` into one Map, the later answer taking the name) behind an
 * adapter that reads what it registered back from the merged list, as an adapter of a host that keeps one
 * map must: the name the later server took is registered for that server alone, so only the lost twin shows
 * the clash.
 */
function mergedMap(swap: Parameters<typeof hostPolicy>[0] = "hyphen-join", policy = hostPolicy(swap)): () => HostAdapter {
  return () => {
    const inner = new PolicyHost(policy, "test+merged-map");
    return {
      initialize: () => inner.initialize(),
      async open(params) {
        const opened = await inner.open(params);
        const shown = (await inner.tools(opened.session)).tools;
        const registered = Object.fromEntries(params.servers.map((server) => [server.key, shown.filter((tool) => identityOf(tool.description)?.server === server.key).map((tool) => tool.name)]));
        return { ...opened, outcome: { ...opened.outcome, registered } };
      },
      tools: (session) => inner.tools(session),
      call: (session, name, args) => inner.call(session, name, args),
      close: (session) => inner.close(session),
      shutdown: () => inner.shutdown(),
    };
  };
}

/** `{key}-{tool}` with the reference's answer to a shared name: every claimant refused, each error naming the others. */
const hyphenRefusing = { ...referencePolicy, refuseLabel: () => undefined, name: (label: string, tool: string) => `${label}-${tool}` };

const runOne = (selected: Clause, create: () => HostAdapter) =>
  runClauses({ clauses: [selected], launcher: inProcessLauncher(create), seed: 7, runs: 3, transport: "memory" }).then((report) => report.clauses[0]!);
const joinRow = (verdict: Awaited<ReturnType<typeof runOne>>) => verdict.coverage!.find((row) => row.hazard === "host-join-clash")!;

describe("a clash under the host's own join is judged however the host settles it", () => {
  it("a pair lost without a word under the name shown for its twin fails names/injective (once \"not judged (showed 1 tool)\" and a PASS)", async () => {
    const verdict = await runOne(clause("names/injective"), mergedMap());
    expect(verdict.status).toBe("fail");
    expect(verdict.reason).toMatch(/^violated on constructed case \d+ of \d+ \(host-join-clash: two pairs meet on alpha-b-c under the host's own join \{key\}-\{tool\}/);
    expect(verdict.observed).toBe('"b-c" of "alpha" and "c" of "alpha-b" both take "alpha-b-c" under the host\'s join {key}-{tool}; it shows "alpha-b-c" for "c" of "alpha-b" only, and "b-c" of "alpha" is gone with no error or diagnostic naming it');
    expect(joinRow(verdict).status).toBe("violated");
  }, paced(60_000));

  it("a twin refused with a warning naming it, or both claimants refused with errors, is judged and passes names/injective", async () => {
    // A later claimant skipped with a warning naming its server and tool: the name stands for one pair, and the host said so.
    const warned = await runOne(clause("names/injective"), mergedMap(undefined, { ...hostPolicy("hyphen-join"), collision: "first-wins" }));
    expect(warned.status).toBe("pass");
    expect(joinRow(warned).status).toBe("judged");
    // Both claimants refused, each error naming the other: nothing shown of either, and the refusal can only be the clash's.
    const refused = await runOne(clause("names/injective"), mergedMap(undefined, hyphenRefusing));
    expect(refused.status).toBe("pass");
    expect(joinRow(refused).status).toBe("judged");
  }, paced(60_000));

  it("order/config-permutation and order/arrival-timing build the clash under the learned join, and the survivor's change fails them", async () => {
    for (const id of ["order/config-permutation", "order/arrival-timing"]) {
      const verdict = await runOne(clause(id), () => createHost("hyphen-join"));
      expect(verdict.status, id).toBe("fail");
      expect(verdict.reason, id).toContain("(host-join-clash: two pairs meet on alpha-b-c under the host's own join {key}-{tool}: alpha: b-c · alpha-b: c");
      // The reference's own clash (mcp__{key}__{tool}) is judged in both orders: it refuses the key holding its separator.
      const reference = await runOne(clause(id), () => createHost());
      expect(reference.status, id).toBe("pass");
      expect(joinRow(reference).status, id).toBe("judged");
    }
  }, paced(120_000));

  it("the wire clauses call through the clash under the learned join", async () => {
    for (const id of ["wire/passthrough", "wire/no-cross-routing"]) {
      const verdict = await runOne(clause(id), () => createHost("hyphen-join"));
      expect(verdict.status, id).toBe("pass");
      expect(joinRow(verdict).status, id).toBe("judged");
    }
  }, paced(60_000));
});
