/**
 * HAP/1 adapter for Codex, black box: `node --import tsx hosts/agent-clis/codex/adapter.ts
 * [--variant default|required|code-mode] [--bin PATH] [--no-isolation]` (or `mcp-collide run --agent codex`).
 * What it configures: codex.ts; how a session runs: harness/agent/agent-session.ts.
 */
import { serveAgentModule } from "../../../harness/agent-kit.ts";
import module from "./codex.ts";

await serveAgentModule(module, import.meta.url);
