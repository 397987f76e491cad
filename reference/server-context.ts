/**
 * One server's prompts, resources and templates as a host last listed them, and the listing itself. Policy
 * carried here (the reference's, unless the context policy says otherwise):
 * - Only what the server declares is asked for (`prompts`, `resources`; templates with resources); a server
 *   that answers templates/list "method not found" has no templates.
 * - Every page is read, following `nextCursor` to the end; a cursor is sent as given, the empty string
 *   included (a cursor, not the end: MCP 2026-07-28); a cursor given twice fails the listing, so a host never
 *   loops. A policy may stop at an empty cursor, or read the first page only when it lists again.
 * - A list that fails keeps the last one (unknown, not gone) and says why, naming the server; a policy may
 *   swallow the failure and take the list as empty.
 */
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import {
  ErrorCode, ListPromptsResultSchema, ListResourcesResultSchema, ListResourceTemplatesResultSchema, McpError, type Prompt, type Resource, type ResourceTemplate,
} from "@modelcontextprotocol/sdk/types.js";
import type { ContextList } from "../harness/index.ts";
import type { ContextPolicy } from "./context-policy.ts";

const quote = (text: string) => JSON.stringify(text);
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** How many pages one list may take before the host stops: a bound, so no host hangs a test. */
const PAGE_LIMIT = 100;

/** How far a list is read. */
type Reach = "all" | "until-empty" | "first";

/** The items of one list, page by page, as `reach` says. */
async function listAll<T>(client: Client, list: ContextList, reach: Reach): Promise<T[]> {
  const method = list === "prompts" ? "prompts/list" : list === "resources" ? "resources/list" : "resources/templates/list";
  const schema = list === "prompts" ? ListPromptsResultSchema : list === "resources" ? ListResourcesResultSchema : ListResourceTemplatesResultSchema;
  const items: T[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 1; page <= PAGE_LIMIT; page++) {
    const answer = (await client.request({ method, params: cursor !== undefined ? { cursor } : {} }, schema)) as Record<string, unknown> & { nextCursor?: string };
    items.push(...((answer[list === "templates" ? "resourceTemplates" : list] as T[] | undefined) ?? []));
    cursor = answer.nextCursor;
    // Python's `if not result.next_cursor` (fastmcp#5025) takes the empty cursor for the end.
    if (cursor === undefined || reach === "first" || (reach === "until-empty" && cursor === "")) return items;
    if (cursors.has(cursor)) throw new Error(`${method} page ${page} gave the cursor ${quote(cursor)} again: the list would never end`);
    cursors.add(cursor);
  }
  throw new Error(`${method} gave more than ${PAGE_LIMIT} pages`);
}

/** A server's prompts, resources and templates as last listed, and why its last listing of each failed. */
export class ServerContext {
  prompts?: Prompt[];
  resources?: Resource[];
  templates?: ResourceTemplate[];
  readonly failures: Partial<Record<ContextList, string>> = {};
  /** Lists read at least once (a later listing is a re-list). */
  readonly #listed = new Set<ContextList>();

  constructor(private readonly key: string, private readonly policy: ContextPolicy) {}

  /** Lists `lists` (default: all the server declares) from `client`, keeping each old list where a listing fails. */
  async relist(client: Client, lists?: readonly ContextList[]): Promise<void> {
    const declared = client.getServerCapabilities();
    const wanted = (lists ?? ["prompts", "resources", "templates"]).filter((list) => (list === "prompts" ? declared?.prompts : declared?.resources) !== undefined);
    for (const list of wanted) await this.#relistOne(client, list);
  }

  async #relistOne(client: Client, list: ContextList): Promise<void> {
    const again = this.#listed.has(list);
    const reach: Reach = again && this.policy.refreshPages === "first" ? "first" : this.policy.pages;
    try {
      const items = await listAll<never>(client, list, reach);
      this.#set(list, items);
      delete this.failures[list];
    } catch (error) {
      if (list === "templates" && error instanceof McpError && error.code === ErrorCode.MethodNotFound) {
        this.#set(list, []);
      } else if (this.policy.listErrors === "swallow") {
        // Taken as a server without that list: "it's okay if this fails, not all servers will have prompts".
        this.#set(list, []);
      } else {
        this.failures[list] = `server ${quote(this.key)} could not list its ${list === "templates" ? "resource templates" : list} (${list === "prompts" ? "prompts/list" : list === "resources" ? "resources/list" : "resources/templates/list"} failed): ${reason(error)}`;
      }
    }
    this.#listed.add(list);
  }

  #set(list: ContextList, items: never[]): void {
    if (list === "prompts") this.prompts = items;
    else if (list === "resources") this.resources = items;
    else this.templates = items;
  }
}
