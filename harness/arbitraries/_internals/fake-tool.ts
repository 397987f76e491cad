import type { ToolDefinition } from "../../../fake-servers/index.ts";
import { describeTool } from "../../world/tool-identity.ts";

/**
 * The one tool definition every generated server advertises for a (key, wire name) pair.
 * The description carries the identity marker, so the harness can recognise the tool under whatever name
 * a host shows it; the schema is a fresh object each time, because a host may mutate what it is given.
 */
export function fakeTool(key: string, name: string): ToolDefinition {
  return {
    name,
    description: describeTool(key, name),
    inputSchema: { type: "object", properties: { probe: { type: "string" } } },
  };
}
