/**
 * One focused test per prompt and resource one-bug host (reference/context-one-bug-hosts.ts): the one thing it
 * does differently from the reference, on the smallest world that shows it, read from what the fake servers
 * received (here, not in reference/, whose tests reach no fake server: the tool one-bug hosts have theirs in
 * reference/one-bug-hosts.test.ts).
 */
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { startFakeServerHost, type FakeServerHost, type MessageRecord } from "../fake-servers/index.ts";
import { contextWorldOf, type ContextServer, type HostAdapter } from "../harness/index.ts";
import { contextOneBugHosts, createHost } from "../reference/index.ts";

let servers: FakeServerHost | undefined;
const closing: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});
afterAll(async () => servers?.close());

/** `bug` (the reference when undefined) opened on a world of `entries`, with the world's live records. */
async function open(bug: string | undefined, ...entries: ContextServer[]) {
  servers ??= await startFakeServerHost();
  const fake = await servers.startWorld(contextWorldOf(...entries).servers, "memory");
  const host: HostAdapter = createHost(bug);
  const opened = await host.open({ servers: fake.endpoints.map(({ key, transport }) => ({ key, transport })) });
  closing.push(async () => {
    await host.shutdown();
    await fake.close();
  });
  const received = (method: string) => fake.records.filter((record: MessageRecord) => record.method === method);
  return { host, fake, session: opened.session, outcome: opened.outcome, received };
}

const prompts = async (host: HostAdapter, session: string) => (await host.prompts!(session)).prompts.map((prompt) => prompt.name);
const resources = async (host: HostAdapter, session: string) => (await host.resources!(session)).resources.map((resource) => [resource.namespace ?? null, resource.uri]);
const tested = new Set<string>();
const bug = (id: string, title: string, test: () => Promise<void>) => {
  tested.add(id);
  it(`${id}: ${title}`, test, 30_000);
};

describe("prompt and resource one-bug hosts", () => {
  bug("prompt-title-as-name", "prompts/get carries the title", async () => {
    const { host, session, received } = await open("prompt-title-as-name", { key: "alpha", prompts: [["review", "Review Code"]] });
    expect(await host.getPrompt!(session, "mcp__alpha__review", {})).toMatchObject({ ok: false, error: { message: expect.stringContaining("Review Code") } });
    expect(received("prompts/get").map((record) => record.prompt)).toEqual(["Review Code"]);
  });

  bug("prompt-spaces-folded", "My Prompt and My-Prompt shown under one name", async () => {
    const { host, session } = await open("prompt-spaces-folded", { key: "alpha", prompts: ["My Prompt", "My-Prompt"] });
    expect(await prompts(host, session)).toEqual(["mcp__alpha__My-Prompt", "mcp__alpha__My-Prompt"]);
  });

  bug("prompt-renamed-on-collision", "the later of two same-named prompts renamed {key}_{name}", async () => {
    const { host, session } = await open("prompt-renamed-on-collision", { key: "alpha", prompts: ["review"] }, { key: "beta", prompts: ["review"] });
    expect(await prompts(host, session)).toEqual(["review", "beta_review"]);
  });

  bug("prompts-deduped-by-name", "the first of two same-named prompts kept, with no error", async () => {
    const { host, session, outcome } = await open("prompts-deduped-by-name", { key: "alpha", prompts: ["review"] }, { key: "beta", prompts: ["review"] });
    expect(await prompts(host, session)).toEqual(["review"]);
    expect(outcome.errors).toEqual([]);
  });

  bug("resource-uri-first-wins", "a URI two servers list read from the first, whichever entry", async () => {
    const { host, session, received } = await open("resource-uri-first-wins", { key: "alpha", resources: ["mem://shared"] }, { key: "beta", resources: ["mem://shared"] });
    expect(await resources(host, session)).toEqual([[null, "mem://shared"], [null, "mem://shared"]]);
    await host.readResource!(session, "mem://shared");
    expect(received("resources/read").map((record) => record.server)).toEqual(["alpha"]);
  });

  bug("resource-uri-deduped", "a URI two servers list kept for the first only", async () => {
    const { host, session, outcome } = await open("resource-uri-deduped", { key: "alpha", resources: ["mem://shared"] }, { key: "beta", resources: ["mem://shared"] });
    expect(await resources(host, session)).toEqual([[null, "mem://shared"]]);
    expect(outcome.errors).toEqual([]);
  });

  bug("resource-read-tries-each-server", "a read asks every server in turn", async () => {
    const { host, session, received } = await open("resource-read-tries-each-server", { key: "alpha", resources: ["mem://alpha/notes"] }, { key: "beta", resources: ["mem://beta/readme"] });
    expect(await host.readResource!(session, "mem://beta/readme", "beta")).toMatchObject({ ok: true });
    expect(received("resources/read").map((record) => record.server)).toEqual(["alpha", "beta"]);
    // The reference asks beta alone.
    const reference = await open(undefined, { key: "alpha", resources: ["mem://alpha/notes"] }, { key: "beta", resources: ["mem://beta/readme"] });
    await reference.host.readResource!(reference.session, "mem://beta/readme", "beta");
    expect(reference.received("resources/read").map((record) => record.server)).toEqual(["beta"]);
  });

  bug("templates-merged", "templates listed among the resources, a twin shown twice", async () => {
    const { host, session } = await open("templates-merged", { key: "alpha", resources: ["mem://alpha/readme"], templates: ["mem://alpha/readme", "mem://alpha/items/{id}"] });
    expect(await host.resources!(session)).toMatchObject({ templates: [] });
    expect(await resources(host, session)).toEqual([["alpha", "mem://alpha/readme"], ["alpha", "mem://alpha/readme"], ["alpha", "mem://alpha/items/{id}"]]);
  });

  bug("context-refresh-first-page", "every page at open, the first page only on a refresh", async () => {
    const { host, session, fake } = await open("context-refresh-first-page", { key: "alpha", prompts: ["review", "summarise"], paging: { prompts: { pageSize: 1 } } });
    expect(await prompts(host, session)).toEqual(["mcp__alpha__review", "mcp__alpha__summarise"]);
    await fake.apply("alpha", { kind: "set-prompts", prompts: [{ name: "draft" }, { name: "outline" }] });
    await host.refresh!(session, "alpha");
    expect(await prompts(host, session)).toEqual(["mcp__alpha__draft"]);
  });

  bug("context-list-errors-swallowed", "a failing prompts/list taken for no prompts, named by no error", async () => {
    const { host, session, outcome } = await open("context-list-errors-swallowed", { key: "alpha", prompts: ["review"], errors: ["prompts"] });
    expect(await prompts(host, session)).toEqual([]);
    expect(outcome.errors).toEqual([]);
    expect((await open(undefined, { key: "alpha", prompts: ["review"], errors: ["prompts"] })).outcome.errors).toEqual([{ server: "alpha", message: expect.stringContaining("prompts/list failed") }]);
  });

  bug("empty-cursor-ends-list", "an empty-string cursor taken for the end", async () => {
    const world = { key: "alpha", prompts: ["review", "summarise", "explain"], paging: { prompts: { pageSize: 1, emptyCursor: true } } } satisfies ContextServer;
    const { host, session, received } = await open("empty-cursor-ends-list", world);
    expect(await prompts(host, session)).toEqual(["mcp__alpha__review"]);
    expect(received("prompts/list").map((record) => record.cursor ?? null)).toEqual([null]);
    const reference = await open(undefined, world);
    expect(await prompts(reference.host, reference.session)).toEqual(["mcp__alpha__review", "mcp__alpha__summarise", "mcp__alpha__explain"]);
    expect(reference.received("prompts/list").map((record) => record.cursor ?? null)).toEqual([null, "", expect.any(String)]);
  });

  it("has one focused test per prompt and resource one-bug host", () => {
    expect([...tested].sort()).toEqual(Object.keys(contextOneBugHosts).sort());
  });
});
