/**
 * The Genkit adapter against small hand-built worlds: ai.generate() over createMcpHost's tools, with a
 * model defined on the instance. The checks behind what hosts/genkit/hosts.ts says of Genkit. Skipped unless the
 * host is installed (npm run hosts:libraries); required under .ci/run.
 */
import { describe, expect, it } from "vitest";
import { missingInstall, skipTitle, paced } from "../../harness/index.ts";
import { adapter, scripted, world } from "../test-support.ts";

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
});
