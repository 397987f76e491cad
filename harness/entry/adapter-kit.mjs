// `import { serveAdapter } from "mcp-collide"` in plain Node (ESM): the adapter kit, harness/adapter-kit.ts.
// Types: types/harness/adapter-kit.d.ts (built when the package is packed). harness/entry/entry.test.ts
// holds this list of names equal to the kit's exports.
import { loadKit } from "./load-kit.mjs";

const kit = await loadKit("../adapter-kit.ts");

export const {
  CallResultSchema, CapabilitiesSchema, ChannelSchema, DiagnosticSchema, HostErrorSchema, HostTransportSchema, HttpTransportSpecSchema,
  InitializeResultSchema, initializeResult, LocalShapeSchema, LocalToolSchema, OpenParamsSchema, OpenResultSchema, OpenTlsSchema, OutcomeSchema, PinResultSchema,
  RefreshResultSchema, RegisterLocalResultSchema, ServerConfigSchema, ShutdownResultSchema, StdioTransportSpecSchema, ToolsResultSchema,
  VisibleToolSchema, WireTransportSpecSchema, consoleToStderr, serveAdapter, serveHap, userSees,
  PromptGetResultSchema, PromptsResultSchema, ResourceReadResultSchema, ResourcesResultSchema, ShownPromptArgumentSchema, ShownPromptSchema, ShownResourceSchema,
  ShownTemplateSchema, DeferredFlagSchema, DeferredToolsSchema, KeepDeferredSchema,
} = kit;
