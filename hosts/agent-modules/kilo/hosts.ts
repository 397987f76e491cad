/**
 * The Kilo Code report (`npm run reports -- --only kilo`), judged from its agent module as from outside the
 * package, with the hand-checked evidence for every verdict that is not a pass.
 */
import type { RealHost } from "../../hosts.ts";
import { agentModule } from "../../agent-clis/agent-report-entry.ts";

/** Committed reports. */
export const hosts: RealHost[] = [];

/** Reports not committed yet. */
export const pendingHosts: RealHost[] = [
  {
    id: "kilo",
    title: "Kilo Code CLI (kilo run), an @ai-sdk/openai-compatible provider, from an agent module",
    ...agentModule("hosts/agent-modules/kilo/kilo.ts", "kilo"),
    packages: ["@kilocode/cli"],
    wiring: "`kilo run \"<prompt>\"` with `KILO_CONFIG` naming a fresh kilo.json: an `@ai-sdk/openai-compatible` provider at the fake Chat Completions endpoint, an `mcp` entry per server (`type: local` / `remote`), `permission: {\"*\": \"allow\"}`, updates and sharing off, every `KILO_DISABLE_*` switch on; one CLI process per session in the sandbox; judged with `--agent-module hosts/agent-modules/kilo/kilo.ts`.",
    evidence: {},
  },
];
