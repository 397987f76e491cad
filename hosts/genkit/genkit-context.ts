/**
 * Genkit's MCP prompts and resources, as the host's own API hands them to an application (issue 37):
 * `GenkitMcpHost.getActivePrompts(ai)` and `getActiveResources(ai)` (@genkit-ai/mcp lib/client/host.js), each one
 * merged list over every enabled server in the host's client order, with no server on an entry.
 *
 * - prompts: each `ExecutablePrompt` is shown by its `ref.name`, which `createExecutablePrompt` (lib/util/prompts.js)
 *   sets to the server's own prompt name, unprefixed (Genkit's own host test reads the list so:
 *   `activePrompts.map((p) => p.ref.name)`); a get is that entry's `render(arguments)`, which asks the entry's own
 *   server. Genkit has no lookup by name alone across servers (`getPrompt` needs a server name), so a name shown
 *   twice is refused as ambiguous rather than resolved by a choice Genkit never makes.
 * - resources: each `DynamicResourceAction` is shown by its URI (`metadata.resource.uri`) or, for a template, its
 *   `metadata.resource.template`, with the action's name (`${server}/${name}`) and description; a read is what the
 *   plugin's README wires: `ai.generate({ resources, prompt: [{ resource: { uri } }] })`, where Genkit picks the
 *   first listed resource that matches the URI (`findMatchingResource`, @genkit-ai/ai lib/resource.js) and the
 *   scripted model receives the contents in place of the part.
 * Imports: the host's packages and ../../harness/index.ts only.
 */
import type { DynamicResourceAction, ExecutablePrompt, Genkit, Part } from "genkit";
import type { HostError, PromptGetResult, ResourceReadResult, ShownPrompt, ShownResource, ShownTemplate } from "../../harness/index.ts";
import type { GenkitMcpHost } from "@genkit-ai/mcp";

/** What the host's two context lists gave at the last open or refresh. */
export interface GenkitContext {
  prompts: ExecutablePrompt[];
  resources: DynamicResourceAction[];
}

/** An empty context: a session whose host could not be asked. */
export const noContext = (): GenkitContext => ({ prompts: [], resources: [] });

/** An error's message, or the thrown value as text. */
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Both lists, each as the host gives it. `getActivePrompts` lets one server's failure reject the whole call (no
 * catch, lib/client/host.js): that rejection is the caller's error, naming no server, and no prompt is shown.
 * `getActiveResources` catches a server's failure itself and only logs it, so it never rejects here.
 */
export async function listContext(host: GenkitMcpHost, ai: Genkit): Promise<{ context: GenkitContext; errors: HostError[] }> {
  const errors: HostError[] = [];
  const context = noContext();
  try {
    context.prompts = await host.getActivePrompts(ai);
  } catch (error) {
    errors.push({ message: messageOf(error) });
  }
  try {
    context.resources = await host.getActiveResources(ai);
  } catch (error) {
    errors.push({ message: messageOf(error) });
  }
  return { context, errors };
}

/** A string field of a record, where it is one. */
const text = (value: unknown) => (typeof value === "string" ? { value } : undefined);

/** The prompts as shown: `ref.name`, with the description and arguments the entry carries. */
export function shownPrompts(context: GenkitContext): ShownPrompt[] {
  return context.prompts.map((prompt) => {
    const metadata = prompt.ref.metadata ?? {};
    const description = text(metadata.description);
    return {
      name: prompt.ref.name,
      ...(description ? { description: description.value } : {}),
      ...(Array.isArray(metadata.arguments) ? { arguments: metadata.arguments as ShownPrompt["arguments"] } : {}),
    };
  });
}

/** The user picks the prompt shown as `name` and renders it with `args`: the messages Genkit made of the server's answer. */
export async function getPrompt(context: GenkitContext, name: string, args: Record<string, string>): Promise<PromptGetResult> {
  const matches = context.prompts.filter((prompt) => prompt.ref.name === name);
  if (matches.length !== 1) {
    return { ok: false, error: { message: `${matches.length} prompts are shown as ${JSON.stringify(name)}; Genkit looks a prompt up by server and name only` } };
  }
  const [prompt] = matches;
  try {
    const rendered = await prompt!.render(args as never);
    const description = text(prompt!.ref.metadata?.description);
    return { ok: true, messages: rendered.messages ?? [], ...(description ? { description: description.value } : {}) };
  } catch (error) {
    return { ok: false, error: { message: messageOf(error) } };
  }
}

/** Where a resource action says it is found: a URI, or a URI template. */
function addressOf(action: DynamicResourceAction): { uri?: string; template?: string } {
  const resource = (action.__action.metadata?.resource ?? {}) as { uri?: unknown; template?: unknown };
  return { ...(typeof resource.uri === "string" ? { uri: resource.uri } : {}), ...(typeof resource.template === "string" ? { template: resource.template } : {}) };
}

/** The display fields of a resource action: its name (`${server}/${name}`) and description. */
function fieldsOf(action: DynamicResourceAction): { name: string; description?: string } {
  const { name, description } = action.__action;
  return { name, ...(typeof description === "string" ? { description } : {}) };
}

/** The resources (entries with a URI) and templates (entries with a URI template) of the one merged list, in its order. */
export function shownResources(context: GenkitContext): { resources: ShownResource[]; templates: ShownTemplate[] } {
  const resources: ShownResource[] = [];
  const templates: ShownTemplate[] = [];
  for (const action of context.resources) {
    const { uri, template } = addressOf(action);
    if (uri !== undefined) resources.push({ uri, ...fieldsOf(action) });
    else if (template !== undefined) templates.push({ uriTemplate: template, ...fieldsOf(action) });
  }
  return { resources, templates };
}

/** A Genkit part the read put in the message, as MCP resource contents. */
function contentOf(part: Part, uri: string): Record<string, unknown> {
  const at = ((part.metadata as { resource?: { uri?: unknown } } | undefined)?.resource?.uri as string | undefined) ?? uri;
  if (typeof part.text === "string") return { uri: at, text: part.text };
  if (part.media) {
    const [head, blob] = part.media.url.split(",", 2);
    return { uri: at, ...(part.media.contentType ? { mimeType: part.media.contentType } : {}), ...(head?.endsWith(";base64") ? { blob } : { text: part.media.url }) };
  }
  return { uri: at, text: JSON.stringify(part) };
}

/**
 * A read of `uri`: one `generate()` whose prompt is a resource part, over the listed resources; `received` gives
 * the message content the model was handed. A URI no listed resource matches is Genkit's NOT_FOUND error.
 */
export async function readResource(
  context: GenkitContext, uri: string, generate: (resources: DynamicResourceAction[], prompt: Part[]) => Promise<Part[]>,
): Promise<ResourceReadResult> {
  try {
    const received = await generate(context.resources, [{ resource: { uri } }]);
    return { ok: true, contents: received.map((part) => contentOf(part, uri)) };
  } catch (error) {
    return { ok: false, error: { message: messageOf(error) } };
  }
}
