/**
 * HAP/1 adapter for opencode, black box: `node --import tsx hosts/agent-clis/opencode/adapter.ts
 * [--variant default|anthropic] [--bin PATH] [--no-isolation]` (or `mcp-collide run --agent opencode`).
 * What it configures: opencode.ts; how a session runs: harness/agent/agent-session.ts.
 */
import { serveAgentModule } from "../../../harness/agent-kit.ts";
import module from "./opencode.ts";

await serveAgentModule(module, import.meta.url);
