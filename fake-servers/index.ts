/**
 * Public surface of fake-servers/: scripted MCP servers over in-memory, stdio and streamable HTTP that
 * record every message before judging it. This folder imports nothing else local.
 */
export { ToolDefinitionSchema, JsonSchemaDocumentSchema } from "./tool-definition.ts";
export type { ToolDefinition, JsonSchemaDocument } from "./tool-definition.ts";
export { ServerScriptSchema, LatencySchema, ServerFailureSchema, UnreachableAsSchema, LIST_STALL_MS, scriptedToolError, toolErrorText } from "./server-script.ts";
export { DriftStepSchema, LIST_CHANGING_KINDS, applyToList } from "./drift-step.ts";
export type { DriftStep, DriftStepInput } from "./drift-step.ts";
export type { ServerScript, ServerScriptInput, Latency, ServerFailure, UnreachableAs } from "./server-script.ts";
export {
  applyToContext, CONTEXT_LIST_METHODS, ContextListSchema, ContextPagingSchema, contextListsOf, PromptArgumentSchema, PromptDefinitionSchema,
  ResourceDefinitionSchema, ResourceTemplateDefinitionSchema, templateIsFixed, templateMatches,
} from "./context-definition.ts";
export type { ContextList, ContextLists, ContextPaging, PromptDefinition, ResourceDefinition, ResourceTemplateDefinition } from "./context-definition.ts";
export { CONTEXT_LIST_ANSWERS, RESOURCE_NOT_FOUND, contextCapabilities, servesPrompts, servesResources } from "./context-handlers.ts";
export type { PromptEcho, ResourceEcho } from "./context-handlers.ts";
export { contextPage } from "./context-pages.ts";
export { MessageRecordSchema } from "./message-record.ts";
export type { MessageRecord } from "./message-record.ts";
export { StdioTransportSpecSchema, HttpTransportSpecSchema, WireTransportSpecSchema } from "./transport-spec.ts";
export type { StdioTransportSpec, HttpTransportSpec, WireTransportSpec } from "./transport-spec.ts";
export type { MemoryTransportSpec } from "./memory-transport-spec.ts";
export { Recorder } from "./recorder.ts";
export type { UnstampedRecord } from "./recorder.ts";
export { RecordingTransport } from "./recording-transport.ts";
export type { RecordingContext } from "./recording-transport.ts";
export { createFakeServer, fakeServerCapabilities } from "./fake-server.ts";
export { pageCursor, pagedList } from "./paged-list.ts";
export type { ListPage } from "./paged-list.ts";
export type { FakeServerOptions, CallEcho } from "./fake-server.ts";
export { LiveServer } from "./live-server.ts";
export type { ConnectionHooks } from "./live-server.ts";
export { SocketTransport, StreamTransport } from "./socket-transport.ts";
export { StdioRelay, STDIO_SHIM_PATH, PERL_SHIM_PATH } from "./stdio-relay.ts";
export type { StdioShimChoice } from "./stdio-relay.ts";
export { ownedTempDir, removeOwnedTempDirsOf, sweepOwnedTempDirs } from "./owned-temp-dir.ts";
export type { OwnedTempDir } from "./owned-temp-dir.ts";
export { HttpGateway } from "./http-gateway.ts";
export { makeRunCa, type RunCa, type RunCaPublic } from "./run-ca.ts";
export { memoryEndpoint } from "./memory-endpoint.ts";
export { ownsPort, startFakeServerHost } from "./fake-server-host.ts";
export type {
  FakeServerHost,
  FakeServerHostOptions,
  WorldOptions,
  FakeWorld,
  FakeEndpoint,
  FakeTransportKind,
  TransportSpecByKind,
} from "./fake-server-host.ts";
export { AnswerGate } from "./answer-gate.ts";
export {
  ModelProvider, FrontEndSchema, ModelReplySchema, ProviderRecordSchema, ProviderToolResultSchema, ProviderToolSchema, parseSse, valueForSchema,
} from "./model-provider/index.ts";
export type { HeldTurn, FrontEnd, ModelReply, ProviderRecord, ProviderTool, ProviderToolResult, TurnContent, SseEvent } from "./model-provider/index.ts";
