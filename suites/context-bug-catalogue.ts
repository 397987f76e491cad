/**
 * The bug catalogue's entries for prompts and resources (issue 37), spread into suites/bug-catalogue.ts: each
 * public report, the one-bug host modelled on it (reference/context-one-bug-hosts.ts), the clause that catches it
 * and its smallest case, kept by value. The constructed worlds are harness/world/context-worlds.ts's.
 */
import { contextHazardWorlds, contextWorldOf } from "../harness/index.ts";
import type { CatalogueEntry } from "./bug-catalogue.ts";

const world = (name: keyof typeof contextHazardWorlds) => structuredClone(contextHazardWorlds[name].world);

export const contextBugCatalogue: CatalogueEntry[] = [
  {
    id: "prompt-title-sent-as-name",
    reports: ["anthropics/claude-code#7464 (a prompt with a title: \"Unknown slash command: spec-workflow:Create\")", "anthropics/claude-code#10992 (prompt slash commands use Title instead of Name)"],
    policy: "prompts/get carries the prompt's title, meant for display, where its name belongs: the server knows no such prompt",
    host: "prompt-title-as-name",
    clause: "prompts/get-routes",
    value: contextWorldOf({ key: "alpha", prompts: [["review", "Review Code"]] }),
  },
  {
    id: "prompt-spaces-folded",
    reports: ["google-gemini/gemini-cli PR#12910 (McpPromptLoader: each run of white space in a prompt's name replaced by -)"],
    policy: "prompt names folded into slash commands: My Prompt and My-Prompt become one command",
    host: "prompt-spaces-folded",
    clause: "prompts/injective",
    value: world("prompt-fold"),
  },
  {
    id: "prompt-renamed-on-collision",
    reports: ["google-gemini/gemini-cli packages/core/src/prompts/prompt-registry.ts (registerPrompt: a name already registered becomes `${serverName}_${name}`)", "google-gemini/gemini-cli PR#5130"],
    policy: "a prompt renamed {server}_{name} only because another server registered its name first: its command depends on the other servers",
    host: "prompt-renamed-on-collision",
    clause: "prompts/context-free",
    value: { world: world("prompt-clash"), keep: [false, true, false] },
  },
  {
    id: "prompts-deduped-by-name",
    reports: ["hughescr/mcp-proxy-processor src/middleware/resource-prompt-utils.ts (deduplicatePrompts: uniqBy(prompts, 'name'))", "docker/mcp-gateway#581 (two servers with one prompt name cannot be used together)"],
    policy: "prompts merged by bare name, the first kept: the other server's prompt of that name is gone with no word",
    host: "prompts-deduped-by-name",
    clause: "prompts/no-silent-loss",
    value: world("prompt-clash"),
  },
  {
    id: "shared-uri-first-wins",
    reports: ["google-gemini/gemini-cli#28128 (read_mcp_resource: the fallback returns the first server that exposes the URI)"],
    policy: "resources read by URI alone: a URI two servers list always reads from the first, so a second server can shadow a trusted one",
    host: "resource-uri-first-wins",
    clause: "resources/shared-uri",
    value: world("shared-uri"),
  },
  {
    id: "shared-uri-deduped",
    reports: ["IBM/mcp-context-forge#4418 (a URI two gateways expose: listed twice, every read refused as ambiguous)", "IBM/mcp-context-forge PR#4517 (the proposed fix: list_resources deduplicated by URI, the first kept)"],
    policy: "resources deduplicated by URI: the second server's copy is dropped with no word",
    host: "resource-uri-deduped",
    clause: "resources/no-silent-loss",
    value: world("shared-uri"),
  },
  {
    id: "resource-read-every-server",
    reports: ["cameronking4/mcp-client-chatbot src/app/api/mcp/fetch-resource/route.ts (\"Try each client until we find one that works\")"],
    policy: "a read sent to each server in turn until one answers: servers that never listed the URI are asked for it",
    host: "resource-read-tries-each-server",
    clause: "resources/read-routes",
    value: world("two-resource-servers"),
  },
  {
    id: "templates-listed-as-resources",
    reports: ["cyanheads/mcp-ts-core#30 (clients that merge resources/list and resources/templates/list, Claude Code's ListMcpResourcesTool among them, show a static resource twice)"],
    policy: "templates merged into the resources, the template taken for the URI: a URI listed both ways is shown twice",
    host: "templates-merged",
    clause: "resources/template-not-doubled",
    value: world("template-twin"),
  },
  {
    id: "list-changed-first-page",
    reports: ["modelcontextprotocol/typescript-sdk PR#2249 review (the listChanged fetchers of prompts and resources call listPrompts()/listResources() once)"],
    policy: "every page read at open, the first page only when the list is read again: after a change, a paged list shows its first page",
    host: "context-refresh-first-page",
    clause: "prompts/tracks-list",
    value: {
      world: contextWorldOf({ key: "alpha", prompts: ["review", "summarise"], paging: { prompts: { pageSize: 1 } }, listChanged: true }),
      target: 0,
      items: ["review", "explain"],
      via: "refresh",
    },
  },
  {
    id: "prompt-list-error-swallowed",
    reports: ["google-gemini/gemini-cli packages/core/src/tools/mcp-client.ts (discoverPrompts: \"It's okay if this fails, not all servers will have prompts\", return [])"],
    policy: "a failing prompts/list taken for a server without prompts: nothing names it",
    host: "context-list-errors-swallowed",
    clause: "prompts/failing-server-named",
    value: world("prompts-list-error"),
  },
  {
    id: "empty-cursor-taken-for-end",
    reports: ["PrefectHQ/fastmcp#5025 (list_prompts and list_resources stop at `if not result.next_cursor`; fixed by PR#5026)", "MCPJam/inspector PR#4462"],
    policy: "an empty-string nextCursor taken for the end of the list: the pages after it are lost with no error",
    host: "empty-cursor-ends-list",
    clause: "prompts/no-silent-loss",
    value: contextWorldOf({ key: "alpha", prompts: ["review", "summarise"], paging: { prompts: { pageSize: 1, emptyCursor: true } } }),
  },
];
