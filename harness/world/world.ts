import { z } from "zod";
import { ServerScriptSchema } from "../../fake-servers/index.ts";

/**
 * A generated world: the servers a host is configured with, in configuration order.
 * Keys are unique (a configuration mapping cannot hold one key twice); tool names are unique within a server.
 */
export const WorldSchema = z.object({ servers: z.array(ServerScriptSchema) });
/** A generated world. */
export type World = z.infer<typeof WorldSchema>;
