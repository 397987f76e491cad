import { z } from "zod";
// The two schemas by file, not through fake-servers/index.ts: an adapter that loads this (through the
// package entry point) must not pay for the fake servers and the MCP SDK behind that index.
import { JsonSchemaDocumentSchema } from "../../fake-servers/tool-definition.ts";
import { WireTransportSpecSchema } from "../../fake-servers/transport-spec.ts";
import { KeepDeferredSchema } from "./deferred-tools.ts";
import { LocalShapeSchema } from "./initialize-result.ts";

/** One configured server as HAP/1 `session/open` carries it; array order is configuration order. */
export const ServerConfigSchema = z.object({
  key: z.string(),
  transport: WireTransportSpecSchema,
  requestSchemas: z.record(z.string(), JsonSchemaDocumentSchema).optional(),
  pin: z.unknown().optional(),
  allow: z.array(z.string()).optional(),
  deny: z.array(z.string()).optional(),
});
/** One configured server as HAP/1 `session/open` carries it. */
export type ServerConfig = z.infer<typeof ServerConfigSchema>;

/** A local tool registered before any server loads. */
export const LocalToolSchema = z.object({ name: z.string(), shape: LocalShapeSchema });
/** A local tool registered before any server loads. */
export type LocalTool = z.infer<typeof LocalToolSchema>;

/**
 * The CA a run made for its https fake servers (optional `tls` of `session/open`, sent only when the servers
 * serve https): the certificate as PEM, and a PEM file of it that lives as long as the run.
 */
export const OpenTlsSchema = z.object({ caCertificate: z.string(), caFile: z.string() });
/** The CA a run made for its https fake servers. */
export type OpenTls = z.infer<typeof OpenTlsSchema>;

/** Params of HAP/1 `session/open`. */
export const OpenParamsSchema = z.object({
  servers: z.array(ServerConfigSchema),
  localTools: z.array(LocalToolSchema).optional(),
  tls: OpenTlsSchema.optional(),
  /** Load no deferred tool on the model's behalf (deferred-tools.ts; capability `deferredTools`). */
  keepDeferred: KeepDeferredSchema,
});
/** Params of HAP/1 `session/open`. */
export type OpenParams = z.infer<typeof OpenParamsSchema>;
