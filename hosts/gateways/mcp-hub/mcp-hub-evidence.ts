/**
 * Why each verdict of MCP Hub's committed report (reports/mcp-hub.json) that is not a pass is right, checked
 * by hand against its source as installed (hosts/gateways/mcp-hub/node_modules/mcp-hub/dist/cli.js, one
 * bundle) and a direct run; and why each NOT-APPLICABLE clause cannot apply to a gateway.
 */

/** Clause id → evidence. */
export const mcpHubEvidence: Record<string, string> = {};

/** Clause id → why it does not apply. */
export const mcpHubNotApplicable: Record<string, string> = {};
