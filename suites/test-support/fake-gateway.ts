/**
 * A tiny MCP gateway for the gateway-mode tests, with no install: a Node script (written to a temp folder,
 * requiring the MCP SDK by absolute path) that connects to every server of its config file as an MCP client,
 * merges their tools as `<key>__<tool>` and serves the result on stdio, routing each call by the name. Two
 * flavours: `careful` escapes `_` in the key (`_` → `_u`), so no two (server, tool) pairs share a name;
 * `clobbering` joins the raw key, so `a__b`'s `c` and `a`'s `b__c` are one name and the later server's tool
 * silently replaces the earlier one in its map (the bug MCP Hub has). A server it cannot load is named on stderr.
 * With `context`, it merges prompts, resources and templates too (advertising them, with listChanged): careful
 * shows each as `<key>__<name>` (a URI as `<key>__<uri>`), clobbering by its bare name or URI, the later server's
 * replacing the earlier; it serves every merged list in pages of one (so a client must follow the cursor),
 * routes a get or a read by the shown name, and re-lists a server on its list_changed and tells its client.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineGatewayModule, type GatewayModule } from "../../harness/index.ts";

const sdk = (path: string) => JSON.stringify(createRequire(import.meta.url).resolve(`@modelcontextprotocol/sdk/${path}`));

const script = (careful: boolean, context: boolean) => `"use strict";
const fs = require("node:fs");
const { Server } = require(${sdk("server/index.js")});
const { StdioServerTransport } = require(${sdk("server/stdio.js")});
const { Client } = require(${sdk("client/index.js")});
const { StdioClientTransport } = require(${sdk("client/stdio.js")});
const { StreamableHTTPClientTransport } = require(${sdk("client/streamableHttp.js")});
const types = require(${sdk("types.js")});
const { ListToolsRequestSchema, CallToolRequestSchema } = types;
const servers = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const routes = new Map();
const prefix = (key) => ${careful ? 'key.replaceAll("_", "_u")' : "key"};
const shown = (key, own) => ${careful ? 'prefix(key) + "__" + own' : "own"};
const loaded = [];
const merged = { prompts: new Map(), resources: new Map(), templates: new Map() };
const FAMILIES = { prompts: ["listPrompts", "prompts", "name"], resources: ["listResources", "resources", "uri"], templates: ["listResourceTemplates", "resourceTemplates", "uriTemplate"] };
async function every(client, family) {
  const [method, field] = FAMILIES[family];
  const items = [];
  let cursor;
  do {
    const page = await client[method](cursor === undefined ? {} : { cursor });
    items.push(...page[field]);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  return items;
}
function rebuild(family) {
  merged[family].clear();
  for (const entry of loaded) for (const item of entry[family]) {
    const id = FAMILIES[family][2];
    merged[family].set(shown(entry.key, item[id]), { client: entry.client, item });
  }
}
async function relist(entry, families) {
  for (const family of families) {
    const has = entry.client.getServerCapabilities()?.[family === "prompts" ? "prompts" : "resources"];
    entry[family] = has ? await every(entry.client, family) : [];
    rebuild(family);
  }
}
const paged = (family, cursor) => {
  const all = [...merged[family]].map(([name, { item }]) => ({ ...item, [FAMILIES[family][2]]: name }));
  const at = cursor === undefined ? 0 : Number(cursor);
  return { [FAMILIES[family][1]]: all.slice(at, at + 1), ...(at + 1 < all.length ? { nextCursor: String(at + 1) } : {}) };
};
const routed = (family, name) => {
  const route = merged[family].get(name);
  if (!route) throw new Error("no " + family + " " + name);
  return route;
};
const server = new Server({ name: "fake-gateway", version: "1" }, { capabilities: { tools: {}, ${context ? "prompts: { listChanged: true }, resources: { listChanged: true }" : ""} } });
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
    if (!${context}) continue;
    const entry = { key, client, prompts: [], resources: [], templates: [] };
    loaded.push(entry);
    try {
      await relist(entry, ["prompts", "resources", "templates"]);
    } catch (error) {
      process.stderr.write("failed to list the prompts or resources of server " + JSON.stringify(key) + ": " + error.message + "\\n");
    }
    client.setNotificationHandler(types.PromptListChangedNotificationSchema, async () => {
      await relist(entry, ["prompts"]);
      await server.sendPromptListChanged();
    });
    client.setNotificationHandler(types.ResourceListChangedNotificationSchema, async () => {
      await relist(entry, ["resources", "templates"]);
      await server.sendResourceListChanged();
    });
  }
  if (${context}) {
    server.setRequestHandler(types.ListPromptsRequestSchema, ({ params }) => paged("prompts", params?.cursor));
    server.setRequestHandler(types.ListResourcesRequestSchema, ({ params }) => paged("resources", params?.cursor));
    server.setRequestHandler(types.ListResourceTemplatesRequestSchema, ({ params }) => paged("templates", params?.cursor));
    server.setRequestHandler(types.GetPromptRequestSchema, async ({ params }) => {
      const { client, item } = routed("prompts", params.name);
      return client.getPrompt({ name: item.name, arguments: params.arguments });
    });
    server.setRequestHandler(types.ReadResourceRequestSchema, async ({ params }) => {
      const { client, item } = routed("resources", params.uri);
      return client.readResource({ uri: item.uri });
    });
  }
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
export function fakeGateway(flavour: "careful" | "clobbering", { context = false } = {}): { module: GatewayModule; bin: string; folder: string } {
  const folder = mkdtempSync(join(tmpdir(), "mcp-collide-fake-gateway-"));
  const bin = join(folder, `fake-gateway-${flavour}${context ? "-context" : ""}.cjs`);
  writeFileSync(bin, script(flavour === "careful", context));
  const module = defineGatewayModule({
    manifest: {
      id: `fake-gateway-${flavour}`, title: "A fake gateway", package: "none", bin: "fake-gateway", endpoint: "stdio", transports: ["stdio", "http"],
      describe: `every server's tools as <key>__<tool>${flavour === "careful" ? ", `_` in a key escaped" : ""}${context ? `, its prompts and resources ${flavour === "careful" ? "as <key>__<name>" : "by their bare names"}, in pages of one` : ""}`,
    },
    launch({ servers, home, bin: executable }) {
      const config = join(home, "servers.json");
      writeFileSync(config, JSON.stringify(servers));
      return { argv: [process.execPath, executable, config], env: { HOME: home } };
    },
  });
  return { module, bin, folder };
}
