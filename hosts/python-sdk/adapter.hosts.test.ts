/**
 * The MCP Python SDK adapter against small hand-built worlds: what `ClientSessionGroup` shows and refuses in
 * its two modes, and that a server refusing its connection, which cancels the application's task, is the
 * host's error (nothing shown, no server named) and never breaks the adapter. The checks behind
 * hosts/python-sdk/hosts.ts. Skipped, saying why, unless the host's venv is installed (npm run hosts:python).
 */
import { describe, expect, it } from "vitest";
import { paced, skipTitle, WorldSchema } from "../../harness/index.ts";
import { adapter, hostMissing, names, observe, world } from "../test-support.ts";

const missing = hostMissing("python-sdk");

/** alpha refusing its connection (its port closed), then a healthy beta. */
const refusedFirst = WorldSchema.parse({
  servers: [
    { ...world(["alpha", ["request"]]).servers[0], unreachable: true, unreachableAs: "refused" },
    world(["beta", ["search"]]).servers[0],
  ],
});

describe.skipIf(missing !== undefined)(skipTitle("MCP Python SDK ClientSessionGroup", missing), () => {
  it("keeps bare names and refuses a later server's same name naming that server; a refused connection cancels the whole group", async () => {
    const seen = await observe(adapter("python-sdk"), {
      clash: { world: world(["alpha", ["request", "search"]], ["beta", ["search", "query"]]), options: { unknownNames: ["query"] } },
      refused: { world: refusedFirst },
    });
    // _aggregate_components raises MCPError "{'search'} already exist in group tools." from connect_to_server(beta):
    // beta contributes nothing, its `query` included, and only the call tells which server it was.
    expect(names(seen.clash)).toEqual(["request", "search"]);
    expect(seen.clash.open.outcome.registered).toEqual({ alpha: ["request", "search"], beta: [] });
    expect(seen.clash.open.outcome.errors).toEqual([{ server: "beta", message: "MCPError: {'search'} already exist in group tools." }]);
    expect(seen.clash.unknown.map((call) => call.result.ok)).toEqual([false]);
    // The refused connection cancels the application's task (CancelledError, no Exception): beta is never
    // connected, the adapter answers with the host's error and shows nothing.
    expect(seen.refused.open.outcome.registered).toEqual({ alpha: [], beta: [] });
    // anyio's cancel-scope id (a new one every run) is left out of the message: reports read the same each time.
    expect(seen.refused.open.outcome.errors).toEqual([{ message: "the application's task ended while connecting: CancelledError: Cancelled via cancel scope" }]);
    expect(seen.refused.tools).toEqual([]);
  }, paced(180_000));

  it("with the docstring's component_name_hook, labels each tool with the server's self-reported name, not its key", async () => {
    const seen = await observe(adapter("python-sdk", "--hook"), {
      labelled: { world: world(["alpha", ["request"], "svc"], ["beta", ["search"]]) },
      shared: { world: world(["alpha", ["request"], "shared"], ["beta", ["request"], "shared"]) },
    });
    expect(names(seen.labelled)).toEqual(["svc_request", "beta_search"]);
    expect(seen.labelled.probes.map((call) => call.deliveries.map((delivery) => `${delivery.server}/${delivery.tool}`))).toEqual([["alpha/request"], ["beta/search"]]);
    // Two servers reporting one serverInfo name: one hooked name, the later server refused as above.
    expect(names(seen.shared)).toEqual(["shared_request"]);
    expect(seen.shared.open.outcome.errors).toEqual([{ server: "beta", message: "MCPError: {'shared_request'} already exist in group tools." }]);
  }, paced(180_000));
});
