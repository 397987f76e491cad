/**
 * HAP/1 adapter for opencode, black box: `node --import tsx hosts/agent-clis/opencode/adapter.ts
 * [--variant default|anthropic] [--bin PATH] [--no-isolation]` (or `mcp-collide run --agent opencode`).
 * What it configures: opencode.ts; how a session runs: ../agent-session.ts.
 */
import { serveAgentCli } from "../cli-options.ts";
import { variants } from "./opencode.ts";

await serveAgentCli(variants);
