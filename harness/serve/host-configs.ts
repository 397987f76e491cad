/**
 * The configuration snippets `mcp-collide serve` prints for the hosts people use, each naming the served
 * world's servers exactly as they are reached (the stdio command, arguments and environment, or the HTTP URL
 * and headers): a generic `mcpServers` file, VS Code's `.vscode/mcp.json`, Cursor's `.cursor/mcp.json`,
 * Claude Desktop's `claude_desktop_config.json` and Zed's `context_servers` (a fragment of its settings).
 */
import { WireTransportSpecSchema, type WireTransportSpec } from "../../fake-servers/index.ts";

/** One served server: its configuration key and how it is reached. */
export interface ServedEndpoint {
  key: string;
  transport: WireTransportSpec;
}

/** One host's configuration for a served world. */
export interface HostConfig {
  /** The file's path under --write-config's folder (the file's name in that host's own layout). */
  file: string;
  /** Which host reads it, and where it goes. */
  host: string;
  /** Its JSON, or undefined when the host cannot load this world's servers (`note` says why). */
  json?: unknown;
  note?: string;
}

/** `entries` as an object with an own property for every key, whatever the key (`__proto__` included). */
function objectOf(entries: ReadonlyArray<readonly [string, unknown]>): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

const stdioEntry = (spec: Extract<WireTransportSpec, { type: "stdio" }>) => ({ command: spec.command, args: spec.args, ...(spec.env ? { env: spec.env } : {}) });
const headersOf = (spec: Extract<WireTransportSpec, { type: "http" }>) => (spec.headers ? { headers: spec.headers } : {});

/** The configurations of every common host for `endpoints`, in the order serve prints them. */
export function hostConfigs(endpoints: readonly ServedEndpoint[]): HostConfig[] {
  const each = (entry: (spec: WireTransportSpec) => unknown) => objectOf(endpoints.map(({ key, transport }) => [key, entry(transport)] as const));
  const anyHttp = endpoints.some((endpoint) => endpoint.transport.type === "http");
  return [
    {
      file: "mcp-servers.json",
      host: "generic mcpServers (most hosts' format; HTTP servers as type http)",
      json: { mcpServers: each((spec) => (spec.type === "stdio" ? stdioEntry(spec) : { type: "http", url: spec.url, ...headersOf(spec) })) },
    },
    {
      file: ".vscode/mcp.json",
      host: "VS Code: .vscode/mcp.json in the workspace",
      json: { servers: each((spec) => (spec.type === "stdio" ? { type: "stdio", ...stdioEntry(spec) } : { type: "http", url: spec.url, ...headersOf(spec) })) },
    },
    {
      file: ".cursor/mcp.json",
      host: "Cursor: .cursor/mcp.json in the project (or ~/.cursor/mcp.json)",
      json: { mcpServers: each((spec) => (spec.type === "stdio" ? stdioEntry(spec) : { url: spec.url, ...headersOf(spec) })) },
    },
    anyHttp
      ? { file: "claude_desktop_config.json", host: "Claude Desktop: claude_desktop_config.json", note: "Claude Desktop's config file starts stdio servers only: serve this world with --transport stdio" }
      : { file: "claude_desktop_config.json", host: "Claude Desktop: claude_desktop_config.json", json: { mcpServers: each((spec) => stdioEntry(spec as Extract<WireTransportSpec, { type: "stdio" }>)) } },
    {
      file: "zed-settings.json",
      host: "Zed: merge into settings.json",
      json: { context_servers: each((spec) => (spec.type === "stdio" ? stdioEntry(spec) : { url: spec.url, ...headersOf(spec) })) },
    },
  ];
}

/**
 * The servers a generic `mcpServers` file names (as {@link hostConfigs} writes it, or a hand-written one), read
 * back as wire transports: what a script driving a library host hands it. Throws on anything else.
 */
export function endpointsOfGenericConfig(json: unknown): ServedEndpoint[] {
  const servers = (json as { mcpServers?: unknown } | null)?.mcpServers;
  if (typeof servers !== "object" || servers === null) throw new Error("not an mcpServers configuration");
  return Object.entries(servers as Record<string, Record<string, unknown>>).map(([key, entry]) => {
    if (typeof entry?.command === "string") {
      return { key, transport: WireTransportSpecSchema.parse({ type: "stdio", command: entry.command, args: entry.args ?? [], ...(entry.env ? { env: entry.env } : {}) }) };
    }
    if (typeof entry?.url === "string") return { key, transport: WireTransportSpecSchema.parse({ type: "http", url: entry.url, ...(entry.headers ? { headers: entry.headers } : {}) }) };
    throw new Error(`server ${JSON.stringify(key)} has neither a command nor a url`);
  });
}
