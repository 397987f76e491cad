/**
 * One session's prompts and resources, as observeSession is one session's tools: start the world's servers,
 * open, read what the host shows (prompts, resources, templates, as its capabilities declare), get every shown
 * prompt once and read every shown resource once through the host, close, tear down. Each get and read is
 * paired with what the servers received while it ran, so every verdict rests on the servers' records, never on
 * the host's account of where an entry goes.
 */
import type { FakeServerHost, FakeWorld, MessageRecord } from "../../fake-servers/index.ts";
import type { HostAdapter } from "../adapter/host-adapter.ts";
import type { PromptGetResult, ResourceReadResult, ShownPrompt, ShownResource, ShownTemplate } from "../protocol/context-result.ts";
import type { Capabilities } from "../protocol/initialize-result.ts";
import type { OpenResult } from "../protocol/open-result.ts";
import { visibleKey } from "../protocol/visible-name.ts";
import { identityOf, type ToolIdentity } from "../world/tool-identity.ts";
import type { World } from "../world/world.ts";
import type { ServerTransportKind } from "./observe-session.ts";

/** A shown prompt with the (server, prompt name) its description's marker names, when the host kept it. */
export type ObservedPrompt = ShownPrompt & { identity?: ToolIdentity };
/** A shown resource with the (server, URI) its description's marker names. */
export type ObservedResource = ShownResource & { identity?: ToolIdentity };
/** A shown template with the (server, URI template) its description's marker names. */
export type ObservedTemplate = ShownTemplate & { identity?: ToolIdentity };

/** One get or read the harness made through the host, and what the servers received while it ran. */
export interface ObservedFetch {
  /** The shown name (a prompt) or URI (a resource) it asked for, with its namespace. */
  name: string;
  namespace?: string;
  arguments?: Record<string, string>;
  result: PromptGetResult | ResourceReadResult;
  /** Every `prompts/get` (or `resources/read`) any server of the world received meanwhile. */
  deliveries: MessageRecord[];
}

/** What one session showed and did with prompts and resources. */
export interface ContextObservation {
  open: OpenResult;
  prompts: ObservedPrompt[];
  resources: ObservedResource[];
  templates: ObservedTemplate[];
  /** One get per distinct shown prompt (by visible identity), in list order. */
  gets: ObservedFetch[];
  /** One read per distinct shown resource (by visible identity), in list order. */
  reads: ObservedFetch[];
  records: MessageRecord[];
  /** The servers that answered their first tools/list, in the order they sent the answer (see FakeWorld). */
  answerOrder: string[];
  /** Whether the host asked the servers for their tool lists one at a time (see FakeWorld). */
  listedOneAtATime?: boolean;
  /** The servers the host asked for their first list only after a wait for them ran out (see FakeWorld). */
  askedAfterWait?: string[];
}

/** What a context session needs of the run. */
export interface ContextEnvironment {
  readonly adapter: HostAdapter;
  readonly servers: FakeServerHost;
  readonly transport: ServerTransportKind;
  readonly capabilities: Capabilities;
}

/** The arguments every get carries: what a host must pass on unchanged. */
export const PROMPT_ARGUMENTS: Readonly<Record<string, string>> = { topic: "refund policy" };

/** The adapter's prompts or resources method, or an error saying the host declared a capability it does not implement. */
export function contextMethod<K extends "prompts" | "getPrompt" | "resources" | "readResource">(adapter: HostAdapter, name: K): NonNullable<HostAdapter[K]> {
  const fn = adapter[name];
  if (typeof fn !== "function") throw new Error(`the host adapter has no ${name} method, though it declares the capability`);
  return fn.bind(adapter) as NonNullable<HostAdapter[K]>;
}

/** What `session` shows now: its prompts, resources and templates (each empty where the capability is not declared), with identities. */
export async function shownContext(env: Pick<ContextEnvironment, "adapter" | "capabilities">, session: string): Promise<Pick<ContextObservation, "prompts" | "resources" | "templates">> {
  const { capabilities, adapter } = env;
  const prompts = capabilities.prompts ? (await contextMethod(adapter, "prompts")(session)).prompts : [];
  const listed = capabilities.resources ? await contextMethod(adapter, "resources")(session) : { resources: [], templates: [] };
  return {
    prompts: prompts.map((prompt) => ({ ...prompt, identity: identityOf(prompt.description) })),
    resources: listed.resources.map((resource) => ({ ...resource, identity: identityOf(resource.description) })),
    templates: (capabilities.resourceTemplates ? listed.templates : []).map((template) => ({ ...template, identity: identityOf(template.description) })),
  };
}

/** Gets (or reads) `entry` through the host in `session`, and collects what the servers received meanwhile. */
export async function fetchThrough(
  env: Pick<ContextEnvironment, "adapter">, fake: Pick<FakeWorld, "records">, session: string, kind: "prompt" | "resource", entry: { name: string; namespace?: string },
): Promise<ObservedFetch> {
  const before = fake.records.length;
  const ns = entry.namespace === undefined ? {} : { namespace: entry.namespace };
  let result: PromptGetResult | ResourceReadResult;
  if (kind === "prompt") {
    const get = contextMethod(env.adapter, "getPrompt");
    result = entry.namespace === undefined ? await get(session, entry.name, { ...PROMPT_ARGUMENTS }) : await get(session, entry.name, { ...PROMPT_ARGUMENTS }, entry.namespace);
  } else {
    const read = contextMethod(env.adapter, "readResource");
    result = entry.namespace === undefined ? await read(session, entry.name) : await read(session, entry.name, entry.namespace);
  }
  const method = kind === "prompt" ? "prompts/get" : "resources/read";
  const deliveries = fake.records.slice(before).filter((record) => record.method === method);
  return { name: entry.name, ...ns, ...(kind === "prompt" ? { arguments: { ...PROMPT_ARGUMENTS } } : {}), result, deliveries };
}

/** Opens `world` on the host, reads what it shows, gets and reads every shown entry once (unless `fetch` is false), and tears everything down. */
export async function observeContext(env: ContextEnvironment, world: World, options: { fetch?: boolean } = {}): Promise<ContextObservation> {
  const fake = await env.servers.startWorld(world.servers, env.transport, { quiet: true });
  let session: string | undefined;
  try {
    const open = await env.adapter.open({ servers: fake.endpoints.map(({ key, transport }) => ({ key, transport })) });
    session = open.session;
    const shown = await shownContext(env, session);
    const gets: ObservedFetch[] = [];
    const reads: ObservedFetch[] = [];
    if (options.fetch !== false) {
      for (const prompt of distinct(shown.prompts, (entry) => entry.name)) gets.push(await fetchThrough(env, fake, session, "prompt", prompt));
      for (const resource of distinct(shown.resources, (entry) => entry.uri)) reads.push(await fetchThrough(env, fake, session, "resource", { name: resource.uri, namespace: resource.namespace }));
    }
    return { open, ...shown, gets, reads, records: [...fake.records], answerOrder: [...fake.answerOrder], listedOneAtATime: fake.listedOneAtATime(), askedAfterWait: [...fake.askedAfterWait()] };
  } finally {
    try {
      if (session !== undefined) await env.adapter.close(session);
    } finally {
      await fake.close();
    }
  }
}

/** The entries of `shown`, the first of each visible identity (name, or the (namespace, name) pair) only, in order. */
export function distinct<T extends { namespace?: string }>(shown: readonly T[], nameOf: (entry: T) => string): T[] {
  const seen = new Set<string>();
  return shown.filter((entry) => {
    const key = visibleKey({ name: nameOf(entry), namespace: entry.namespace });
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
