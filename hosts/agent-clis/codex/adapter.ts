/**
 * HAP/1 adapter for Codex, black box: `node --import tsx hosts/agent-clis/codex/adapter.ts
 * [--variant default|required|code-mode] [--bin PATH] [--no-isolation]` (or `mcp-collide run --agent codex`).
 * What it configures: codex.ts; how a session runs: ../agent-session.ts.
 */
import { serveAgentCli } from "../cli-options.ts";
import { variants } from "./codex.ts";

await serveAgentCli(variants);
