/**
 * HAP/1 adapter for Gemini CLI, black box: `node --import tsx hosts/agent-clis/gemini-cli/adapter.ts
 * [--bin PATH] [--no-isolation]` (or `mcp-collide run --agent gemini-cli`).
 * What it configures: gemini-cli.ts; how a session runs: harness/agent/agent-session.ts.
 */
import { serveAgentModule } from "../../../harness/agent-kit.ts";
import module from "./gemini-cli.ts";

await serveAgentModule(module, import.meta.url);
