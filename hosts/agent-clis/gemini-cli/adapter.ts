/**
 * HAP/1 adapter for Gemini CLI, black box: `node --import tsx hosts/agent-clis/gemini-cli/adapter.ts
 * [--bin PATH] [--no-isolation]` (or `mcp-collide run --agent gemini-cli`).
 * What it configures: gemini-cli.ts; how a session runs: ../agent-session.ts.
 */
import { serveAgentCli } from "../cli-options.ts";
import { variants } from "./gemini-cli.ts";

await serveAgentCli(variants);
