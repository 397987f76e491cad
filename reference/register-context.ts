/**
 * Registration of prompts, resources and templates: from the servers' last lists to what the host shows, a
 * pure function run beside the tools' registration after every open, refresh and list_changed. Policy (the
 * context policy's answers; the reference's in brackets):
 * - A prompt is shown under the policy's name [`mcp__{key}__{name}`, the key refused as for tools]; a name two
 *   prompts would share is settled by the policy [every server holding it refused, naming the others].
 * - A resource is shown with its server's key as its namespace [or by URI alone]; a URI two servers list is
 *   shown for each [or only for the first]; templates are shown apart [a template without variables that
 *   repeats a resource of its server is shown once, as that resource], or merged into the resources.
 * - A server whose list failed is named by an error; the lists it gave before stay.
 */
import type { Prompt, Resource, ResourceTemplate } from "@modelcontextprotocol/sdk/types.js";
import { templateIsFixed, type HostError, type ShownPrompt, type ShownResource, type ShownTemplate } from "../harness/index.ts";
import type { ContextPolicy } from "./context-policy.ts";
import type { ServerContext } from "./server-context.ts";

/** One configured server as context registration sees it. */
export interface ContextSource {
  key: string;
  /** Position in the configuration. */
  index: number;
  /** Position among the servers that answered at open (first answer 0). */
  arrival: number;
  context: ServerContext;
}

/** A shown prompt and what its get does. */
export interface PromptRoute {
  shown: ShownPrompt;
  server: string;
  prompt: Prompt;
}

/** A shown resource (or a template shown as one) and what its read does. */
export interface ResourceRoute {
  shown: ShownResource;
  server: string;
  /** The URI the server listed (for a template shown as a resource, the template). */
  uri: string;
}

/** What context registration came to. */
export interface ContextRegistration {
  prompts: PromptRoute[];
  resources: ResourceRoute[];
  templates: ShownTemplate[];
  errors: Array<HostError & { index: number }>;
}

const quote = (text: string) => JSON.stringify(text);

/** Only the fields a server gave, so an entry shows what came and nothing invented. */
function described<T extends { title?: string; description?: string; mimeType?: string }>(item: T): Pick<T, "title" | "description" | "mimeType"> {
  return {
    ...(item.title !== undefined ? { title: item.title } : {}), ...(item.description !== undefined ? { description: item.description } : {}),
    ...(item.mimeType !== undefined ? { mimeType: item.mimeType } : {}),
  } as Pick<T, "title" | "description" | "mimeType">;
}

/** Registers every server's prompts as `policy` says, in its order; the errors of servers refused. */
function registerPrompts(policy: ContextPolicy, sources: readonly ContextSource[], errors: ContextRegistration["errors"]): PromptRoute[] {
  const ordered = [...sources].sort((a, b) => (policy.promptOrder === "config" ? a.index - b.index : a.arrival - b.arrival));
  const planned: PromptRoute[] = [];
  for (const source of ordered) {
    const prompts = source.context.prompts ?? [];
    if (prompts.length === 0) continue;
    const refused = policy.refusePromptKey(source.key);
    if (refused !== undefined) {
      errors.push({ server: source.key, index: source.index, message: `server ${quote(source.key)}'s prompts were not registered: ${refused}; missing: ${prompts.map((prompt) => quote(prompt.name)).join(", ")}` });
      continue;
    }
    for (const prompt of prompts) {
      const name = policy.promptName(source.key, prompt);
      const shown: ShownPrompt = { name, ...described(prompt), ...(prompt.arguments ? { arguments: prompt.arguments } : {}), server: source.key, wireName: prompt.name };
      planned.push({ shown, server: source.key, prompt });
    }
  }
  const claimants = new Map<string, PromptRoute[]>();
  for (const route of planned) claimants.set(route.shown.name, [...(claimants.get(route.shown.name) ?? []), route]);
  const contested = [...claimants].filter(([, routes]) => routes.length > 1);
  if (contested.length === 0 || policy.promptCollision === "show-both") return planned;
  if (policy.promptCollision === "refuse-all") {
    const failing = new Map<string, string[]>();
    for (const [name, routes] of contested) for (const route of routes) {
      const others = [...new Set(routes.map((other) => other.server).filter((key) => key !== route.server))];
      failing.set(route.server, [...(failing.get(route.server) ?? []), `the prompt name ${quote(name)} would also be shown for ${others.length > 0 ? `server ${others.map(quote).join(", ")}` : "another of its own prompts"}`]);
    }
    for (const [key, problems] of failing) {
      const source = sources.find((candidate) => candidate.key === key)!;
      errors.push({ server: key, index: source.index, message: `server ${quote(key)}'s prompts were not registered: ${problems.join("; ")}; missing: ${(source.context.prompts ?? []).map((prompt) => quote(prompt.name)).join(", ")}` });
    }
    return planned.filter((route) => !failing.has(route.server));
  }
  const kept: PromptRoute[] = [];
  const taken = new Set<string>();
  for (const route of planned) {
    if (!taken.has(route.shown.name)) {
      taken.add(route.shown.name);
      kept.push(route);
    } else if (policy.promptCollision === "rename-later") {
      // Gemini CLI's PromptRegistry: `${serverName}_${name}`, with a warning only its debug log shows.
      const renamed = `${route.server}_${route.shown.name}`;
      taken.add(renamed);
      kept.push({ ...route, shown: { ...route.shown, name: renamed } });
    }
  }
  return kept;
}

/** Registers every server's resources and templates as `policy` says, in configuration order. */
function registerResources(policy: ContextPolicy, sources: readonly ContextSource[]): Pick<ContextRegistration, "resources" | "templates"> {
  const resources: ResourceRoute[] = [];
  const templates: ShownTemplate[] = [];
  for (const source of [...sources].sort((a, b) => a.index - b.index)) {
    const namespace = policy.resourceNamespace === "key" ? { namespace: source.key } : {};
    const listed = source.context.resources ?? [];
    const add = (item: Resource | ResourceTemplate, uri: string) => {
      if (policy.sharedUri === "first-only" && resources.some((route) => route.uri === uri)) return;
      resources.push({ shown: { uri, ...namespace, name: item.name, ...described(item), server: source.key }, server: source.key, uri });
    };
    for (const resource of listed) add(resource, resource.uri);
    for (const template of source.context.templates ?? []) {
      // Claude Code's ListMcpResourcesTool: a template listed among the resources, its template taken for the URI.
      if (policy.templates === "as-resources") add(template, template.uriTemplate);
      else if (!(templateIsFixed(template.uriTemplate) && listed.some((resource) => resource.uri === template.uriTemplate))) {
        templates.push({ uriTemplate: template.uriTemplate, ...namespace, name: template.name, ...described(template), server: source.key });
      }
    }
  }
  return { resources, templates };
}

/** Registers every server's prompts, resources and templates; a list that failed is an error naming its server. */
export function registerContext(policy: ContextPolicy, sources: readonly ContextSource[]): ContextRegistration {
  const errors: ContextRegistration["errors"] = sources.flatMap((source) =>
    Object.values(source.context.failures).map((message) => ({ server: source.key, index: source.index, message: message! })));
  const prompts = registerPrompts(policy, sources, errors);
  return { prompts, ...registerResources(policy, sources), errors };
}
