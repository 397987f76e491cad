/**
 * A scripted server's prompts, resources and templates on the wire: the list handlers (paged as scripted,
 * failing where the script says), `prompts/get` and `resources/read`. Every message was recorded by the
 * transport before it reaches a handler, so what a host asked is known however it is answered. Policy:
 * - `prompts/get` answers only the server's own prompt name (never a title), `resources/read` only a URI it
 *   lists or one of its templates expands to; anything else is a JSON-RPC error (invalid params, and the
 *   spec's -32002 "resource not found"), so a host that sends the wrong thing is told so, as a real server would.
 * - Each answer names the server and what it was asked for, so a host that passes it on can be seen to.
 * - A list asked for more than {@link CONTEXT_LIST_ANSWERS} times on one connection is refused from then on: a
 *   host that loops (an empty cursor dropped, the first page asked for again and again) is seen looping in the
 *   record and then stopped, never left spinning until the case times out.
 */
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  ErrorCode, GetPromptRequestSchema, ListPromptsRequestSchema, ListResourcesRequestSchema, ListResourceTemplatesRequestSchema, McpError,
  ReadResourceRequestSchema, type GetPromptResult, type ReadResourceResult, type ServerCapabilities,
} from "@modelcontextprotocol/sdk/types.js";
import { CONTEXT_LIST_METHODS, templateMatches, type ContextList, type ContextLists } from "./context-definition.ts";
import { contextPage } from "./context-pages.ts";
import type { ServerScript } from "./server-script.ts";

/** How often one list is answered on one connection before it is refused. */
export const CONTEXT_LIST_ANSWERS = 50;

/** The spec's error code for a resource a server does not have (Resources: Error Handling). */
export const RESOURCE_NOT_FOUND = -32002;

/** What a prompt's get answers, as the text of its one message: enough to see which server and prompt ran. */
export interface PromptEcho {
  server: string;
  prompt: string;
  arguments?: Record<string, string>;
}

/** What a resource's read answers, as the text of its one content: enough to see which server and URI. */
export interface ResourceEcho {
  server: string;
  uri: string;
}

/** True when the script serves prompts. */
export const servesPrompts = (script: ServerScript) => script.prompts !== undefined;
/** True when the script serves resources (a list of resources, or of templates). */
export const servesResources = (script: ServerScript) => script.resources !== undefined || script.resourceTemplates !== undefined;

/** The capabilities a script declares for what it serves beside tools (list_changed as its tools say). */
export function contextCapabilities(script: ServerScript): ServerCapabilities {
  const listChanged = script.listChanged ?? false;
  return {
    ...(servesPrompts(script) ? { prompts: { listChanged } } : {}),
    ...(servesResources(script) ? { resources: { listChanged } } : {}),
  };
}

/** Registers the handlers of what `script` serves beside tools on `server`; `lists` is asked afresh on every request. */
export function serveContext(server: Server, script: ServerScript, lists: () => ContextLists): void {
  const asked: Record<ContextList, number> = { prompts: 0, resources: 0, templates: 0 };
  const page = <T>(list: ContextList, items: readonly T[], cursor: string | undefined) => {
    if (script.contextErrors?.includes(list)) throw new McpError(ErrorCode.InternalError, `scripted failure: ${CONTEXT_LIST_METHODS[list]} refused`);
    if (++asked[list] > CONTEXT_LIST_ANSWERS) {
      throw new McpError(ErrorCode.InternalError, `${CONTEXT_LIST_METHODS[list]} was asked for ${asked[list]} times on this connection: no more pages`);
    }
    return contextPage(script.key, list, items, script.contextPaging?.[list], cursor);
  };
  if (servesPrompts(script)) {
    server.setRequestHandler(ListPromptsRequestSchema, (request) => {
      const { items, nextCursor } = page("prompts", lists().prompts, request.params?.cursor);
      return { prompts: items, ...(nextCursor !== undefined ? { nextCursor } : {}) };
    });
    server.setRequestHandler(GetPromptRequestSchema, (request): GetPromptResult => {
      const { name, arguments: args } = request.params;
      const prompt = lists().prompts.find((candidate) => candidate.name === name);
      if (!prompt) throw new McpError(ErrorCode.InvalidParams, `unknown prompt ${JSON.stringify(name)} on server ${JSON.stringify(script.key)}`);
      const echo: PromptEcho = { server: script.key, prompt: name, ...(args !== undefined ? { arguments: args } : {}) };
      return { ...(prompt.description !== undefined ? { description: prompt.description } : {}), messages: [{ role: "user", content: { type: "text", text: JSON.stringify(echo) } }] };
    });
  }
  if (servesResources(script)) {
    server.setRequestHandler(ListResourcesRequestSchema, (request) => {
      const { items, nextCursor } = page("resources", lists().resources, request.params?.cursor);
      return { resources: items, ...(nextCursor !== undefined ? { nextCursor } : {}) };
    });
    server.setRequestHandler(ListResourceTemplatesRequestSchema, (request) => {
      const { items, nextCursor } = page("templates", lists().templates, request.params?.cursor);
      return { resourceTemplates: items, ...(nextCursor !== undefined ? { nextCursor } : {}) };
    });
    server.setRequestHandler(ReadResourceRequestSchema, (request): ReadResourceResult => {
      const { uri } = request.params;
      const { resources, templates } = lists();
      if (!resources.some((resource) => resource.uri === uri) && !templates.some((template) => templateMatches(template.uriTemplate, uri))) {
        throw new McpError(RESOURCE_NOT_FOUND, `resource ${JSON.stringify(uri)} not found on server ${JSON.stringify(script.key)}`, { uri });
      }
      const echo: ResourceEcho = { server: script.key, uri };
      return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(echo) }] };
    });
  }
}
