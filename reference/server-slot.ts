/**
 * One configured server over a session's life: its client (replaced when the connection is lost), its
 * last tool list, and a queue that runs its listings and reconnects one at a time. Policy carried here:
 * - A listing that fails keeps the last list (adonis: "a server that could not be reached prunes nothing")
 *   and says why, naming the server; the policy may prune instead.
 * - A refresh takes the server's answer as its whole list, removals included; the policy may only add.
 * - Serial per server, so an older listing can never land after a newer one.
 */
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { PromptListChangedNotificationSchema, ResourceListChangedNotificationSchema, ToolListChangedNotificationSchema, type Tool } from "@modelcontextprotocol/sdk/types.js";
import type { ContextList, HostServerConfig } from "../harness/index.ts";
import type { HostPolicy } from "./host-policy.ts";
import { connectClient, listAllTools } from "./load-server.ts";
import type { ServerState } from "./register-servers.ts";
import { schemaValidator } from "./schema-check.ts";
import { ServerContext } from "./server-context.ts";

const quote = (text: string) => JSON.stringify(text);
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A configured server, its connection, and its state as registration reads it. */
export class ServerSlot implements ServerState {
  readonly key: string;
  arrival = -1;
  serverInfo?: { name: string; version: string };
  tools?: Tool[];
  failure?: string;
  client?: Client;
  /** Its prompts, resources and templates as last listed (server-context.ts). */
  readonly context: ServerContext;
  #connected = false;
  #queue: Promise<unknown> = Promise.resolve();

  /**
   * @param onListChanged called when the server says its list changed (only if the policy listens).
   */
  constructor(
    readonly config: HostServerConfig,
    readonly index: number,
    private readonly policy: HostPolicy,
    private readonly clientInfo: { name: string; version: string },
    private readonly onListChanged: (slot: ServerSlot) => void,
    private readonly onContextChanged: (slot: ServerSlot, lists: readonly ContextList[]) => void = () => undefined,
  ) {
    this.key = config.key;
    this.context = new ServerContext(config.key, policy.context);
  }

  /** Runs `work` after everything queued before it for this server. */
  enqueue<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#queue.then(work, work);
    this.#queue = run.catch(() => undefined);
    return run;
  }

  /** Lists the server (reconnecting if its connection is gone) and takes the answer as the policy says. */
  relist(): Promise<void> {
    return this.enqueue(async () => {
      try {
        const tools = await this.#list();
        this.tools = this.policy.refresh === "add-only" && this.tools ? addOnly(this.tools, tools) : tools;
        this.failure = undefined;
        // Its prompts and resources on the same connection, once its tools are known.
        await this.context.relist(this.client!);
      } catch (error) {
        if (this.tools === undefined) {
          this.failure = `server ${quote(this.key)} could not be loaded (connect, initialize or tools/list failed): ${reason(error)}`;
        } else if (this.policy.unreachableRefresh === "prune") {
          this.tools = [];
          this.failure = `server ${quote(this.key)} could not be refreshed (${reason(error)}); its tools were dropped`;
        } else {
          this.failure = `server ${quote(this.key)} could not be refreshed (${reason(error)}); its ${this.tools.length} tool(s) are kept as they were`;
        }
      }
    });
  }

  /** Lists `lists` of the server's prompts and resources again (its tools untouched), queued like every listing. */
  relistContext(lists: readonly ContextList[]): Promise<void> {
    return this.enqueue(async () => {
      if (this.client && this.#connected) await this.context.relist(this.client, lists);
    });
  }

  /** A live client: the current one, or (queued behind any listing) a fresh connection. */
  async liveClient(): Promise<Client> {
    if (this.client && this.#connected) return this.client;
    return this.enqueue(async () => {
      if (!this.client || !this.#connected) await this.reconnect();
      return this.client!;
    });
  }

  /** Drops the current connection and opens a new one (queue it: see {@link enqueue}). */
  async reconnect(): Promise<void> {
    const old = this.client;
    this.client = undefined;
    this.#connected = false;
    await old?.close().catch(() => undefined);
    const client = new Client(this.clientInfo, { jsonSchemaValidator: schemaValidator });
    if (this.policy.listChanged) {
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        if (this.client === client) this.onListChanged(this);
      });
    }
    if (this.policy.context.listChanged) {
      client.setNotificationHandler(PromptListChangedNotificationSchema, () => {
        if (this.client === client) this.onContextChanged(this, ["prompts"]);
      });
      client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
        if (this.client === client) this.onContextChanged(this, ["resources", "templates"]);
      });
    }
    client.onclose = () => {
      if (this.client === client) this.#connected = false;
    };
    await connectClient(this.config, client);
    this.client = client;
    this.#connected = true;
    this.serverInfo = client.getServerVersion();
  }

  /** Closes the connection for good. */
  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.#connected = false;
    await client?.close().catch(() => undefined);
  }

  async #list(): Promise<Tool[]> {
    if (this.client && this.#connected) {
      try {
        return await listAllTools(this.client, this.policy.listPages);
      } catch {
        // The connection may have died unnoticed (HTTP has no close event): one fresh try below.
      }
    }
    await this.reconnect();
    return listAllTools(this.client!, this.policy.listPages);
  }
}

/** The old list with the new one's tools added or updated, nothing removed: a refresh that only adds. */
function addOnly(old: readonly Tool[], fresh: readonly Tool[]): Tool[] {
  const names = new Set(fresh.map((tool) => tool.name));
  return [...old.filter((tool) => !names.has(tool.name)), ...fresh];
}
