/**
 * The opencode reports (`npm run reports -- --only opencode,opencode-anthropic`): one entry per variant,
 * with the hand-checked evidence for every verdict that is not a pass (see ../agent-hosts.ts).
 */
import type { RealHost } from "../../hosts.ts";
import type { AgentDrive } from "../agent-hosts.ts";
import { agent } from "../agent-report-entry.ts";

/**
 * What both variants share: opencode names a server's tool `sanitize(key) + "_" + sanitize(tool)` (the bundle's
 * `Z1=(Q)=>Q.replace(/[^a-zA-Z0-9_-]/g,"_"),wB=(Q,X)=>Z1(Q)+"_"+Z1(X)`) and merges every client's tools into
 * one object keyed by that name, so a later entry replaces an earlier one without a word.
 */
const opencodeCommon: Record<string, string> = {
  "surface/no-silent-loss": "opencode joins `<key>_<tool>` with one underscore and keeps one tool per joined name: `a_b`'s `c` and `a`'s `b_c` both become `a_b_c`, the model turn's `tools` offers it once, and its call reached `a` (server records: `a` received tools/call `b_c`, `a_b` none); `a_b`'s `c` has no name and nothing opencode prints names `a_b` (errors [], stderr empty of it).",
  "order/config-permutation": "Same join: `a_b_c` is offered once; configured `a_b`, `a` its call reached `a`, configured `a`, `a_b` it reached `a_b` (server records): which server's tool the model gets depends on the order, the other is lost with no error.",
  "order/arrival-timing": "Same join, decided by which list answers last: with the configuration fixed, `a_b`'s list answered first gave `a_b_c` to `a`, `a`'s answered first gave it to `a_b` (server records): the server whose tools/list arrives last takes the shared name.",
};

/** Committed reports. */
export const hosts: RealHost[] = [];

/** Variants whose reports are not committed yet. */
export const pendingHosts: RealHost[] = [
  {
    id: "opencode",
    title: "opencode (opencode run), an @ai-sdk/openai-compatible provider",
    ...agent("opencode"),
    packages: ["opencode-ai"],
    wiring: "`opencode run` with `OPENCODE_CONFIG` naming a fresh opencode.json: an `@ai-sdk/openai-compatible` provider at the fake Chat Completions endpoint, an `mcp` entry per server, `permission: {\"*\": \"allow\"}`, `autoupdate: false`; calls are `tool_calls`; one CLI process per session in the sandbox.",
    // Checked by hand from the first, unfinished report run (seed 2026, 2026-12-05, a machine at load 30-60); the
    // report itself is still to be run to the end and committed.
    evidence: opencodeCommon,
  },
  {
    id: "opencode-anthropic",
    title: "opencode (opencode run), its anthropic provider",
    ...agent("opencode", "anthropic"),
    packages: ["opencode-ai"],
    wiring: "As `opencode`, with its `anthropic` provider (`options.baseURL`) at the fake Anthropic Messages endpoint; calls are `tool_use` blocks.",
    // The MCP client and its join sit before the provider: expected to fail alike; not run yet.
    evidence: opencodeCommon,
  },
];

/** The end-to-end drives `npm test` runs (agent-clis.test.ts; the names the evidence cites). */
export const drives: AgentDrive[] = [
  { id: "opencode", names: ["alpha_a_b", "alpha_search", "beta_search"], alphaSearch: "alpha_search", unknownSays: "Model tried to call unavailable tool 'no_such_tool'" },
];
