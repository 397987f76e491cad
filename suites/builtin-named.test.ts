/**
 * `guard/local-occupant` for a host whose local tools are fixed (HAP/1 `builtinTools`, an agent CLI's
 * built-ins): judged on a server's tool named like a built-in, both ways. A host that shows every server's
 * tool under a name of its own keeps the built-in's name free; a host that shows server tools under their
 * bare names hands the built-in's name to the server (a call of it reaches the server).
 */
import { describe, expect, it } from "vitest";
import { inProcessLauncher, runClauses, worldOf, type HostAdapter } from "../harness/index.ts";
import { createHost } from "../reference/index.ts";
import { localOccupant } from "./guard.suite.ts";
import { withBuiltinNamed } from "./support/builtin-named.ts";

/** `inner` declaring built-ins instead of taking local tools at open. */
function withBuiltins(bug: string | undefined, builtins: string[]): () => HostAdapter {
  return () => {
    const inner = createHost(bug);
    return {
      initialize: async () => {
        const result = await inner.initialize();
        return { ...result, capabilities: { ...result.capabilities, localTools: false, registerLocal: [], builtinTools: builtins } };
      },
      open: (params) => inner.open(params),
      tools: (session) => inner.tools(session),
      call: (session, name, args) => inner.call(session, name, args),
      close: (session) => inner.close(session),
      shutdown: () => inner.shutdown(),
    };
  };
}

const run = (host: () => HostAdapter) =>
  runClauses({ clauses: [localOccupant], launcher: inProcessLauncher(host), transport: "memory", seed: 7, runs: 3 });

describe("guard/local-occupant on a host's built-in tools", () => {
  it("passes a host that shows every server tool under a name of its own, judging the built-in case", async () => {
    const clause = (await run(withBuiltins(undefined, ["Bash", "read_file"]))).clauses[0]!;
    expect(clause.status).toBe("pass");
    expect(clause.coverage?.[0]?.constructed?.[0]?.title).toContain("alpha: Bash, request");
  });

  it("fails a host that shows a server's tool under the built-in's bare name", async () => {
    const clause = (await run(withBuiltins("last-wins", ["Bash"]))).clauses[0]!;
    expect(clause.status).toBe("fail");
    expect(clause.observed).toContain(`the built-in's name "Bash" is shown for "Bash" of "alpha"`);
    expect(clause.observed).toContain("a call of the built-in \"Bash\" reached");
  });

  it("is not applicable to a host with neither local tools nor built-ins", async () => {
    const clause = (await run(withBuiltins(undefined, []))).clauses[0]!;
    expect(clause.status).toBe("not-applicable");
  });

  it("names a built-in into the first server's tools, in place of the picked one", () => {
    const world = worldOf(["alpha", ["request", "search"]], ["beta", ["query"]]);
    expect(withBuiltinNamed(world, "Bash", 1).servers.map((server) => server.tools.map((tool) => tool.name))).toEqual([["request", "Bash"], ["query"]]);
    expect(withBuiltinNamed(world, "search", 0).servers[0]!.tools.map((tool) => tool.name)).toEqual(["request", "search"]);
  });
});
