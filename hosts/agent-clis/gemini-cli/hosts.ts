/**
 * The gemini-cli reports (`npm run reports -- --only gemini-cli`): one entry per variant, with the
 * hand-checked evidence for every verdict that is not a pass (see ../agent-hosts.ts).
 */
import type { RealHost } from "../../real-host.ts";
import { agent, contextNotDriven, noSearchTool, relisting, type AgentDrive } from "../agent-report-entry.ts";

/** Committed reports. */
export const hosts: RealHost[] = [
  {
    id: "gemini-cli",
    title: "Gemini CLI (gemini -p), API-key auth, trusted servers",
    ...agent("gemini-cli"),
    // Judged against its own provider's function-name rule (Gemini API), not the default OpenAI/Anthropic one:
    // names/provider-valid checks it. The gemini profile fixes only the charset, not each tool's exact name, so
    // names/profile stays NOT-APPLICABLE.
    runArgs: ["--agent", "gemini-cli", "--profile", "gemini", "--list-changed-timeout", "15000"],
    notApplicable: {
      ...contextNotDriven("Gemini CLI"),
      ...noSearchTool("Gemini CLI"),
      ...relisting,
      "names/profile": "the gemini profile fixes only which names Gemini's API accepts (names/provider-valid checks that), not the exact name of each tool, and Gemini CLI claims no profile that does",
    },
    packages: ["@google/gemini-cli"],
    wiring: "`gemini -p` with `GEMINI_CLI_HOME/.gemini/settings.json` (`mcpServers`, each `trust: true`), its model at the fake Gemini endpoint (`GOOGLE_GEMINI_BASE_URL`; the routing side call answered with a value fitting its JSON schema); calls are `functionCall` parts; one CLI process per session in a loopback-only network namespace.",
    evidence: {
      "names/injective": "Gemini CLI joins `mcp_<server>_<tool>`: `a_b`'s `c` and `a`'s `b_c` both take `mcp_a_b_c`, which is shown for `a`'s `b_c` only, and `a_b`'s `c` is gone with no error or diagnostic naming it (report run, seed 2026, 2026-12-07, catalogue 4; constructed case separator-clash).",
      "order/config-permutation": "Gemini CLI joins `mcp_<server>_<tool>` with one underscore (`generateValidName` in the bundle) and keeps the last tool registered under a name (`ToolRegistry.registerTool`: `Tool with name ... is already registered. Overwriting.`, a debug-log line only): `a_b`'s `c` and `a`'s `b_c` both become `mcp_a_b_c`, offered once, for the server configured second: configured `a_b`, `a`, the call reached `a`; configured `a`, `a_b`, it reached `a_b` (server records). Which server's tool the model gets depends on the configuration order; the other's is lost with no error.",
      "order/arrival-timing": "Same overwrite, driven by which list answers last: with `a_b`'s `tools/list` answered first, `mcp_a_b_c` is `a`'s `b_c` (the call reached `a`); with `a`'s answered first, it is `a_b`'s `c` (the call reached `a_b`). The server whose list arrives last takes the shared name, and the other's tool is lost with no error.",
      "surface/no-silent-loss": "Same one-underscore join: `a_b`'s `c` and `a`'s `b_c` both become `mcp_a_b_c`, and the model turn's `functionDeclarations` hold it once, as `a`'s `b_c` (its call reached `a`); `a_b`'s `c` has no name and nothing Gemini CLI prints names `a_b` or it.",
      "surface/shortfall-names-missing": "Gemini CLI shortens a name over 63 characters by keeping 30 characters either side of `...` (`generateValidName`): `alpha`'s two 128-character tools, which differ only at character 65, both become `mcp_alpha_tool_xxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`, offered once (as the second tool: a call reached `alpha`'s `…2…`), beside `mcp_alpha_request`; nothing names `alpha` or the lost tool (cf. google-gemini/gemini-cli#28970).",
      "surface/all-or-nothing": "Same shortening: `alpha` shows `mcp_alpha_request` and one shortened name (for its second long tool) while its first long tool is lost with no error: `alpha` is partly registered.",
      "surface/failing-server-named": "An unreachable `alpha` is left out of the turn beside `beta`'s `mcp_beta_search`; Gemini CLI's only word about it is `MCP issues detected. Run /mcp list for status.` on stderr, which names no server (alpha received nothing: the connection was refused).",
      "drift/mid-session-loss": "After `alpha` died, a call of `mcp_alpha_request` came back to the model as a `functionResponse` whose `error` is `MCP tool 'request' reported tool error for function call: ... Error POSTing to endpoint (HTTP 404): ...`: an error, but naming the tool's wire name only, never the server (the bundle's DiscoveredMCPToolInvocation builds it from `this.serverToolName`); `beta`'s `search` kept working.",
      "schema/hostile-schema": "Gemini CLI validates a call's arguments against the server's input schema itself, with a native regular expression: alpha's `request` with pattern `^(a+)+$` and `q` = 29 `a`s and `!` was refused (`params/q must match pattern \"^(a+)+$\"`) after 3.9 s in the report run (11.5 s in the evidence replay, 2026-12-04), over the clause's bound of 500 ms, while the same call with 8 `a`s took 26 ms; alpha received neither call.",
      "diag/errors-name-server": "Gemini CLI reported no error in the 5 constructed worlds (a 60-character tool, a name `a/b`, `alpha` whose `tools/list` fails, `alpha` unreachable, one name on two servers) or the 3 random ones on any channel the adapter reads (its one MCP message, `MCP issues detected`, names no server, and the adapter does not count it as an error), so whether its errors name their server could not be judged: INCONCLUSIVE, not a pass.",
    },
  },
];

/** The end-to-end drives `npm run test:agents` runs (agent-clis.agents.test.ts; the names the evidence cites). */
export const drives: AgentDrive[] = [{ id: "gemini-cli", names: ["mcp_alpha_search", "mcp_alpha_a.b", "mcp_beta_search"], alphaSearch: "mcp_alpha_search" }];
