/**
 * Getting a shown prompt and reading a shown resource, as a host's user or model would. Policy (the context
 * policy's answers; the reference's first):
 * - A get goes to the server of the prompt shown under that name, with the server's own prompt name (or, a
 *   policy's bug, its title) and the arguments as given; a name not shown reaches no server.
 * - A read goes to the server of the entry read (its namespace and URI), with the URI as that server listed
 *   it, or a URI one of that server's templates expands to; or, by policy, to the first server that lists the
 *   URI, or to each server in turn until one answers. Nothing else reaches a server.
 * What a server answers with an error is a refusal naming it, never an exception.
 */
import { templateMatches, type PromptGetResult, type ResourceReadResult } from "../harness/index.ts";
import type { ContextPolicy } from "./context-policy.ts";
import type { PromptRoute, ResourceRoute } from "./register-context.ts";
import type { ServerSlot } from "./server-slot.ts";

const quote = (text: string) => JSON.stringify(text);
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What a get or read needs of the session: its routes and its servers' connections. */
export interface ContextCallSite {
  policy: ContextPolicy;
  prompts: readonly PromptRoute[];
  resources: readonly ResourceRoute[];
  slots: readonly ServerSlot[];
}

/** Gets the prompt shown as `name` from its server. */
export async function getPrompt(site: ContextCallSite, name: string, args: Record<string, string>, namespace?: string): Promise<PromptGetResult> {
  const route = site.prompts.find((candidate) => candidate.shown.name === name && candidate.shown.namespace === namespace);
  const slot = route && site.slots.find((candidate) => candidate.key === route.server);
  if (!route || !slot) return { ok: false, error: { message: `no prompt named ${quote(name)} is shown; no server was asked` } };
  const wire = site.policy.promptWire === "title" && route.prompt.title !== undefined ? route.prompt.title : route.prompt.name;
  try {
    const got = await (await slot.liveClient()).getPrompt({ name: wire, arguments: args });
    return { ok: true, messages: got.messages, ...(got.description !== undefined ? { description: got.description } : {}) };
  } catch (error) {
    return { ok: false, error: { message: `server ${quote(route.server)} could not give the prompt ${quote(wire)}: ${reason(error)}` } };
  }
}

/** Reads `uri` from `slot`'s server, as a result naming it (one that cannot be reached is a refusal too). */
async function readFrom(slot: ServerSlot, uri: string): Promise<ResourceReadResult> {
  try {
    return { ok: true, contents: (await (await slot.liveClient()).readResource({ uri })).contents };
  } catch (error) {
    return { ok: false, error: { message: `server ${quote(slot.key)} could not read ${quote(uri)}: ${reason(error)}` } };
  }
}

/** Reads the resource shown as `uri` (in `namespace`) as the policy routes it. */
export async function readResource(site: ContextCallSite, uri: string, namespace?: string): Promise<ResourceReadResult> {
  const refused: ResourceReadResult = { ok: false, error: { message: `no resource ${quote(uri)} is shown${namespace === undefined ? "" : ` for ${quote(namespace)}`}; no server was asked` } };
  const slotOf = (key: string) => site.slots.find((candidate) => candidate.key === key);
  switch (site.policy.resourceRead) {
    case "each-server": {
      // A loop over every client, the first answer taken: whoever else lists the URI is never asked apart.
      let last: ResourceReadResult = refused;
      for (const slot of site.slots) {
        last = await readFrom(slot, uri);
        if (last.ok) return last;
      }
      return last;
    }
    case "first-listing": {
      const route = site.resources.find((candidate) => candidate.shown.uri === uri);
      const slot = route && slotOf(route.server);
      return route && slot ? readFrom(slot, route.uri) : refused;
    }
    case "entry": {
      const route = site.resources.find((candidate) => candidate.shown.uri === uri && candidate.shown.namespace === namespace);
      if (route) {
        const slot = slotOf(route.server);
        return slot ? readFrom(slot, route.uri) : refused;
      }
      // A URI one of the named server's templates expands to is that server's to answer.
      const slot = namespace === undefined ? undefined : slotOf(namespace);
      const expands = slot?.context.templates?.some((template) => templateMatches(template.uriTemplate, uri)) === true;
      return slot && expands ? readFrom(slot, uri) : refused;
    }
  }
}
