/**
 * In-process hosts that show each server's tools in a namespace of their own, as Codex does (an OpenAI
 * Responses `namespace` tool `mcp__<key>` holding plain names): the visible identity is the pair
 * (namespace, name). `careful` routes a call by the pair; `bare-routing` forgets the namespace and sends a
 * call to the first server advertising the name, so two servers' same-named tools both reach the first.
 * Used by suites/namespace.test.ts to show the names and wire clauses judge the pair, both ways.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { MemoryTransportSpec } from "../../fake-servers/index.ts";
import type { HostAdapter, VisibleTool } from "../../harness/index.ts";

/** How a namespaced host routes a call. */
export type NamespacedRouting = "careful" | "bare-routing";

interface Loaded {
  key: string;
  client: Client;
  tools: VisibleTool[];
}

/** A host showing `mcp__<key>` namespaces (`namespaceOf` overrides how a key becomes a namespace). */
export function namespacedHost(routing: NamespacedRouting, namespaceOf = (key: string) => `mcp__${key}`): HostAdapter {
  const sessions = new Map<string, Loaded[]>();
  let opened = 0;
  return {
    initialize: async () => ({ protocolVersion: "1", host: { name: `namespaced-${routing}`, version: "0" }, transports: ["memory"], capabilities: {} as never }),
    async open(params) {
      const loaded: Loaded[] = [];
      const registered: Record<string, string[]> = {};
      for (const server of params.servers) {
        const client = new Client({ name: "namespaced", version: "0" });
        await client.connect(await (server.transport as MemoryTransportSpec).connect());
        const { tools } = await client.listTools();
        loaded.push({ key: server.key, client, tools: tools.map((tool) => ({ namespace: namespaceOf(server.key), name: tool.name, description: tool.description, inputSchema: tool.inputSchema })) });
        registered[server.key] = [];
      }
      const session = `s${++opened}`;
      sessions.set(session, loaded);
      return { session, outcome: { registered, errors: [] }, diagnostics: [] };
    },
    async tools(session) {
      return { tools: sessions.get(session)!.flatMap((server) => server.tools) };
    },
    async call(session, name, args, namespace) {
      const servers = sessions.get(session)!;
      const owner = servers.find((server) => server.tools.some((tool) => tool.name === name && (routing === "bare-routing" || tool.namespace === namespace)));
      if (!owner) return { ok: false, error: { message: `no tool ${JSON.stringify([namespace, name])}` } };
      const result = await owner.client.callTool({ name, arguments: args });
      return { ok: true, content: result.content as unknown[] };
    },
    async close(session) {
      await Promise.all((sessions.get(session) ?? []).map((server) => server.client.close()));
      sessions.delete(session);
    },
    async shutdown() {
      for (const session of [...sessions.keys()]) await this.close(session);
    },
  };
}
