import { z } from "zod";

/** A server the host spawns itself: argv as an array, never a shell string. */
export const StdioTransportSpecSchema = z.object({
  type: z.literal("stdio"),
  command: z.string(),
  args: z.array(z.string()),
  env: z.record(z.string(), z.string()).optional(),
});
/** A server the host spawns itself. */
export type StdioTransportSpec = z.infer<typeof StdioTransportSpecSchema>;

/**
 * A streamable-HTTP server on 127.0.0.1. `headers`, when present, go with every request to it (HAP/1 capability
 * `httpHeaders`): two servers at one URL may differ only in them, as two accounts of one remote server do.
 */
export const HttpTransportSpecSchema = z.object({
  type: z.literal("http"),
  url: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
});
/** A streamable-HTTP server on 127.0.0.1. */
export type HttpTransportSpec = z.infer<typeof HttpTransportSpecSchema>;

/** How a host reaches a server when it lives in another process: what HAP/1 carries. */
export const WireTransportSpecSchema = z.discriminatedUnion("type", [StdioTransportSpecSchema, HttpTransportSpecSchema]);
/** How a host reaches a server when it lives in another process. */
export type WireTransportSpec = z.infer<typeof WireTransportSpecSchema>;
