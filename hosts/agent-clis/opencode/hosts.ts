/**
 * The opencode reports (`npm run reports -- --only opencode,opencode-anthropic`): one entry per variant,
 * with the hand-checked evidence for every verdict that is not a pass (see ../agent-hosts.ts).
 */
import type { RealHost } from "../../real-host.ts";
import { agent, contextNotDriven, noSearchTool, relisting, type AgentDrive } from "../agent-report-entry.ts";

/**
 * What both variants share: opencode names a server's tool `sanitize(key) + "_" + sanitize(tool)` (the bundle's
 * `Z1=(Q)=>Q.replace(/[^a-zA-Z0-9_-]/g,"_"),wB=(Q,X)=>Z1(Q)+"_"+Z1(X)`) and merges every client's tools into
 * one object keyed by that name, so a later entry replaces an earlier one without a word.
 */
const opencodeCommon: Record<string, string> = {
  "surface/no-silent-loss": "opencode joins `<key>_<tool>` with one underscore and keeps one tool per joined name: `a_b`'s `c` and `a`'s `b_c` both become `a_b_c`, the model turn's `tools` offers it once, and its call reached `a` (server records: `a` received tools/call `b_c`, `a_b` none); `a_b`'s `c` has no name and nothing opencode prints names `a_b` (errors [], stderr empty of it).",
  "order/config-permutation": "Same join: `a_b_c` is offered once; configured `a_b`, `a` its call reached `a`, configured `a`, `a_b` it reached `a_b` (server records): which server's tool the model gets depends on the order, the other is lost with no error.",
  "surface/failing-server-named": "An unreachable `alpha` (connection refused: its server received nothing) is left out of the turn beside `beta`'s `beta_search`, and `opencode run` prints nothing naming it on stdout or stderr (errors []); what it writes to its log file is channel `log-file`, not told to the user.",
  "surface/shortfall-names-missing": "`alpha` lists `a.b` and `a_b`; opencode sanitises both to `alpha_a_b` (`Z1`: characters outside [a-zA-Z0-9_-] to `_`) and keeps one: the turn offers `alpha_a_b` once and its call reached `a_b` (server records: tools/call `a_b`); `a.b` is lost and nothing names it.",
  "surface/all-or-nothing": "Same sanitising: `alpha` shows `alpha_a_b` (reaching `a_b`) while `a.b` is lost with no error: `alpha` is partly registered.",
  "wire/tool-error-reaches-model": "A result with `isError: true` reaches the model as ordinary output: the `role: \"tool\"` message for `alpha_fail` holds only the tool's own text (`tool \"fail\" of server \"alpha\" failed on purpose: ...`), the same shape as a successful call's, with no word of opencode's saying it failed (Chat Completions has no error flag; cf. anomalyco/opencode#16969).",
  "names/provider-valid": "opencode prefixes `<key>_` without shortening: `alpha`'s 60-character tool is offered as `alpha_tool_x…` (66 characters), over the 64 the catalogue's default profile (^[A-Za-z0-9_-]{1,64}$, OpenAI's function-name rule) accepts.",
  "drift/mid-session-loss": "After `alpha` died, the next call of `alpha_request` came back to the model as ordinary output reaching no server, naming no server; a later one was refused by opencode's `invalid` tool (`Model tried to call unavailable tool 'alpha_request'`): the tool is dropped, and the model is never told that `alpha` failed.",
  "schema/hostile-schema": "`alpha`'s `request` declares an output schema with an unknown `type`: after one tools/list of `alpha` (server records), opencode shows neither `request` nor `alpha`'s healthy `search` (beta's `beta_query` is shown and its call reached `beta`), and nothing it prints names `alpha`: one bad schema loses the whole server silently.",
  "diag/errors-name-server": "opencode printed no error about an MCP server on stdout or stderr in the 5 constructed worlds or the 3 random ones (it logs to its log file only, channel `log-file`, which no clause counts), so whether its errors name their server could not be judged: INCONCLUSIVE, not a pass.",
  "order/arrival-timing": "Same join, decided by which list answers last: with the configuration fixed, `a_b`'s list answered first gave `a_b_c` to `a`, `a`'s answered first gave it to `a_b` (server records): the server whose tools/list arrives last takes the shared name.",
};

/** What both variants show at catalogue 4 (the same in each: the MCP client sits before the provider). */
const opencodeCatalogue4: Record<string, string> = {
  "names/injective": "Same join: `a_b`'s `c` and `a`'s `b_c` both take `a_b_c`, and under the join learnt from opencode's own names `alpha_b`'s `c` and `alpha`'s `b_c` both take `alpha_b_c`; opencode shows `a_b_c` for `a`'s `b_c` only, and `a_b`'s `c` is gone with no error or diagnostic naming `a_b`: one name for two tools, the other lost.",
  "wire/cancels-only-pending": "`alpha` received notifications/cancelled for its requests 2 and 3 (the calls of `request` and `search`) and `beta` for its request 2 (the call of `query`), each after the server had answered it and opencode had handed that answer back (server records; each call answered ok): opencode cancels finished calls, not only pending ones (a SHOULD: WARN).",
};

/**
 * Why the replay test leaves out opencode's committed order/arrival-timing failure (both providers: the MCP
 * client sits before them).
 */
const arrivalTimingUnderLoad =
  "which of `a_b` and `a` keeps `a_b_c` follows the server whose tools/list answer opencode handles last; replayed by value alone it failed as committed every time (6 repros at load 11 to 18, both providers' replays at load 22, 2026-12-06), but in two full CI runs (load about 16, the other heavy tiers beside it) it came out PASS (opencode's replay in the first, both providers' in the second): a PASS needs the answer order the servers recorded to have changed, so opencode kept one survivor for two orders sent, and the order it handled the answers in was not the order they were sent in. The gate now spaces the two answers by three of the host's handling times (it was capped at 30 ms, below opencode's 31 ms at rest); until a loaded CI run shows that holds, the replay test leaves it out";

/** Committed reports. */
export const hosts: RealHost[] = [
  {
    id: "opencode",
    title: "opencode (opencode run), an @ai-sdk/openai-compatible provider",
    ...agent("opencode"),
    notApplicable: { ...relisting, ...contextNotDriven("opencode"), ...noSearchTool("opencode") },
    packages: ["opencode-ai"],
    timingDependent: {
      "order/arrival-timing": arrivalTimingUnderLoad,
    },
    wiring: "`opencode run` with `OPENCODE_CONFIG` naming a fresh opencode.json: an `@ai-sdk/openai-compatible` provider at the fake Chat Completions endpoint, an `mcp` entry per server, `permission: {\"*\": \"allow\"}`, `autoupdate: false`; calls are `tool_calls`; one CLI process per session in the sandbox.",
    // Every verdict checked by hand against the bundled binary's source text and the report's server records (2026-12-05).
    notes: [
      "Measured on the 2-core machine with nothing else running but its own CLI processes (load 7 to 11; the lead's editing and a few single test files beside it), 2026-12-07, at catalogue 4: 29.5 min wall (1768 s) for the full report, 269 CLI sessions observed (9 a minute), 99 served from the observation cache. At catalogue 3 (2026-12-05, load 2 to 12) it had been 8.2 min, 141 sessions: catalogue 4 judges every constructed case of a clause instead of stopping at its first failure, and opencode's sessions are the slowest of the CLIs here (21 a minute at rest with 4 at a time, `npm run bench`). Every start tries an npm install of a plugin (`CONNECT registry.npmjs.org:443` through the recording proxy, refused; in its log: `background dependency install failed ... 403 Forbidden - GET https://registry.npmjs.org/@openco…`) with every documented switch off.",
    ],
    evidence: { ...opencodeCommon, ...opencodeCatalogue4 },
  },
  {
    id: "opencode-anthropic",
    title: "opencode (opencode run), its anthropic provider",
    ...agent("opencode", "anthropic"),
    notApplicable: { ...relisting, ...contextNotDriven("opencode"), ...noSearchTool("opencode") },
    packages: ["opencode-ai"],
    timingDependent: {
      "order/arrival-timing": arrivalTimingUnderLoad,
    },
    wiring: "As `opencode`, with its `anthropic` provider (`options.baseURL`) at the fake Anthropic Messages endpoint; calls are `tool_use` blocks.",
    // The MCP client and its join sit before the provider: the same verdicts, but for the error flag the wire carries.
    notes: [
      "Re-made at catalogue 4, 2026-12-07: 30.8 min wall (1848 s) at load 6 to 16 (its own CLI processes, and for its first 9 minutes the lead's replays of three other agent reports), 258 CLI sessions observed, 91 served from the cache. At catalogue 3 (2026-12-05, load 4 to 7): 7.5 min wall (448 s), 142 sessions, 22 served. The same verdicts as the default variant, clause for clause, but one: on Anthropic Messages a `tool_result` carries `is_error`, and opencode sets it for a result with `isError: true`, so `wire/tool-error-reaches-model` passes here while it fails on Chat Completions, which has no error flag.",
    ],
    evidence: { ...Object.fromEntries(Object.entries(opencodeCommon).filter(([id]) => id !== "wire/tool-error-reaches-model")), ...opencodeCatalogue4 },
  },
];


/** The end-to-end drives `npm run test:agents` runs (agent-clis.agents.test.ts; the names the evidence cites). */
export const drives: AgentDrive[] = [
  { id: "opencode", names: ["alpha_a_b", "alpha_search", "beta_search"], alphaSearch: "alpha_search", unknownSays: "Model tried to call unavailable tool 'no_such_tool'" },
];
