/**
 * A gateway module: one file that tells mcp-collide how to judge one MCP gateway (docs/gateways.md). A gateway
 * merges several MCP servers and serves the result as one MCP server, so the harness can be its client: the
 * module writes the gateway's configuration for a world, says how to start it and where its MCP endpoint is,
 * and the shared driver (gateway-host.ts) does the rest. `mcp-collide run --gateway-module PATH` loads one in
 * the adapter process; `--gateway ID` loads a registered one (hosts/gateways/<id>/<id>.ts). A module is its
 * author's code, run as an adapter is; what it exports is still checked here (zod), so a mistake is named at
 * start, not found as a wrong verdict.
 */
import { z } from "zod";
import type { ServerConfig } from "../protocol/open-params.ts";
import type { HostError } from "../protocol/open-result.ts";

/** How a client reaches the gateway's merged MCP server. */
export const GatewayEndpointKindSchema = z.enum(["stdio", "http", "sse"]);
/** `stdio`: the gateway's own stdin/stdout; `http`: streamable HTTP at a URL; `sse`: the older HTTP+SSE transport. */
export type GatewayEndpointKind = z.infer<typeof GatewayEndpointKindSchema>;

/** What a gateway module says about its gateway. */
export const GatewayManifestSchema = z.object({
  /** Lower-case letters, digits and hyphens: the report's host name and `--gateway ID`. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, "lower-case letters, digits and hyphens"),
  /** What the gateway is called, for help text and reports: `MCP Hub`. */
  title: z.string().min(1),
  /** The npm package that ships it (pin it exactly beside the module). */
  package: z.string().min(1),
  /** Its executable, as the package's `bin` names it. */
  bin: z.string().min(1),
  /** How its merged server is reached (see GatewayEndpointKindSchema). */
  endpoint: GatewayEndpointKindSchema,
  /** How it reaches the servers it merges: the HAP/1 transports its configuration can name. */
  transports: z.array(z.enum(["stdio", "http"])).min(1),
  /** What the module configures, in a few words (the report's `hostEnvironment.variant`). */
  describe: z.string().min(1),
}).strict();
/** What a gateway module says about its gateway. */
export type GatewayManifest = z.infer<typeof GatewayManifestSchema>;

/** What a module is given to launch the gateway for one world. */
export interface GatewayContext {
  /** The world's servers in configuration order (HAP/1 `ServerConfig`: a key; stdio command, args, env, or an http URL). */
  servers: readonly ServerConfig[];
  /** A fresh, empty 0700 folder of this session, the only place the gateway may write: its configuration, HOME, state. */
  home: string;
  /** The port an http or sse gateway must listen on, on 127.0.0.1 (free in its network namespace). */
  port: number;
  /** The gateway's executable: the manifest's `bin` as installed beside the module. */
  bin: string;
}

/** How to start the gateway for one world. */
export interface GatewayLaunch {
  /** The command line (argv[0] an executable), started with no shell in `home`. */
  argv: string[];
  /** Its environment: nothing of the harness's is inherited but PATH (give it HOME, switch telemetry and updates off). */
  env: Record<string, string>;
  /** For an http or sse endpoint, the path of the MCP endpoint on the port (default `/mcp`). */
  path?: string;
  /**
   * True once the gateway has loaded its servers and its list is whole (for an http or sse endpoint, `origin` is
   * `http://127.0.0.1:<port>` as the harness reaches it). Called until it says so or the start times out; without
   * it the harness lists as soon as the endpoint answers `initialize`.
   */
  ready?(origin: string): Promise<boolean>;
}

/** The gateway's console output, as far as the harness keeps it (its head). */
export interface GatewayOutput {
  stdout: string;
  stderr: string;
}

/** What a gateway module exports (as its default export). */
export interface GatewayModule {
  manifest: GatewayManifest;
  /** Writes the gateway's configuration for `context.servers` under `context.home` and says how to start it. */
  launch(context: GatewayContext): GatewayLaunch;
  /**
   * The errors the gateway told its operator about loading `keys`' servers, read from its console output (each
   * with `channel` stdout or stderr, and `server` where the gateway said which in a field). Default: every line
   * that quotes a configured key beside a failure word (gateway-output.ts).
   */
  errorsOf?(output: GatewayOutput, keys: readonly string[]): HostError[];
}

const ModuleShapeSchema = z.object({
  manifest: z.unknown(),
  launch: z.custom<GatewayModule["launch"]>((value) => typeof value === "function", "a function launch(context) returning { argv, env }"),
  errorsOf: z.custom<NonNullable<GatewayModule["errorsOf"]>>((value) => typeof value === "function", "a function errorsOf(output, keys)").optional(),
});

/** `value` checked as a gateway module: a valid manifest and a `launch` function. Throws naming what is wrong. */
export function defineGatewayModule(value: GatewayModule): GatewayModule {
  const shape = ModuleShapeSchema.safeParse(value);
  if (!shape.success) throw new Error(`not a gateway module (a default export { manifest, launch }): ${z.prettifyError(shape.error)}`);
  const manifest = GatewayManifestSchema.safeParse(shape.data.manifest);
  if (!manifest.success) throw new Error(`the gateway module's manifest: ${z.prettifyError(manifest.error)}`);
  return { ...value, manifest: manifest.data };
}

/** The launch a module gave, checked: a non-empty argv of strings, an environment of strings. */
export const GatewayLaunchSchema = z.object({
  argv: z.array(z.string()).min(1),
  env: z.record(z.string(), z.string()),
  path: z.string().startsWith("/").optional(),
  ready: z.custom<GatewayLaunch["ready"]>((value) => typeof value === "function").optional(),
});

/** Imports the module file at `url` (a file: URL) and checks its default export. */
export async function loadGatewayModule(url: string): Promise<GatewayModule> {
  const imported = (await import(url)) as { default?: unknown };
  if (imported.default === undefined) throw new Error(`${url} has no default export: a gateway module exports default { manifest, launch }`);
  return defineGatewayModule(imported.default as GatewayModule);
}
