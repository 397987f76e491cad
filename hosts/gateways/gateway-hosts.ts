/**
 * The registered gateways in the real-hosts registry (hosts/hosts.ts spreads this list in): one entry per
 * gateway under hosts/gateways/<id>/, judged as its MCP client (`mcp-collide run --gateway ID`), with the
 * hand-checked evidence for every verdict that is not a pass and why each NOT-APPLICABLE clause cannot apply
 * to a gateway (its client cannot see it). Evidence cites the gateway's source as installed
 * (hosts/gateways/<id>/node_modules) and a direct run.
 */
import { AGENT_DEFAULT_RUNS } from "../../harness/index.ts";
import type { RealHost } from "../real-host.ts";
import { mcpHubEvidence, mcpHubNotApplicable } from "./mcp-hub/mcp-hub-evidence.ts";

/** The adapter command of a registered gateway, from the package root. */
const gatewayAdapter = (id: string) => ["node", "--import", "tsx", "hosts/gateways/gateway-main.ts", "--module", `hosts/gateways/${id}/${id}.ts`];

/** Every registered gateway's committed report. */
export const gatewayHosts: RealHost[] = [
  {
    id: "mcp-hub",
    title: "MCP Hub's unified /mcp endpoint, as its MCP client sees it",
    argv: gatewayAdapter("mcp-hub"),
    packages: ["mcp-hub"],
    needs: ["gateway:mcp-hub", "sandbox"],
    runArgs: ["--gateway", "mcp-hub"],
    runs: AGENT_DEFAULT_RUNS,
    wiring: "The world's servers under `mcpServers` in one config file (`command`/`args`/`env`, or `url`), `mcp-hub --port P --config FILE` in the gateway sandbox, ready once its health endpoint (`GET {origin}/api/health`) says `ready`; the harness is an MCP client (the SDK's `Client` over HTTP+SSE) of its `/mcp` endpoint: tools are its `tools/list`, calls its `tools/call`, prompts and resources (which its `initialize` advertises) its `prompts/list`, `resources/list`, `resources/templates/list`, gets its `prompts/get` and reads its `resources/read`, routes what the fake servers received.",
    notes: [
      "Offline: at every start MCP Hub fetches its marketplace registry from ravitemer.github.io (`fetchRegistry`, falling back to curl) and no option switches it off; the sandbox refused every attempt (DNS and proxy), listed in the report's diagnostics, and the hub went on with an empty marketplace (`Marketplace initialized with 0`).",
      "The /mcp endpoint advertises `tools.listChanged` and re-syncs its merged list on a server's `toolsChanged` event, so drift/list-changed is judged, and passes.",
      "The /mcp endpoint advertises `prompts` and `resources` with `listChanged` too, so the prompts/ and resources/ clauses are judged: it names each `<server>__<name>` (a resource `<server>__<uri>`), which keeps two servers' prompt or URI apart, but lists each server's prompts, resources and templates with one request and no cursor, and takes a server's failed list for an empty one.",
    ],
    evidence: mcpHubEvidence,
    notApplicable: mcpHubNotApplicable,
  },
];
