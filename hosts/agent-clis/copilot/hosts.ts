/**
 * The copilot report (`npm run reports -- --only copilot`), with the hand-checked evidence for every
 * verdict that is not a pass (see ../agent-hosts.ts).
 */
import type { RealHost } from "../../real-host.ts";
import { agent, contextNotDriven, noSearchTool, relisting, type AgentDrive } from "../agent-report-entry.ts";

const copilotHost: RealHost = {
  id: "copilot",
  title: "GitHub Copilot CLI (copilot -p), offline BYOK, Chat Completions",
  ...agent("copilot"),
  notApplicable: { ...relisting, ...contextNotDriven("Copilot CLI"), ...noSearchTool("Copilot CLI") },
  packages: ["@github/copilot"],
  notes: [
    "Measured on the 2-core machine at load 10 to 12 (two helpers' tests beside it), 2026-12-05: 3.7 min wall (222 s) for the full report, 183 CLI sessions observed, 50 served from the observation cache. In offline mode it made no outbound attempt (none recorded). It re-lists a server on `notifications/tools/list_changed` and its next turn offers the new list (`drift/list-changed` passes).",
  ],
  wiring: "`copilot -p` with `~/.copilot/mcp-config.json` (`type: local`/`http`, `tools: [\"*\"]`), `COPILOT_OFFLINE=true` and its model at the fake Chat Completions endpoint (`COPILOT_PROVIDER_BASE_URL`, dummy key), `--allow-all-tools`, `--output-format json` (whose `session.mcp_server_status_changed` events name a failed server); MCP tool `x` of server `k` is the function `k-x`; one CLI process per session in a loopback-only network namespace.",
  evidence: {
    "names/injective": "Copilot CLI joins `<server>-<tool>`: `alpha`'s `b-c` and `alpha-b`'s `c` both take `alpha-b-c`, which is shown for `alpha-b`'s `c` only, and `alpha`'s `b-c` is gone with no error or diagnostic naming it (report run, seed 2026, 2026-12-07, catalogue 4; constructed case host-join-clash; the same clash fails surface/no-silent-loss).",
    "surface/no-silent-loss": "Copilot joins `<key>-<tool>` (every character outside `[A-Za-z0-9_-]` made `-`) and does not tell apart names that join alike: `alpha`'s `b-c` and `alpha-b`'s `c` both become `alpha-b-c`, and the Chat Completions request offers that function once, as `alpha-b`'s `c` (its description carries `alpha-b`'s identity marker; the call reached `alpha-b`, server records), while `alpha`'s `b-c` is offered under no name. Its JSON events report both servers `connected` and nothing (events, stderr, log file) names `alpha` or the tool. The same by hand (2026-12-05, servers configured the other way round, on its Chat Completions, Responses and Anthropic wires alike): `a-b`'s `c` and `a`'s `b-c` gave one `a-b-c`, for `a-b`; `store refunds`'s and `store.refunds`'s `get` gave one `store-refunds-get`.",
    "surface/shortfall-names-missing": "Same join: `alpha`'s `b-c` is lost under `alpha-b`'s `alpha-b-c` (the only function the request offers for the two servers; a call reached `alpha-b`), and no error on any channel names `alpha` or `b-c`.",
    "surface/all-or-nothing": "Same join, each server with a tool of its own: the request offers `alpha-search` and `alpha-b-query` beside the one `alpha-b-c` (`alpha-b`'s `c`; calls reached `alpha` and `alpha-b`), so `alpha` is partly registered: its `b-c` is lost with no error.",
    "surface/failing-server-named": "`alpha`'s `tools/list` holds, after `request`, a tool without a name: Copilot takes the list as it is and offers the nameless tool to the model as `alpha-` (the key and an empty name) beside `alpha-request` and `beta-search`; calling `alpha-` sends `tools/call` with name `\"\"` to `alpha` (server records) and comes back `MCP server 'alpha': unknown tool \"\" on server \"alpha\"`. No event, stderr line or log line says `alpha`'s list was malformed.",
    "drift/mid-session-loss": "After `alpha` died, the first call of `alpha-request` came back `MCP server 'alpha': failed to initialize MCP client: ...` (an error naming the server: Copilot reconnects on a call), but Copilot then dropped `alpha`'s tools, and the next call of `alpha-request` came back `Tool 'alpha-request' does not exist. Available tools that can be called are bash, ..., beta-search.`: an error naming neither `alpha` nor its loss; `beta-search` kept reaching `beta` (server records).",
  },
};

/** Committed reports. */
export const hosts: RealHost[] = [copilotHost];

/** The end-to-end drive `npm run test:agents` runs (agent-clis.agents.test.ts; the names the evidence cites). */
export const drives: AgentDrive[] = [{ id: "copilot", names: ["alpha-a-b", "alpha-search", "beta-search"], alphaSearch: "alpha-search", unknownSays: "does not exist" }];
