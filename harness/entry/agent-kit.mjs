// `import { serveAgentModule } from "mcp-collide/agent"` in plain Node (ESM): the agent kit, harness/agent-kit.ts
// (an agent module's contract, manifest, defaults, the fake provider's front ends, the sandbox, the driver).
// Types: types/harness/agent-kit.d.ts (built when the package is packed); a module that imports only types
// needs none of this at run time. harness/entry/entry.test.ts holds this list of names equal to the kit's exports.
import { loadKit } from "./load-kit.mjs";

const kit = await loadKit("../agent-kit.ts");

export const {
  AgentHost, AgentModuleManifestSchema, FrontEndSchema, ModelProvider, ModelReplySchema, OutboundAttemptSchema, ProviderRecordSchema,
  ProviderToolResultSchema, ProviderToolSchema, agentCliOf, callResultOf, cliResult, defineAgentModule, installedBeside, installedCli,
  loadAgentModule, offeredTools, resultByDefault, sandboxDescription, sandboxUnavailable, serveAgentModule, serverErrorLines, toolCallReplies,
  NetnsSandbox, cliNodeBin, outboundDiagnostics, portsOf, readablePlaces, socketsOf, unsafePlaces,
} = kit;
