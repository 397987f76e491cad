import { afterEach, describe, expect, it } from "vitest";
import type { HostAdapter } from "../harness/index.ts";
import { createHost, hostPolicy } from "./create-host.ts";
import { REFERENCE_DEFERS_ABOVE, REFERENCE_SEARCH_TOOL } from "./reference-policy.ts";
import { memoryWorld } from "./test-support/script-server.ts";
import { loadedBySearch, searchMatches, searchResultText, type Searchable } from "./tool-search.ts";

const tool = (name: string, server = "alpha"): Searchable => ({ name: `mcp__${server}__${name}`, tool: { name, description: `Fake tool ⟦id=["${server}","${name}"]⟧`, inputSchema: { type: "object" } } });
const siblings = ["request_a", "request_b", "request_c", "request_d", "request_e", "request_f", "request"].map((name) => tool(name));

describe("the search tool", () => {
  it("finds a tool by its shown name and by its wire name before anything else (the reference)", () => {
    const policy = hostPolicy();
    expect(searchMatches(policy, siblings, "request").map((each) => each.name)).toEqual(["mcp__alpha__request"]);
    expect(searchMatches(policy, siblings, "mcp__alpha__request").map((each) => each.name)).toEqual(["mcp__alpha__request"]);
    expect(searchMatches(policy, siblings, "request").map((each) => each.name)).not.toContain("mcp__alpha__request_a");
    // Words, when no name is given exactly: each must be in the name or description; five at most.
    expect(searchMatches(policy, siblings, "alpha request")).toHaveLength(5);
  });

  it("ranked by word counts with the top five kept, misses the tool named exactly (openai/codex#21503)", () => {
    const policy = hostPolicy("search-misses-exact-name");
    const found = searchMatches(policy, siblings, "request").map((each) => each.name);
    expect(found).toEqual(["request_a", "request_b", "request_c", "request_d", "request_e"].map((name) => `mcp__alpha__${name}`));
    expect(searchMatches(policy, siblings, "request_c").map((each) => each.name)[0]).toBe("mcp__alpha__request_c");
  });

  it("loads what it found by name, or, read back with [\\w, ]+, nothing past a \"-\" (wave-agent PR#1070)", () => {
    const found = [tool("sendFile", "popo-acp"), tool("search")];
    const text = searchResultText("x", found);
    expect(loadedBySearch(hostPolicy(), found, text)).toEqual(["mcp__popo-acp__sendFile", "mcp__alpha__search"]);
    expect(loadedBySearch(hostPolicy("search-activation-no-hyphen"), found, text)).toEqual([]);
    expect(loadedBySearch(hostPolicy("search-activation-no-hyphen"), found.slice(1), searchResultText("x", found.slice(1)))).toEqual(["mcp__alpha__search"]);
  });
});

describe("the reference's deferral", () => {
  let hosts: HostAdapter[] = [];
  afterEach(async () => {
    await Promise.all(hosts.map((host) => host.shutdown()));
    hosts = [];
  });

  it(`declares its search tool, defers past ${REFERENCE_DEFERS_ABOVE} server tools, and a search loads what it names for the session`, async () => {
    const host = createHost();
    hosts.push(host);
    expect((await host.initialize()).capabilities.deferredTools).toEqual({ searchTool: REFERENCE_SEARCH_TOOL, above: REFERENCE_DEFERS_ABOVE });
    const names = (count: number) => Array.from({ length: count }, (_, at) => `t${at}`);
    const small = await host.open({ servers: memoryWorld([["alpha", { tools: names(REFERENCE_DEFERS_ABOVE) }]]).servers });
    expect((await host.tools(small.session)).tools.some((each) => each.deferred)).toBe(false);
    expect(await host.call(small.session, REFERENCE_SEARCH_TOOL, { query: "t1" })).toMatchObject({ ok: false });
    const large = await host.open({ servers: memoryWorld([["alpha", { tools: names(REFERENCE_DEFERS_ABOVE + 1) }]]).servers });
    const before = (await host.tools(large.session)).tools;
    expect(before.every((each) => each.deferred === true && each.inputSchema !== undefined)).toBe(true);
    const searched = await host.call(large.session, REFERENCE_SEARCH_TOOL, { query: "t3" });
    expect(searched).toMatchObject({ ok: true, content: [{ type: "text", text: expect.stringMatching(/^Found tools: mcp__alpha__t3\n/) }] });
    const after = (await host.tools(large.session)).tools;
    expect(after.filter((each) => !each.deferred).map((each) => each.name)).toEqual(["mcp__alpha__t3"]);
    // A deferred tool is still callable by its name, and the search needs a query.
    expect(await host.call(large.session, "mcp__alpha__t4", {})).toMatchObject({ ok: true });
    expect(await host.call(large.session, REFERENCE_SEARCH_TOOL, {})).toMatchObject({ ok: false });
  });
});
