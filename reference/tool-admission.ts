/**
 * Whether one tool may be registered at all, and what its calls must pass. Policy carried here:
 * - A tool changed since its server's pin is held (tesserix pinning); a tool whose input or output schema
 *   does not compile or can backtrack is refused, never admitted with a permissive stand-in (adonis).
 * - A call's arguments are checked before anything leaves: the request schema given under the tool's wire
 *   name first (ADR D5), then the tool's own input schema, read as JSON Schema reads it (a property it does
 *   not declare is allowed unless it says `additionalProperties: false`).
 */
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import type { HostServerConfig } from "../harness/index.ts";
import type { HostPolicy } from "./host-policy.ts";
import { closeObjects, compileSchema, refuseSchema, type Validate } from "./schema-check.ts";
import { requestSchemaFor } from "./server-options.ts";

const quote = (text: string) => JSON.stringify(text);

/** The check a call of `tool` shown as `name` must pass before it leaves: the request schema first (D5). */
export function argumentCheck(policy: HostPolicy, config: HostServerConfig, tool: Tool, name: string): Validate {
  // Only the server's schema is read the policy's way: the request schema is the operator's own.
  const input = policy.undeclaredProperties === "refuse" ? closeObjects(tool.inputSchema) : tool.inputSchema;
  const checks = [requestSchemaFor(policy, config, tool, name), input]
    .filter((schema) => schema !== undefined)
    .map((schema) => compileSchema(schema));
  return (args) => {
    for (const check of checks) {
      const problem = typeof check === "string" ? `its schema does not compile (${check})` : check(args);
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
}

/** Why `tool` cannot be registered whatever its name, or undefined: held by a pin, or a hostile schema. */
export function refuseTool(policy: HostPolicy, tool: Tool, held: string | undefined): string | undefined {
  if (held !== undefined) return `tool ${quote(tool.name)} is held: ${held}`;
  for (const [which, schema] of [["input", tool.inputSchema], ["output", tool.outputSchema]] as const) {
    const problem = schema === undefined ? undefined : refuseSchema(schema, policy.screenPatterns);
    if (problem !== undefined) return `tool ${quote(tool.name)} is refused: its ${which} schema cannot be used, ${problem}`;
  }
  return undefined;
}
