/**
 * The cline report (`npm run reports -- --only cline`), with the hand-checked evidence for every verdict
 * that is not a pass (see ../agent-hosts.ts).
 */
import type { RealHost } from "../../real-host.ts";
import { agent, contextNotDriven, noSearchTool, relisting, type AgentDrive } from "../agent-report-entry.ts";

/** Why `drift/list-changed` is not judged. */
const clineIgnoresListChanged = {
  ...relisting,
  "drift/list-changed": "Cline does not re-list a server on notifications/tools/list_changed, so the adapter does not declare listChanged: measured 2026-12-05 (3.0.65, adapter declaring it for the measurement, each fresh turn asked through Cline's own `read_files` since a call of a missing tool is one of the three consecutive mistakes it stops at) with the notification sent between two turns of one `cline` process: the server received a single `tools/list`, and every later turn through the 15 s the clause waits offered the first list (`alpha__search`, removed, still offered)",
};

const clineHost: RealHost = {
  id: "cline",
  title: "Cline CLI (cline --yolo --json), OpenAI-compatible provider",
  ...agent("cline"),
  notApplicable: { ...clineIgnoresListChanged, ...contextNotDriven("Cline"), ...noSearchTool("Cline") },
  packages: ["cline"],
  notes: [
    "Measured on the 2-core machine at load 10 to 12 (two helpers' tests beside it), 2026-12-05: 4.3 min wall (259 s) for the full report, 158 CLI sessions observed, 28 served from the observation cache. Each start tries `CONNECT data.cline.bot:443` through the recording proxy (refused, listed in the report's diagnostics) though `telemetryOptOut` is set.",
  ],
  wiring: "`cline --yolo --json` with `providers.json` (the OpenAI-compatible provider at the fake Chat Completions endpoint, as `cline auth` writes it) and `CLINE_MCP_SETTINGS_PATH` (`mcpServers`); MCP tool `x` of server `k` is the function `k__x` (a changed name gets an 8-hex hash suffix); a session ends on Cline's own `submit_and_exit`; one CLI process per session in a loopback-only network namespace.",
  evidence: {
    "names/injective": "Cline joins `<server>__<tool>`: `a__b`'s `c` and `a`'s `b__c` both take `a__b__c`, which is shown for `a`'s `b__c` only, and `a__b`'s `c` is gone with no error or diagnostic naming it (report run, seed 2026, 2026-12-07, catalogue 4; constructed cases separator-clash and host-join-clash; the same join as order/config-permutation).",
    "surface/no-silent-loss": "Cline names a tool `<key>__<tool>` and changes (sanitises, cuts, adds `_` and 8 hex of the SHA-1 of `<key>__<tool>`) only a name outside `[a-zA-Z0-9_-]` or over 64 characters (@cline/core 0.0.86, dist/index.js, the MCP tool naming function), so `a__b`'s `c` and `a`'s `b__c` both keep the plain name `a__b__c`, which the Chat Completions request offers once, as `a`'s `b__c` (configured second; the call reached `a`, server records), while `a__b`'s `c` is offered under no name; its JSON output, stderr and log file say nothing of it. The same by hand (2026-12-05): `a__b`'s `c` and `a`'s `b__c` gave one `a__b__c`, while `store refunds`'s and `store.refunds`'s `get` got distinct hashed names.",
    "order/config-permutation": "Same join: configured `a__b`, `a`, the one `a__b__c` is `a`'s `b__c` (the call reached `a`); configured `a`, `a__b`, it is `a__b`'s `c` (the call reached `a__b`, server records). The server configured last keeps the shared name, and the other's tool is lost with no word.",
    "surface/shortfall-names-missing": "Same join: `a__b`'s `c` is lost under `a`'s `a__b__c` (the only function offered for the two servers; a call reached `a`), and nothing Cline prints or logs names `a__b` or `c`.",
    "surface/all-or-nothing": "Same join, each server with a tool of its own: the request offers `a__b__search` and `a__query` beside the one `a__b__c` (`a`'s `b__c`; calls reached `a__b` and `a`), so `a__b` is partly registered: its `c` is lost with no error.",
    "surface/failing-server-named": "An unreachable `alpha` is left out of the turn beside `beta__search`; Cline's JSON output and stderr say nothing, and the only words naming it are in its log file (`~/.cline/data/logs/cline.log`: `[mcp] Failed to load tools from MCP server \"alpha\", skipping: Streamable HTTP error: ...`, at log level 30, info), which the adapter reports as a `log-file` diagnostic: a user is not told.",
    "drift/mid-session-loss": "After `alpha` died, both later calls of `alpha__request` came back to the model as `{\"error\":\"Streamable HTTP error: Error POSTing to endpoint: ... no fake server at this path ...\"}`: an error, but naming neither the server nor the tool (the transport's words only); `beta__search` kept reaching `beta` (server records).",
    "schema/hostile-schema": "Over HTTP (the report's transport), `alpha` lists `request` with an output schema of an unknown type (`{\"type\":\"object\",\"properties\":{\"q\":{\"type\":\"nope\"}}}`) beside `search`: Cline offers neither of `alpha`'s tools, only `beta__query` (its call reached `beta`), and no error names `alpha` or `request` (errors []; `alpha` received `tools/list` and nothing more). By hand (2026-12-05) the same two tools over stdio, which Cline serves with its own client, were both offered (`alpha__request`, `alpha__search`): the whole server is lost on its HTTP path only.",
    "diag/errors-name-server": "Cline reported no error on any channel a user sees (JSON output, stderr) in the 5 constructed worlds (a 60-character tool, a name `a/b`, `alpha` whose `tools/list` fails, `alpha` unreachable, one name on two servers) or the 3 random ones: what it says of a failing server is only in its log file, which the clause does not count. Whether its errors name their server could not be judged: INCONCLUSIVE, not a pass.",
  },
};

/** Committed reports. */
export const hosts: RealHost[] = [clineHost];

/** The end-to-end drive `npm run test:agents` runs (agent-clis.agents.test.ts; the names the evidence cites). */
export const drives: AgentDrive[] = [{ id: "cline", names: ["alpha__search", "alpha__a_b_d594b01b", "beta__search"], alphaSearch: "alpha__search", unknownSays: "no_such_tool" }];
