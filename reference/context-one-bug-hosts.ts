/**
 * The one-bug hosts of prompts and resources (issue 37): the reference with one point of its context policy
 * (context-policy.ts) filled the way a real host fills it. Their tools merge as the reference's do, so each
 * fails only prompt and resource clauses; suites/expected-failures.ts says which.
 */
import type { ContextPolicy } from "./context-policy.ts";
import type { OneBugHost } from "./one-bug-hosts.ts";
import { qualifiedName, referenceContextPolicy } from "./reference-policy.ts";

/** The reference's context policy with `change` swapped in. */
const context = (change: Partial<ContextPolicy>) => ({ context: { ...referenceContextPolicy, ...change } });

/** Prompts shown by their own names, as Gemini CLI's slash commands and a proxy's merged list show them. */
const barePrompts: Partial<ContextPolicy> = { promptName: (_key, prompt) => prompt.name, refusePromptKey: () => undefined };

/** Every context one-bug host by id; the ids are stable because suites and baselines name them. */
export const contextOneBugHosts: Record<string, OneBugHost> = {
  /** anthropics/claude-code#7464 and #10992: the prompt's title sent where its name belongs. */
  "prompt-title-as-name": {
    summary: "shows prompts as the reference does, but prompts/get sends a prompt's title instead of its name where it has one, so the server knows no such prompt",
    source: "anthropics/claude-code#7464 (\"it seems that Claude code is sending the title rather than the name\"); anthropics/claude-code#10992 (prompt slash commands use Title instead of Name)",
    swap: context({ promptWire: "title" }),
  },
  /** google-gemini/gemini-cli PR#12910: `${prompt.name}`.replace(/\s+/g, '-') as the command name. */
  "prompt-spaces-folded": {
    summary: "shows a prompt as mcp__{key}__{name} with each run of white space replaced by -, so My Prompt and My-Prompt of one server are shown under one name (a get reaches the first)",
    source: "google-gemini/gemini-cli PR#12910 (McpPromptLoader: commandName = prompt.name.replace(/\\s+/g, '-'), \"Prompt Name\" -> \"Prompt-Name\")",
    swap: context({ promptName: (key, prompt) => qualifiedName(key, prompt.name.replace(/\s+/g, "-")), promptCollision: "show-both" }),
  },
  /** google-gemini/gemini-cli packages/core/src/prompts/prompt-registry.ts: the later duplicate renamed. */
  "prompt-renamed-on-collision": {
    summary: "shows prompts by their own names, registered as the servers answer; a name an earlier-registered server already holds is renamed {key}_{name}, so a prompt's name depends on which other servers are configured and who answered first",
    source: "google-gemini/gemini-cli packages/core/src/prompts/prompt-registry.ts (PromptRegistry.registerPrompt: a name already registered becomes `${prompt.serverName}_${prompt.name}`, with a debug warning); its servers discovered in parallel",
    swap: context({ ...barePrompts, promptCollision: "rename-later", promptOrder: "arrival" }),
  },
  /** hughescr/mcp-proxy-processor: uniqBy(prompts, 'name'), the first occurrence kept. */
  "prompts-deduped-by-name": {
    summary: "shows prompts by their own names and keeps the first of a name in configuration order: a later server's prompt of that name is dropped with no word",
    source: "hughescr/mcp-proxy-processor src/middleware/resource-prompt-utils.ts @ 657eacd (deduplicatePrompts: uniqBy(prompts, 'name'), \"keeps first occurrence\")",
    swap: context({ ...barePrompts, promptCollision: "first-wins" }),
  },
  /** google-gemini/gemini-cli#28128: findResourceByUri falls back to the first server exposing the URI. */
  "resource-uri-first-wins": {
    summary: "shows every server's resources by URI alone; a read of a URI goes to the first server that lists it, whichever entry was read",
    source: "google-gemini/gemini-cli#28128 (read_mcp_resource: the qualified lookup misses and the fallback returns the first server that exposes the URI: \"whichever one registered first wins\")",
    swap: context({ resourceNamespace: "none", resourceRead: "first-listing" }),
  },
  /** IBM/mcp-context-forge PR#4517, the proposed fix of #4418: resources deduplicated by URI, the first kept. */
  "resource-uri-deduped": {
    summary: "shows resources by URI alone and keeps a URI two servers list only for the first: the second server's resource is dropped with no word, and every read goes to the first",
    source: "IBM/mcp-context-forge PR#4517 (list_resources deduplicated by URI, the first occurrence kept; read_resource picks the first match), proposed for IBM/mcp-context-forge#4418",
    swap: context({ resourceNamespace: "none", sharedUri: "first-only", resourceRead: "first-listing" }),
  },
  /** cameronking4/mcp-client-chatbot's fetch-resource route: every client tried until one returns the resource. */
  "resource-read-tries-each-server": {
    summary: "shows resources as the reference does, but reads a URI by asking each configured server in turn until one answers, so servers that never listed it are asked, and a URI two servers list is read from the first",
    source: "cameronking4/mcp-client-chatbot src/app/api/mcp/fetch-resource/route.ts @ 16cdf17 (\"Try each client until we find one that works\": readResource({ uri }) on every client in turn)",
    swap: context({ resourceRead: "each-server" }),
  },
  /** Claude Code's ListMcpResourcesTool, as cyanheads/mcp-ts-core#30 reports it: templates merged into the resources. */
  "templates-merged": {
    summary: "lists resource templates among the resources, each template taken for a URI: a template shows as a resource no read can fetch, and a URI a server lists as a resource and as a template is shown twice",
    source: "cyanheads/mcp-ts-core#30 (clients that merge resources/list and resources/templates/list, such as Claude Code's ListMcpResourcesTool, which normalises uriTemplate to uri, show a static resource twice)",
    swap: context({ templates: "as-resources" }),
  },
  /** modelcontextprotocol/typescript-sdk PR#2249 review: the listChanged refetch of prompts and resources reads one page. */
  "context-refresh-first-page": {
    summary: "reads every page of prompts and resources at open, but when it lists them again (a refresh, list_changed) reads the first page only",
    source: "modelcontextprotocol/typescript-sdk PR#2249 review (the tools listChanged fetcher walks every page; the prompts and resources fetchers call listPrompts()/listResources() once and pass on the first page)",
    swap: context({ refreshPages: "first" }),
  },
  /** google-gemini/gemini-cli packages/core/src/tools/mcp-client.ts discoverPrompts: a failed list is a debug line and []. */
  "context-list-errors-swallowed": {
    summary: "takes a server whose prompts/list, resources/list or resources/templates/list fails for a server without prompts or resources: no error names it",
    source: "google-gemini/gemini-cli packages/core/src/tools/mcp-client.ts (discoverPrompts: \"It's okay if this fails, not all servers will have prompts\", a debug log line, return [])",
    swap: context({ listErrors: "swallow" }),
  },
  /** PrefectHQ/fastmcp#5025 (fixed by PR#5026): `if not result.next_cursor` ends the walk at an empty cursor. */
  "empty-cursor-ends-list": {
    summary: "takes an empty-string nextCursor for the end of a prompt, resource or template list: the pages after it are lost with no error",
    source: "PrefectHQ/fastmcp#5025 (list_prompts, list_resources and list_resource_templates stopped at `if not result.next_cursor`; fixed by PrefectHQ/fastmcp PR#5026); MCPJam/inspector PR#4462",
    swap: context({ pages: "until-empty" }),
  },
};
