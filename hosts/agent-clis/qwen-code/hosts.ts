/**
 * The Qwen Code reports (`npm run reports -- --only qwen-code,qwen-code-eager`): one entry per variant, with
 * the hand-checked evidence for every verdict that is not a pass (see ../agent-hosts.ts).
 */
import type { RealHost } from "../../real-host.ts";
import { agent, contextNotDriven, noSearchTool, relisting, type AgentDrive } from "../agent-report-entry.ts";

/**
 * What both variants share (the deferral comes after registration): Qwen Code names a tool
 * `generateValidName("mcp__" + server + "__" + tool)` (characters outside [a-zA-Z0-9_.-] to `_`, over 63
 * characters cut to the first 28 + `___` + the last 32), and `ToolRegistry.registerTool` keeps one tool per
 * name: for an MCP tool whose name is taken it calls `asFullyQualifiedTool()`, which builds the same name
 * again, then `this.tools.set` replaces the first, with no warning (the warning is only for other tools).
 */
const qwenCommon: Record<string, string> = {
  "names/injective": "The same join: `a__b`'s `c` and `a`'s `b__c` both take `mcp__a__b__c`, which is shown for `a`'s `b__c` only, and `a__b`'s `c` is gone with no error or diagnostic naming it (both variants' report runs, seed 2026, 2026-12-07, catalogue 4; constructed cases separator-clash and host-join-clash).",
  "order/arrival-timing": "The same join, where the answer order decides: `alpha`'s `b__c` and `alpha__b`'s `c` both take `mcp__alpha__b__c`; with `alpha`'s list answered first the name is `alpha__b`'s `c`, with `alpha__b`'s first it is `alpha`'s `b__c`, and no error names either (both variants' report runs, seed 2026, 2026-12-07, catalogue 4): the server whose list answers last keeps the name (registerTool's `this.tools.set` replaces).",
  "surface/no-silent-loss": "Qwen Code joins `mcp__<key>__<tool>`: `a__b`'s `c` and `a`'s `b__c` both become `mcp__a__b__c`, listed once (deferred listing, then `tools[]` after tool_search), and its call reached `a` (server records: `a` received tools/call `b__c`, `a__b` no call); `a__b`'s tool has no name, and Qwen Code prints nothing naming it (errors [], stderr empty).",
  "order/config-permutation": "Same join: `mcp__a__b__c` is offered once; configured `a__b`, `a` its call reached `a`, configured `a`, `a__b` it reached `a__b` (server records): the server registered last replaces the other's tool (registerTool's `this.tools.set`), so which tool the model gets depends on the configuration order.",
  "surface/shortfall-names-missing": "`generateValidName` cuts a name over 63 characters to its first 28 and last 32 characters around `___`: `alpha`'s two 128-character tools, which differ only at character 65, both become `mcp__alpha__tool_xxxxxxxxxxxxx___xxx…x`, registered once (the second replaces the first), beside `mcp__alpha__request`; nothing names `alpha` or the lost tool.",
  "surface/all-or-nothing": "Same cut: `alpha` shows `mcp__alpha__request` and one shortened name while its other long tool is lost with no error: `alpha` is partly registered.",
  "surface/failing-server-named": "An unreachable `alpha` is left out of the turn beside `beta`'s `mcp__beta__search`, and `qwen -p` prints nothing about it on stdout or stderr (errors [], diagnostics []): a headless user is not told a server failed.",
  "names/provider-valid": "`generateValidName` keeps `.` (its charset is [a-zA-Z0-9_.-]): `alpha`'s `a.b` is offered as `mcp__alpha__a.b`, which the catalogue's default profile (^[A-Za-z0-9_-]{1,64}$, OpenAI's function-name rule) refuses.",
  "drift/mid-session-loss": "After `alpha` died, the next call of `mcp__alpha__request` failed inside Qwen Code (`handleReconnectOnError` rethrows once its reconnects fail) and the scheduler's `createErrorResponse` handed the model the raw transport error alone (`response: { error: message }`, no word of Qwen Code's, naming no server); a later call was refused as `Tool \"mcp__alpha__request\" not found in registry`: the tool is dropped and the model is never told that `alpha` failed.",
  "wire/at-most-once": "When `alpha` loses every answer, Qwen Code reconnects and calls again (`handleReconnectOnError`, up to MAX_RECONNECT_RETRIES): one model call of `mcp__alpha__request` reached `alpha` as four tools/call `request`, each after a fresh initialize (server records), for a tool not annotated idempotent.",
  "schema/hostile-schema": "`alpha`'s `request` declares an output schema with an unknown `type`: Qwen Code shows neither `request` nor `alpha`'s healthy `search` (beta's `query` is shown) and no error names `alpha`: one bad schema loses the whole server silently.",
  "diag/errors-name-server": "Qwen Code reported no error on any channel the adapter reads in the 5 constructed worlds or the 3 random ones (`qwen -p` prints nothing about MCP servers), so whether its errors name their server could not be judged: INCONCLUSIVE, not a pass.",
  "order/stable-list": "The tools are offered in the order their servers' lists answered, not the configuration's: `alpha`'s list answered first gave [`mcp__alpha__request`, `mcp__beta__search`], `beta`'s first gave [`mcp__beta__search`, `mcp__alpha__request`] (the registry is a Map filled as each server's discovery finishes).",
};

/** Why `drift/list-changed` is not judged (both variants: one engine). */
const qwenIgnoresListChanged = {
  ...relisting,
  "drift/list-changed": "Qwen Code does not re-list a server on notifications/tools/list_changed, so the adapter does not declare listChanged: measured 2026-12-05 (0.15.10, adapter declaring it for the measurement) with the notification sent between two turns of one `qwen -p` process: the server received a single `tools/list`, and every later turn through the 15 s the clause waits offered the first list (`search`, removed, still offered)",
};

/** Committed reports. */
export const hosts: RealHost[] = [
  {
    id: "qwen-code",
    title: "Qwen Code (qwen -p), default: deferred tool search",
    ...agent("qwen-code"),
    notApplicable: { ...qwenIgnoresListChanged, ...contextNotDriven("Qwen Code") },
    packages: ["@qwen-code/qwen-code"],
    wiring: "`qwen -p --approval-mode yolo` with a fresh `~/.qwen/settings.json` (`mcpServers`, each `trust: true`; OpenAI auth), its model at the fake Chat Completions endpoint (`OPENAI_BASE_URL`); MCP tools are listed by name in the system prompt's Deferred Tools section and loaded through `tool_search` (the adapter loads every listed one, as a model would), then called as `tool_calls`; one CLI process per session in the sandbox, without the recording proxy (Qwen Code sends loopback through it too).",
    // Every verdict checked by hand against the bundled cli.js and the report's server records (2026-12-05).
    notes: [
      "Measured on the 2-core machine at load 11 to 14 (two helpers' tests beside it), 2026-12-05: 3.1 min wall (188 s) for the full report, 141 CLI sessions observed, 22 served from the observation cache (at load 30 to 60, on the code before the sandbox, 15 min). No outbound attempt was recorded (none asked DNS).",
    ],
    evidence: qwenCommon,
  },
  {
    id: "qwen-code-eager",
    title: "Qwen Code (qwen -p), tool_search denied: every MCP tool in tools[]",
    ...agent("qwen-code", "eager"),
    notApplicable: { ...qwenIgnoresListChanged, ...contextNotDriven("Qwen Code"), ...noSearchTool("Qwen Code", "has its tool_search denied here, so it offers the model every MCP tool in `tools[]` from the first turn") },
    packages: ["@qwen-code/qwen-code"],
    wiring: "As `qwen-code`, with `permissions.deny: [\"tool_search\"]`: with no tool search Qwen Code reveals every deferred tool, so every MCP tool is in `tools[]` from the first turn.",
    // Registration and naming come before the deferral, and the report's verdicts are the default's, clause for clause.
    notes: [
      "Re-made at catalogue 4 on the 2-core machine, 2026-12-07: 16.7 min wall (1003 s) at load 3 to 15 (its own CLI processes, and the lead's `npm test` beside it for its first 14 minutes), 288 CLI sessions observed, 110 served from the cache; every verdict is the default variant's but surface/deferred-reachable's (not judged here: no tool search). At catalogue 3 (2026-12-05, load 8 to 11): 4.7 min wall (282 s), 137 sessions, 26 served. No outbound attempt was recorded.",
    ],
    evidence: qwenCommon,
  },
];

/** The end-to-end drives `npm run test:agents` runs (agent-clis.agents.test.ts; the names the evidence cites). */
export const drives: AgentDrive[] = [
  { id: "qwen-code", names: ["mcp__alpha__search", "mcp__alpha__a.b", "mcp__beta__search"], alphaSearch: "mcp__alpha__search", unknownSays: "Tool \\\"no_such_tool\\\" not found in registry." },
];
