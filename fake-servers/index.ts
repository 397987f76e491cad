/**
 * Public surface of fake-servers/: scripted MCP servers over in-memory, stdio and streamable HTTP that
 * record every message before judging it. This folder imports nothing else local.
 */
export { ToolDefinitionSchema, JsonSchemaDocumentSchema } from "./tool-definition.ts";
export type { ToolDefinition, JsonSchemaDocument } from "./tool-definition.ts";
export { ServerScriptSchema, LatencySchema } from "./server-script.ts";
export type { ServerScript, ServerScriptInput, Latency } from "./server-script.ts";
export { MessageRecordSchema } from "./message-record.ts";
export type { MessageRecord } from "./message-record.ts";
export { StdioTransportSpecSchema, HttpTransportSpecSchema, WireTransportSpecSchema } from "./transport-spec.ts";
export type { StdioTransportSpec, HttpTransportSpec, WireTransportSpec } from "./transport-spec.ts";
export type { MemoryTransportSpec } from "./memory-transport-spec.ts";
