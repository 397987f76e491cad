/**
 * A tiny MCP gateway for the gateway-mode tests, with no install: a Node script (written to a temp folder,
 * requiring the MCP SDK by absolute path) that connects to every server of its config file as an MCP client,
 * merges their tools as `<key>__<tool>` and serves the result on stdio, routing each call by the name. Two
 * flavours: `careful` escapes `_` in the key (`_` → `_u`), so no two (server, tool) pairs share a name;
 * `clobbering` joins the raw key, so `a__b`'s `c` and `a`'s `b__c` are one name and the later server's tool
 * silently replaces the earlier one in its map (the bug MCP Hub has). A server it cannot load is named on stderr.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineGatewayModule, type GatewayModule } from "../../harness/index.ts";

const sdk = (path: string) => JSON.stringify(createRequire(import.meta.url).resolve(`@modelcontextprotocol/sdk/${path}`));

const script = (careful: boolean) => `"use strict";
const fs = require("node:fs");
const { Server } = require(${sdk("server/index.js")});
const { StdioServerTransport } = require(${sdk("server/stdio.js")});
const { Client } = require(${sdk("client/index.js")});
const { StdioClientTransport } = require(${sdk("client/stdio.js")});
const { StreamableHTTPClientTransport } = require(${sdk("client/streamableHttp.js")});
const { ListToolsRequestSchema, CallToolRequestSchema } = require(${sdk("types.js")});
const servers = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const routes = new Map();
const prefix = (key) => ${careful ? 'key.replaceAll("_", "_u")' : "key"};
(async () => {
  for (const { key, transport } of servers) {
    const client = new Client({ name: "fake-gateway", version: "1" });
    const wire = transport.type === "stdio"
      ? new StdioClientTransport({ command: transport.command, args: transport.args, env: transport.env, stderr: "ignore" })
      : new StreamableHTTPClientTransport(new URL(transport.url));
    const tools = [];
    try {
      await client.connect(wire);
      let cursor;
      do {
        const page = await client.listTools(cursor === undefined ? {} : { cursor });
        tools.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor !== undefined);
    } catch (error) {
      process.stderr.write("failed to load server " + JSON.stringify(key) + ": " + error.message + "\\n");
      continue;
    }
    for (const tool of tools) routes.set(prefix(key) + "__" + tool.name, { client, tool });
  }
  const server = new Server({ name: "fake-gateway", version: "1" }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...routes].map(([name, { tool }]) => ({ ...tool, name })) }));
  server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
    const route = routes.get(params.name);
    if (!route) return { isError: true, content: [{ type: "text", text: "no tool " + params.name }] };
    return route.client.callTool({ name: route.tool.name, arguments: params.arguments });
  });
  await server.connect(new StdioServerTransport());
})();
`;

/** The fake gateway's module and its executable (a script file under a fresh temp folder; the caller removes `folder`). */
export function fakeGateway(flavour: "careful" | "clobbering"): { module: GatewayModule; bin: string; folder: string } {
  const folder = mkdtempSync(join(tmpdir(), "mcp-collide-fake-gateway-"));
  const bin = join(folder, `fake-gateway-${flavour}.cjs`);
  writeFileSync(bin, script(flavour === "careful"));
  const module = defineGatewayModule({
    manifest: {
      id: `fake-gateway-${flavour}`, title: "A fake gateway", package: "none", bin: "fake-gateway", endpoint: "stdio", transports: ["stdio", "http"],
      describe: `every server's tools as <key>__<tool>${flavour === "careful" ? ", `_` in a key escaped" : ""}`,
    },
    launch({ servers, home, bin: executable }) {
      const config = join(home, "servers.json");
      writeFileSync(config, JSON.stringify(servers));
      return { argv: [process.execPath, executable, config], env: { HOME: home } };
    },
  });
  return { module, bin, folder };
}
