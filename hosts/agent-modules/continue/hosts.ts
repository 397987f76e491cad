/**
 * The Continue report (`npm run reports -- --only continue`), judged from its agent module as from outside
 * the package, with the hand-checked evidence for every verdict that is not a pass.
 */
import type { RealHost } from "../../hosts.ts";
import { agentModule } from "../../agent-clis/agent-report-entry.ts";

/** Committed reports. */
export const hosts: RealHost[] = [];

/** Reports not committed yet. */
export const pendingHosts: RealHost[] = [
  {
    id: "continue",
    title: "Continue CLI (cn -p), an openai provider at the fake Chat Completions endpoint, from an agent module",
    ...agentModule("hosts/agent-modules/continue/continue.ts", "continue"),
    packages: ["@continuedev/cli"],
    wiring: "`cn -p \"<prompt>\" --config <home>/config.yaml --auto` (headless): a `provider: openai` model at the fake Chat Completions endpoint (`apiBase`, dummy `apiKey`), every server under `mcpServers` (`command`/`args`/`env`, or `type: streamable-http` with `url`) in configuration order; MCP tool `x` is offered to the model as `x` whatever its server; one CLI process per session in the sandbox; judged with `--agent-module hosts/agent-modules/continue/continue.ts`.",
    evidence: {},
  },
];
