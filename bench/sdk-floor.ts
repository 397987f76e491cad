/**
 * The floor a harness case is measured against: the raw SDK round trips a world needs (for every server:
 * connect, list, one call per tool, close) over in-memory transports, with no harness and no host.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { CallToolRequestSchema, CallToolResultSchema, ListToolsRequestSchema, ListToolsResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv-provider.js";
import type { World } from "../harness/index.ts";

// One validator for every client and server, as the harness's fake servers and the reference share theirs:
// the floor pays for the round trips, not for building an Ajv per endpoint.
const validator = new AjvJsonSchemaValidator();

/** One server's bare session: the same list and calls a harness case makes, nothing else. */
async function bareSession(server: World["servers"][number]): Promise<void> {
  const sdkServer = new Server({ name: server.serverInfo.name, version: server.serverInfo.version }, { capabilities: { tools: {} }, jsonSchemaValidator: validator });
  sdkServer.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: server.tools as never }));
  sdkServer.setRequestHandler(CallToolRequestSchema, async (request) => ({
    content: [{ type: "text", text: JSON.stringify({ server: server.key, tool: request.params.name }) }],
  }));
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await sdkServer.connect(serverSide);
  const client = new Client({ name: "floor", version: "1" }, { jsonSchemaValidator: validator });
  await client.connect(clientSide);
  await client.request({ method: "tools/list", params: {} }, ListToolsResultSchema);
  for (const tool of server.tools) {
    await client.request({ method: "tools/call", params: { name: tool.name, arguments: { probe: "p" } } }, CallToolResultSchema);
  }
  await client.close();
  await sdkServer.close();
}

/** The SDK floor for one world: every server's bare session, in parallel as a host would load them. */
export async function sdkFloor(world: World): Promise<void> {
  await Promise.all(world.servers.map(bareSession));
}
