/**
 * The local tools the real-host adapters put beside a host's MCP tools (HAP/1 `localTools` at open and
 * `session/registerLocal`): what each says about itself and what it answers when the host runs it. Each
 * adapter builds the host's own tool object from these (LangChain `tool()`, AI SDK `tool()`, Agents SDK
 * `tool()`, Mastra `createTool()`, ...) and hands it over the way the host's docs combine local and MCP
 * tools; a call the host routes to it never reaches a server, which is how the guard clauses tell a local
 * tool from a server's.
 */
import type { LocalShape, LocalTool } from "../harness/index.ts";

/** The description a local tool carries: it names no server, so the harness never takes it for one's tool. */
export function localDescription(tool: LocalTool | { name: string; shape: LocalShape }): string {
  return `Local tool ${JSON.stringify(tool.name)} (${tool.shape}), defined by the application, not by an MCP server`;
}

/** The text a local tool answers with when the host runs it. */
export function localAnswer(name: string): string {
  return `local tool ${JSON.stringify(name)} answered`;
}

/** The input schema every local tool takes: any object (the harness's probe calls carry a `probe` string). */
export const localInputSchema = { type: "object", properties: { probe: { type: "string" } } } as const;
