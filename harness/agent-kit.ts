/**
 * What an agent module author needs (`import type { AgentModule } from "mcp-collide/agent"`,
 * docs/agent-modules.md): the AgentCli contract and the module's manifest; the defaults the session driver
 * applies where a module leaves a part out, for a module that extends them; the fake model provider's front
 * ends a CLI is pointed at (Anthropic Messages, OpenAI Responses, OpenAI Chat Completions, Gemini) and what
 * it reads from a turn; the sandbox every CLI runs in; and the driver itself, to serve a module as a plain
 * HAP/1 adapter or to drive one in-process. The registered CLIs (hosts/agent-clis/) use exactly this.
 */
export type { AgentCli, Launch, LaunchContext } from "./agent/agent-cli.ts";
export { agentCliOf, AgentModuleManifestSchema, defineAgentModule, loadAgentModule, type AgentModule, type AgentModuleManifest } from "./agent/agent-module.ts";
export { callResultOf, cliResult, offeredTools, resultByDefault, serverErrorLines, toolCallReplies } from "./agent/cli-defaults.ts";
export { cliNodeBin, installedBeside, installedCli, sandboxUnavailable, serveAgentModule } from "./agent/cli-options.ts";
export { AgentHost, type AgentHostOptions } from "./agent/agent-host.ts";
export { NetnsSandbox, OutboundAttemptSchema, portsOf, sandboxDescription, socketsOf, type OutboundAttempt } from "./agent/isolation/netns-sandbox.ts";
// The sandbox's parts a gateway module's adapter reuses (hosts/gateways/): the outbound record and the places it shows.
export { outboundDiagnostics } from "./agent/isolation/outbound-record.ts";
export { readablePlaces, unsafePlaces } from "./agent/isolation/visible-places.ts";
export {
  FrontEndSchema, ModelProvider, ModelReplySchema, ProviderRecordSchema, ProviderToolResultSchema, ProviderToolSchema,
  type FrontEnd, type HeldTurn, type ModelReply, type ProviderRecord, type ProviderTool, type ProviderToolResult, type TurnContent,
} from "../fake-servers/index.ts";
export type { ServerConfig } from "./protocol/open-params.ts";
export type { HostError } from "./protocol/open-result.ts";
export type { VisibleTool } from "./protocol/tools-result.ts";
