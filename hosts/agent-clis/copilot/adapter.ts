/**
 * HAP/1 adapter for GitHub Copilot CLI, black box: `node --import tsx hosts/agent-clis/copilot/adapter.ts [--bin PATH]
 * [--no-isolation]` (or `mcp-collide run --agent copilot`).
 * What it configures: copilot.ts; how a session runs: ../agent-session.ts.
 */
import { serveAgentCli } from "../cli-options.ts";
import { variants } from "./copilot.ts";

await serveAgentCli(variants);
