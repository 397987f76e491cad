/**
 * The Genkit adapter against small hand-built worlds: ai.generate() over createMcpHost's tools, with a
 * model defined on the instance. The checks behind what hosts/genkit/hosts.ts says of Genkit. Skipped unless the
 * host is installed (npm run hosts:libraries); required under .ci/run.
 */
import { describe, expect, it } from "vitest";
import { contextWorldOf, missingInstall, skipTitle, paced } from "../../harness/index.ts";
import { adapter, observeContexts, scripted, world } from "../test-support.ts";

const missing = missingInstall("library-host:genkit");

describe.skipIf(missing !== undefined)(skipTitle("Genkit ai.generate + @genkit-ai/mcp", missing), () => {
  it("hands the model each tool's name after its last '/', refuses a request where two names meet, and so refuses a local tool on a shown name", async () => {
    const seen = await scripted(adapter("genkit"), {
      plain: {
        world: world(["alpha", ["search"]]),
        script: async (live) => {
          const session = await live.open();
          const names = (await session.tools()).map((tool) => tool.name);
          const refused = await session.registerLocal("search", "object");
          const accepted = await session.registerLocal("notes", "name");
          const after = (await session.tools()).map((tool) => tool.name);
          const call = await session.call("search");
          return { names, registered: session.opened.outcome.registered, refused, accepted, after, reached: call.deliveries.map((d) => d.server) };
        },
      },
      duplicate: {
        world: world(["alpha", ["search"]], ["beta", ["search"]]),
        script: async (live) => {
          const session = await live.open();
          return { names: (await session.tools()).map((tool) => tool.name), errors: session.opened.outcome.errors };
        },
      },
    });
    expect(seen.plain).toEqual({
      names: ["search"], registered: { alpha: ["alpha/search"] },
      refused: { ok: false, error: { message: expect.stringContaining("Cannot provide two tools with the same name") } },
      accepted: { ok: true }, after: ["search", "notes"], reached: ["alpha"],
    });
    expect(seen.duplicate).toEqual({ names: [], errors: [{ message: expect.stringMatching(/Cannot provide two tools with the same name: '(alpha|beta)\/search' and '(alpha|beta)\/search'/) }] });
  }, paced(240_000));

  it("a server keyed `constructor`: the host's ready promise rejects once and never settles again, so a refresh answers with that error instead of waiting", async () => {
    // The old adapter's refresh called getActiveTools again, whose ready() waited forever: the request timed out.
    const seen = await scripted(adapter("genkit"), {
      prototype: {
        world: world(["constructor", ["request"]], ["beta", ["search"]]),
        script: async (live) => {
          const session = await live.open();
          const refreshed = await session.refresh();
          return { opened: session.opened.outcome, refreshed: refreshed.outcome, names: (await session.tools()).map((tool) => tool.name) };
        },
      },
    });
    const refused = { registered: { constructor: [], beta: [] }, errors: [{ message: "existingEntry.disable is not a function" }] };
    expect(seen.prototype).toEqual({ opened: refused, refreshed: refused, names: [] });
  }, paced(240_000));

  it("prompts by bare name and resources by URI from one merged list: a URI read from the first resource or template matching it, an empty cursor ends a list, a failing prompt list fails them all, a failing resource list is only logged", async () => {
    const seen = await observeContexts(adapter("genkit"), {
      clash: contextWorldOf({ key: "alpha", prompts: ["review"], resources: ["mem://shared/doc"] }, { key: "beta", prompts: ["review", "outline"], resources: ["mem://shared/doc"] }),
      empty: contextWorldOf({ key: "alpha", prompts: ["review", "summarise", "explain"], resources: ["mem://alpha/a", "mem://alpha/b"], paging: { prompts: { pageSize: 1, emptyCursor: true }, resources: { pageSize: 1, emptyCursor: true } } }),
      promptsFail: contextWorldOf({ key: "alpha", prompts: ["review"], errors: ["prompts"] }, { key: "beta", prompts: ["outline"] }),
      resourcesFail: contextWorldOf({ key: "alpha", resources: ["mem://alpha/notes"], errors: ["resources"] }, { key: "beta", resources: ["mem://beta/readme"] }),
      twin: contextWorldOf({ key: "alpha", resources: ["mem://alpha/readme"], templates: ["mem://alpha/readme", "mem://alpha/items/{id}"] }),
      shadow: contextWorldOf({ key: "alpha", resources: ["mem://alpha/notes"], templates: ["mem://beta/{name}"] }, { key: "beta", resources: ["mem://beta/readme"] }),
    });
    const fetched = (fetches: typeof seen.clash.gets) => fetches.map((fetch) => [fetch.name, fetch.result.ok, fetch.deliveries.map((d) => d.server)]);
    // createExecutablePrompt: ref.name is the server's own name; getActivePrompts concatenates the servers' lists.
    expect(seen.clash.prompts.map((prompt) => [prompt.name, prompt.namespace, prompt.identity?.server])).toEqual([["review", undefined, "alpha"], ["review", undefined, "beta"], ["outline", undefined, "beta"]]);
    expect(fetched(seen.clash.gets)).toEqual([["review", false, []], ["outline", true, ["beta"]]]);
    // findMatchingResource takes the first listed resource whose URI matches: alpha's.
    expect(seen.clash.resources.map((resource) => [resource.uri, resource.name])).toEqual([["mem://shared/doc", "alpha/doc"], ["mem://shared/doc", "beta/doc"]]);
    expect(fetched(seen.clash.reads)).toEqual([["mem://shared/doc", true, ["alpha"]]]);
    // `cursor = nextCursor; if (!cursor) break;`: the first page only. fetchDynamicResources then asks for the
    // templates with the same `cursor` (""), alpha refuses that cursor, and getActiveResources drops alpha whole.
    expect(seen.empty.prompts.map((prompt) => prompt.name)).toEqual(["review"]);
    expect(seen.empty.resources).toEqual([]);
    expect(seen.empty.records.filter((record) => record.method === "resources/templates/list").map((record) => record.cursor)).toEqual([""]);
    expect(seen.empty.open.outcome.errors).toEqual([]);
    // getActivePrompts has no catch; getActiveResources catches and logs.
    expect(seen.promptsFail.prompts).toEqual([]);
    expect(seen.promptsFail.open.outcome.errors).toEqual([{ message: expect.stringContaining("scripted failure") }]);
    expect(seen.resourcesFail.resources.map((resource) => resource.uri)).toEqual(["mem://beta/readme"]);
    expect(seen.resourcesFail.open.outcome.errors).toEqual([]);
    // One list of resource actions, each with a uri or a template: the twin is in both.
    expect(seen.twin.resources.map((resource) => resource.uri)).toEqual(["mem://alpha/readme"]);
    expect(seen.twin.templates.map((template) => template.uriTemplate)).toEqual(["mem://alpha/readme", "mem://alpha/items/{id}"]);
    // The first match may be a template: an earlier server's template takes the read of a later server's resource.
    expect(fetched(seen.shadow.reads)).toEqual([["mem://alpha/notes", true, ["alpha"]], ["mem://beta/readme", true, ["alpha"]]]);
  }, paced(240_000));
});
