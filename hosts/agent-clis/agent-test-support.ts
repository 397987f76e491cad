/**
 * For the agent CLI tests: whether the pinned CLIs are installed, and the rule for when they are not:
 * such a test is skipped with its reason on a plain `npm test`, and fails where CI requires the CLIs
 * (`MCP_COLLIDE_REQUIRE_AGENTS=1`, set by .ci/run after `npm run agents:install`).
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/** True when CI demands that the agent CLIs are installed and their tests run. */
export const agentsRequired = process.env.MCP_COLLIDE_REQUIRE_AGENTS === "1";

/** The pinned CLI binaries, by adapter id. */
export const agentBins = { "claude-code": "claude", codex: "codex", "gemini-cli": "gemini" } as const;

/** Undefined when adapter `id`'s pinned CLI is installed, else why its tests cannot run. */
export function missingCli(id: keyof typeof agentBins): string | undefined {
  return existsSync(join(here, "node_modules", ".bin", agentBins[id])) ? undefined : `${id} is not installed (npm run agents:install)`;
}

/** The adapter command of agent CLI `id`, run from the package root. */
export const agentAdapter = (id: string, ...flags: string[]) => ["node", "--import", "tsx", `hosts/agent-clis/${id}/adapter.ts`, ...flags];
