/**
 * HAP/1 adapter for Claude Code, black box: `node --import tsx hosts/agent-clis/claude-code/adapter.ts
 * [--variant default|tools-in-list] [--bin PATH] [--no-isolation]` (or `mcp-collide run --agent claude-code`).
 * What it configures: claude-code.ts; how a session runs: harness/agent/agent-session.ts.
 */
import { serveAgentModule } from "../../../harness/agent-kit.ts";
import module from "./claude-code.ts";

await serveAgentModule(module, import.meta.url);
