/**
 * HAP/1 adapter for Qwen Code, black box: `node --import tsx hosts/agent-clis/qwen-code/adapter.ts
 * [--variant default|eager] [--bin PATH] [--no-isolation]` (or `mcp-collide run --agent qwen-code`).
 * What it configures: qwen-code.ts; how a session runs: ../agent-session.ts.
 */
import { serveAgentCli } from "../cli-options.ts";
import { variants } from "./qwen-code.ts";

await serveAgentCli(variants);
