/**
 * HAP/1 adapter for Cline CLI, black box: `node --import tsx hosts/agent-clis/cline/adapter.ts [--bin PATH]
 * [--no-isolation]` (or `mcp-collide run --agent cline`).
 * What it configures: cline.ts; how a session runs: harness/agent/agent-session.ts.
 */
import { serveAgentModule } from "../../../harness/agent-kit.ts";
import module from "./cline.ts";

await serveAgentModule(module, import.meta.url);
