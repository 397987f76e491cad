/**
 * Naming profiles: what names a model provider (or a naming decision such as ADR-0112) accepts. A profile
 * with `expectedName` also fixes the exact name of every tool; `names/profile` checks it. Every provider
 * rule here is stricter than MCP's own: the specification (2026-07-28, Tools) says a tool name SHOULD be 1 to
 * 128 characters of [A-Za-z0-9_.-], so a server may send names a provider refuses, and a host must check.
 */

/** A naming profile. */
export interface NamingProfile {
  id: string;
  summary: string;
  /** Every shown name must match this. */
  pattern: RegExp;
  /** The exact name the profile gives (key, wire name), or undefined when the profile fixes only the charset. */
  expectedName?(key: string, tool: string): string;
}

const PROVIDER = /^[A-Za-z0-9_-]{1,64}$/;

/** The profiles the CLI knows by name; `default` is used when the user names none. */
export const namingProfiles: Record<string, NamingProfile> = {
  default: { id: "default", summary: "Anthropic/OpenAI/Bedrock Converse: ^[A-Za-z0-9_-]{1,64}$", pattern: PROVIDER },
  "adr-0112": {
    id: "adr-0112",
    summary: "ADR-0112: mcp__{key}__{tool} always, ^[A-Za-z0-9_-]{1,64}$, over-long names refused, never shortened",
    pattern: PROVIDER,
    expectedName: (key, tool) => `mcp__${key}__${tool}`,
  },
  "anthropic-128": { id: "anthropic-128", summary: "Anthropic Messages as enforced since 2025-06: ^[A-Za-z0-9_-]{1,128}$", pattern: /^[A-Za-z0-9_-]{1,128}$/ },
  "bedrock-agent": { id: "bedrock-agent", summary: "AWS Bedrock Agent: ^[A-Za-z][A-Za-z0-9_]{0,63}$", pattern: /^[A-Za-z][A-Za-z0-9_]{0,63}$/ },
  /**
   * Google's function-declaration rule (the Gemini API and Vertex AI): a letter or `_` first, then letters,
   * digits, `_`, `.`, `:` and `-`, at most 64 characters (FunctionDeclaration.name in the Google Gen AI SDK).
   */
  gemini: {
    id: "gemini",
    summary: "Gemini API function declarations: ^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$ (a letter or _ first; letters, digits, _ . : -; at most 64)",
    pattern: /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/,
  },
  portable: { id: "portable", summary: "Safe everywhere: ^[A-Za-z][A-Za-z0-9_]{0,62}$", pattern: /^[A-Za-z][A-Za-z0-9_]{0,62}$/ },
};

/** Looks a profile up by id; throws a message listing the known ids. */
export function namingProfile(id: string): NamingProfile {
  const profile = namingProfiles[id];
  if (!profile) throw new Error(`unknown profile "${id}"; known: ${Object.keys(namingProfiles).join(", ")}`);
  return profile;
}
