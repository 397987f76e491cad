/**
 * Policy: real hosts run offline. Imported first by every adapter whose host phones home, so each switch is
 * in the environment before the host's modules load and read it. Only switches found in the hosts' own
 * source; hosts/offline.hosts.test.ts runs the adapters where nothing but 127.0.0.1 is reachable and fails on
 * any attempt to leave it.
 */
// mcp-use: anonymised PostHog/Scarf telemetry is on unless this is "false" (Telemetry._checkTelemetryDisabled).
process.env.MCP_USE_ANONYMIZED_TELEMETRY = "false";
// @voltagent/core: outside production its ModelProviderRegistry fetches https://models.dev/api.json at
// import (`if (getEnvValue("NODE_ENV") !== "production") startAutoRefresh()`).
process.env.NODE_ENV = "production";
// @voltagent/core exports traces to VoltOps when both keys are set; they never are here.
delete process.env.VOLTAGENT_PUBLIC_KEY;
delete process.env.VOLTAGENT_SECRET_KEY;
