import { z } from "zod";
import { DeferredToolsSchema } from "./deferred-tools.ts";

/** The shapes `session/registerLocal` may accept: a tool object, a name reference, a bare function, a one-entry mapping. */
export const LocalShapeSchema = z.enum(["object", "name", "callable", "dict"]);
/** A way a host's registration API accepts a tool. */
export type LocalShape = z.infer<typeof LocalShapeSchema>;

/**
 * What an adapter declares it can do. An absent capability is false (or empty), and a clause that needs
 * it is NOT_APPLICABLE. `profile` is an extension of HAP/1: the naming profile the host claims to follow,
 * checked by `names/profile` when the user names none.
 */
export const CapabilitiesSchema = z.object({
  refresh: z.boolean().default(false),
  listChanged: z.boolean().default(false),
  localTools: z.boolean().default(false),
  registerLocal: z.array(LocalShapeSchema).default([]),
  requestSchemas: z.boolean().default(false),
  pins: z.boolean().default(false),
  allowDeny: z.boolean().default(false),
  profile: z.string().optional(),
  /** The host loads only https servers: the run serves https and sends its CA in `session/open` (`tls`). */
  https: z.boolean().optional(),
  /**
   * An extension of HAP/1: the names of the tools the host always offers its model beside the servers'
   * tools, which no configuration adds or takes away (an agent CLI's built-ins, such as Claude Code's `Bash`).
   * They are the host's local tools for `guard/local-occupant`: a server's tool named like one of them must
   * not take its name.
   */
  builtinTools: z.array(z.string().min(1)).default([]),
  /**
   * An extension of HAP/1 (deferred-tools.ts): the host offers its model a search tool in place of some MCP
   * tools; `surface/deferred-reachable` searches through it. Absent: the host offers every tool as it is.
   */
  deferredTools: DeferredToolsSchema.optional(),
  /** `session/prompts` and `session/getPrompt`: the host shows its servers' prompts and gets one as its user would. */
  prompts: z.boolean().default(false),
  /** `session/resources` and `session/readResource`: the host shows its servers' resources and reads one as its model or user would. */
  resources: z.boolean().default(false),
  /** `session/resources` lists the servers' resource templates too (`templates`). */
  resourceTemplates: z.boolean().default(false),
  /** The host re-lists a server's prompts by itself on `notifications/prompts/list_changed`. */
  promptsListChanged: z.boolean().default(false),
  /** The host re-lists a server's resources (and templates) by itself on `notifications/resources/list_changed`. */
  resourcesListChanged: z.boolean().default(false),
});
/** What an adapter declares it can do. */
export type Capabilities = z.infer<typeof CapabilitiesSchema>;

/** The server transports a host can load. */
export const HostTransportSchema = z.enum(["stdio", "http", "memory"]);
/** A server transport a host can load. */
export type HostTransport = z.infer<typeof HostTransportSchema>;

/** Result of HAP/1 `initialize`. */
export const InitializeResultSchema = z.object({
  protocolVersion: z.literal("1"),
  host: z.object({ name: z.string().min(1), version: z.string() }),
  transports: z.array(HostTransportSchema).min(1),
  capabilities: CapabilitiesSchema.default(CapabilitiesSchema.parse({})),
  /**
   * An extension of HAP/1: what the adapter set up around its host that a reader of the report should know
   * (e.g. an agent CLI's variant and the network isolation in force), copied to the report as `hostEnvironment`.
   */
  environment: z.record(z.string(), z.string()).optional(),
});
/** Result of HAP/1 `initialize`. */
export type InitializeResult = z.infer<typeof InitializeResultSchema>;

/** What an adapter passes to {@link initializeResult}: capabilities it does not name are false (or empty). */
export interface InitializeOptions {
  /** The server transports the host can load (default: stdio and http). */
  transports?: HostTransport[];
  capabilities?: z.input<typeof CapabilitiesSchema>;
}

/** The answer to `initialize` for `host`, checked, with every capability not given set to false (or empty). */
export function initializeResult(host: InitializeResult["host"], options: InitializeOptions = {}): InitializeResult {
  return InitializeResultSchema.parse({
    protocolVersion: "1", host, transports: options.transports ?? ["stdio", "http"], capabilities: options.capabilities ?? {},
  });
}
