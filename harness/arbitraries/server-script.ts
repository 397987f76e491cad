import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";
import type { ServerScript } from "../../fake-servers/index.ts";
import { fakeTool } from "./_internals/fake-tool.ts";
import { latencyFor, toolCountBounds, unreachableFor } from "./_internals/server-options.ts";
import { uniqueArrayAtLeast } from "./_internals/unique-array-at-least.ts";
import { serverKey } from "./server-key.ts";
import type { ServerKeyFamily } from "./server-key.ts";
import { toolName } from "./tool-name.ts";
import type { ToolNameFamily } from "./tool-name.ts";

/** Whether generated servers can be unreachable: `never` (default) or `sometimes` (about one in four). */
export type UnreachableMode = "never" | "sometimes";

/** Options of {@link serverScript}. */
export interface ServerScriptOptions {
  /** Most tools one server advertises (default 4). */
  maxTools?: number;
  /** Whether a server may advertise no tools at all (default false). */
  allowEmpty?: boolean;
  /** Families of wire names (default: all; see {@link toolName}). */
  toolFamilies?: readonly ToolNameFamily[];
  /** Families of configuration keys (default: all but `empty`; see {@link serverKey}). */
  keyFamilies?: readonly ServerKeyFamily[];
  /** Whether servers answer after a delay (default false: every answer at once). */
  latency?: boolean;
  /** Whether a server can be unreachable (default `never`). */
  unreachable?: UnreachableMode;
}

/**
 * One scripted server that tells the truth about itself (`serverInfo.name` is its key; identity games
 * need the other servers' keys, so {@link world} plays them). Tool names are unique within the server and
 * every tool's description is `describeTool(key, name)`. The tools are derived from the drawn key and
 * names by a plain map, so the server shrinks as its key and name list do: toward `alpha` with one
 * `request` tool.
 */
export function serverScript(options: ServerScriptOptions = {}): Arbitrary<ServerScript> {
  return fc
    .record({
      key: serverKey({ families: options.keyFamilies }),
      names: uniqueArrayAtLeast(toolName({ families: options.toolFamilies }), toolCountBounds(options)),
      latency: latencyFor(options.latency),
      unreachable: unreachableFor(options.unreachable),
    })
    .map(({ key, names, latency, unreachable }) => ({
      key,
      serverInfo: { name: key, version: "1.0.0" },
      tools: names.map((name) => fakeTool(key, name)),
      latency,
      unreachable,
    }));
}
