/**
 * HAP/1 adapter for Qwen Code, black box: `node --import tsx hosts/agent-clis/qwen-code/adapter.ts
 * [--variant default|eager] [--bin PATH] [--no-isolation]` (or `mcp-collide run --agent qwen-code`).
 * What it configures: qwen-code.ts; how a session runs: harness/agent/agent-session.ts.
 */
import { serveAgentModule } from "../../../harness/agent-kit.ts";
import module from "./qwen-code.ts";

await serveAgentModule(module, import.meta.url);
