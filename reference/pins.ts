/**
 * Pins: what a host writes down to hold a server to the surface someone approved (tesserix "Pinning",
 * the field guide's pinned definition hashes). Policy carried here: a tool is held to the SHA-256 of the
 * canonical JSON of its name, description, input schema and output schema, so a reworded description, a
 * new required field or a changed result shape are all drift; a tool the pin does not know is drift too.
 */
import { createHash } from "node:crypto";
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { canonicalJson } from "../harness/index.ts";

/** A server's pin as `session/pin` hands it out and `servers[].pin` takes it back. */
export interface ServerPin {
  tools: Record<string, string>;
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The reference fingerprint: everything about a tool a model reads or a call depends on. */
export function definitionFingerprint(tool: Tool): string {
  return sha256(canonicalJson({ name: tool.name, description: tool.description ?? null, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema ?? null }));
}

/** The pin of `tools` under `fingerprint`; built with fromEntries so names like `__proto__` stay plain keys. */
export function takePin(tools: readonly Tool[], fingerprint: (tool: Tool) => string): ServerPin {
  return { tools: Object.fromEntries(tools.map((tool) => [tool.name, fingerprint(tool)])) };
}

/**
 * Why each of `tools` may not be shown under `pin` (keyed by wire name), or an empty map when all match.
 * A pin that is not one this host wrote holds every tool: an unreadable approval approves nothing.
 */
export function pinDrift(pin: unknown, tools: readonly Tool[], fingerprint: (tool: Tool) => string): Map<string, string> {
  const drift = new Map<string, string>();
  const known = isPin(pin) ? pin.tools : undefined;
  for (const tool of tools) {
    if (known === undefined) drift.set(tool.name, "the pin given for its server is not one this host wrote");
    else if (!Object.hasOwn(known, tool.name)) drift.set(tool.name, "it was added since the pin was taken");
    else if (known[tool.name] !== fingerprint(tool)) drift.set(tool.name, "its definition changed since the pin was taken");
  }
  return drift;
}

function isPin(value: unknown): value is ServerPin {
  if (value === null || typeof value !== "object") return false;
  const tools = (value as { tools?: unknown }).tools;
  return tools !== null && typeof tools === "object" && Object.values(tools).every((hash) => typeof hash === "string");
}
