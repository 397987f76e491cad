/**
 * HAP/1 adapter for GitHub Copilot CLI, black box: `node --import tsx hosts/agent-clis/copilot/adapter.ts [--bin PATH]
 * [--no-isolation]` (or `mcp-collide run --agent copilot`).
 * What it configures: copilot.ts; how a session runs: harness/agent/agent-session.ts.
 */
import { serveAgentModule } from "../../../harness/agent-kit.ts";
import module from "./copilot.ts";

await serveAgentModule(module, import.meta.url);
