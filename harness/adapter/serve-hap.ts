/**
 * The adapter side of HAP/1, for host authors writing their adapter in TypeScript: wrap an in-process
 * {@link HostAdapter} and serve it on stdin/stdout. Requests are handled one at a time, in arrival order.
 * Params are parsed with zod before the host sees them; a host that throws answers a JSON-RPC error,
 * which the harness counts as the adapter breaking (ERROR), never as a verdict.
 */
import { createInterface } from "node:readline";
import type { Readable, Writable } from "node:stream";
import { z } from "zod";
import { LocalShapeSchema } from "../protocol/initialize-result.ts";
import { OpenParamsSchema } from "../protocol/open-params.ts";
import type { HostAdapter } from "./host-adapter.ts";

const SessionParams = z.object({ session: z.string() });
const CallParams = SessionParams.extend({
  name: z.string(),
  namespace: z.string().optional(),
  arguments: z.record(z.string(), z.unknown()).default({}),
});
const RefreshParams = SessionParams.extend({ server: z.string().optional() });
const RegisterParams = SessionParams.extend({ name: z.string(), shape: LocalShapeSchema });
const GetPromptParams = SessionParams.extend({ name: z.string(), namespace: z.string().optional(), arguments: z.record(z.string(), z.string()).default({}) });
const ReadResourceParams = SessionParams.extend({ uri: z.string(), namespace: z.string().optional() });
const RequestSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: z.union([z.string(), z.number()]),
  method: z.string(),
  params: z.unknown().optional(),
});

type Handler = (host: HostAdapter, params: unknown) => Promise<unknown>;

function needs<K extends keyof HostAdapter>(host: HostAdapter, method: K): NonNullable<HostAdapter[K]> {
  const fn = host[method];
  if (typeof fn !== "function") throw new Error(`this host does not implement ${String(method)}`);
  return (fn as Function).bind(host) as NonNullable<HostAdapter[K]>;
}

const handlers: Record<string, Handler> = {
  initialize: (host) => host.initialize(),
  "session/open": (host, p) => host.open(OpenParamsSchema.parse(p)),
  "session/tools": (host, p) => host.tools(SessionParams.parse(p).session),
  "session/call": (host, p) => {
    const { session, name, namespace, arguments: args } = CallParams.parse(p);
    return namespace === undefined ? host.call(session, name, args) : host.call(session, name, args, namespace);
  },
  "session/refresh": (host, p) => {
    const { session, server } = RefreshParams.parse(p);
    return needs(host, "refresh")(session, server);
  },
  "session/registerLocal": (host, p) => {
    const { session, name, shape } = RegisterParams.parse(p);
    return needs(host, "registerLocal")(session, name, shape);
  },
  "session/pin": (host, p) => needs(host, "pin")(SessionParams.parse(p).session),
  "session/prompts": (host, p) => needs(host, "prompts")(SessionParams.parse(p).session),
  "session/getPrompt": (host, p) => {
    const { session, name, namespace, arguments: args } = GetPromptParams.parse(p);
    return namespace === undefined ? needs(host, "getPrompt")(session, name, args) : needs(host, "getPrompt")(session, name, args, namespace);
  },
  "session/resources": (host, p) => needs(host, "resources")(SessionParams.parse(p).session),
  "session/readResource": (host, p) => {
    const { session, uri, namespace } = ReadResourceParams.parse(p);
    return namespace === undefined ? needs(host, "readResource")(session, uri) : needs(host, "readResource")(session, uri, namespace);
  },
  "session/close": async (host, p) => {
    await host.close(SessionParams.parse(p).session);
    return {};
  },
  shutdown: async (host) => (await host.shutdown()) ?? {},
};

/**
 * Serves `host` over HAP/1 until `shutdown` is answered or `input` ends.
 * @returns resolves once the adapter should exit (after `shutdown`, or when the harness closed stdin).
 */
export async function serveHap(
  host: HostAdapter,
  input: Readable = process.stdin,
  output: Writable = process.stdout,
): Promise<void> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  const write = (message: object) => output.write(`${JSON.stringify(message)}\n`);
  for await (const line of lines) {
    if (line.trim() === "") continue;
    let id: string | number | null = null;
    try {
      const request = RequestSchema.parse(JSON.parse(line));
      id = request.id;
      const handler = handlers[request.method];
      if (!handler) {
        write({ jsonrpc: "2.0", id, error: { code: -32601, message: `unknown method ${request.method}` } });
        continue;
      }
      const result = await handler(host, request.params ?? {});
      write({ jsonrpc: "2.0", id, result });
      if (request.method === "shutdown") break;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      write({ jsonrpc: "2.0", id, error: { code: -32603, message } });
    }
  }
  lines.close();
}
