/**
 * The answer key of the prompt and resource one-bug hosts (reference/context-one-bug-hosts.ts), spread into
 * suites/expected-failures.ts: exactly the clauses each must fail. Their tools merge as the reference's do, so
 * no tool clause is in any of them, and no tool one-bug host fails a prompt or resource clause.
 */
export const contextExpectedFailures: Record<string, string[]> = {
  // The title sent by prompts/get: the server knows no such prompt; nothing else reads a get.
  "prompt-title-as-name": ["prompts/get-routes"],
  // My Prompt and My-Prompt of one server shown under one name (both entries kept, a get reaching the first).
  "prompt-spaces-folded": ["prompts/injective"],
  // The later-registered of two same-named prompts renamed {key}_{name}: the name depends on the other servers
  // (context-free) and, registered as the servers answer, on who is configured or answers first (order-independent).
  "prompt-renamed-on-collision": ["prompts/context-free", "prompts/order-independent"],
  // The first of two same-named prompts kept: the other lost with no word (no-silent-loss), and which one survives
  // follows the configuration order (order-independent).
  "prompts-deduped-by-name": ["prompts/no-silent-loss", "prompts/order-independent"],
  // Both copies of a shared URI shown under one name, every read going to the first server.
  "resource-uri-first-wins": ["resources/shared-uri"],
  // The second copy of a shared URI dropped with no word (no-silent-loss), and never reachable (shared-uri).
  "resource-uri-deduped": ["resources/no-silent-loss", "resources/shared-uri"],
  // Every server asked in turn: servers that never listed the URI are asked (read-routes), and a shared URI is read
  // from whichever lists it first (shared-uri).
  "resource-read-tries-each-server": ["resources/read-routes", "resources/shared-uri"],
  // Templates listed as resources: a template shown as a readable resource, a static URI listed both ways shown twice.
  "templates-merged": ["resources/template-not-doubled"],
  // The first page only, once the lists are read again (refresh or list_changed), prompts and resources alike.
  "context-refresh-first-page": ["prompts/tracks-list", "resources/tracks-list"],
  // A failing prompts/list, resources/list or resources/templates/list taken for an empty one.
  "context-list-errors-swallowed": ["prompts/failing-server-named", "resources/failing-server-named"],
  // An empty-string cursor taken for the end: the later pages lost, prompts and resources alike.
  "empty-cursor-ends-list": ["prompts/no-silent-loss", "resources/no-silent-loss"],
};
