/**
 * HAP/1 adapter for Cline CLI, black box: `node --import tsx hosts/agent-clis/cline/adapter.ts [--bin PATH]
 * [--no-isolation]` (or `mcp-collide run --agent cline`).
 * What it configures: cline.ts; how a session runs: ../agent-session.ts.
 */
import { serveAgentCli } from "../cli-options.ts";
import { variants } from "./cline.ts";

await serveAgentCli(variants);
