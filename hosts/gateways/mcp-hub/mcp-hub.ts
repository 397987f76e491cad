/**
 * The gateway module of MCP Hub (npm `mcp-hub`, pinned in ./package.json: `npm run gateways:install`). MCP Hub
 * loads the servers of its `mcpServers` configuration and serves their merged tools at `/mcp` on its port, over
 * MCP's HTTP+SSE transport (GET /mcp, POST /messages), each tool named `<server>__<tool>` with the server's
 * name made safe (every character outside [A-Za-z0-9] becomes `_`). Its state is ready (GET /api/health) once
 * it has tried every configured server. Its HOME and XDG folders are the session's home (its logs and its
 * workspace cache go there, not into the user's). It has no telemetry, but fetches its marketplace registry
 * (https://ravitemer.github.io/mcp-registry/, then through curl) at every start, and no option or variable
 * switches that off: the sandbox refuses each attempt (DNS and proxy) and the report's diagnostics list them.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { defineGatewayModule, serverErrorLines, type GatewayContext, type GatewayLaunch } from "../../../harness/index.ts";

const HealthSchema = z.looseObject({ state: z.string() });

/** One server as MCP Hub's configuration names it: a command, or a URL (streamable HTTP, SSE as its fallback). */
function entry(server: GatewayContext["servers"][number]): Record<string, unknown> {
  const transport = server.transport;
  if (transport.type === "http") return { url: transport.url };
  return { command: transport.command, args: transport.args, ...(transport.env ? { env: transport.env } : {}) };
}

export default defineGatewayModule({
  manifest: {
    id: "mcp-hub",
    title: "MCP Hub",
    package: "mcp-hub",
    bin: "mcp-hub",
    endpoint: "sse",
    transports: ["stdio", "http"],
    describe: "the world's servers under mcpServers in one config file, the hub on its port, its unified /mcp endpoint",
  },
  launch({ servers, home, port, bin }): GatewayLaunch {
    const config = join(home, "mcp-servers.json");
    writeFileSync(config, JSON.stringify({ mcpServers: Object.fromEntries(servers.map((server) => [server.key, entry(server)])) }, null, 2));
    return {
      argv: [bin, "--port", String(port), "--config", config],
      env: {
        HOME: home, XDG_STATE_HOME: join(home, "state"), XDG_CONFIG_HOME: join(home, "config"), XDG_DATA_HOME: join(home, "data"),
        NODE_ENV: "production", NO_COLOR: "1",
      },
      path: "/mcp",
      async ready(origin) {
        const answer = await fetch(new URL("/api/health", origin), { signal: AbortSignal.timeout(5_000) });
        if (!answer.ok) return false;
        const health = HealthSchema.safeParse(await answer.json());
        return health.success && health.data.state === "ready";
      },
    };
  },
  errorsOf: serverErrorLines,
});
