/**
 * The worked transcript in docs/hap-1.md, taken from a real session: the reference host's adapter driven
 * line by line over real fake servers (streamable HTTP on 127.0.0.1), every message written down as it
 * crossed the pipe. Only what differs from run to run is replaced: the port and the per-world tokens in
 * server URLs. Every request's params and every answer's result are checked against the HAP/1 schemas as
 * they are taken, so the transcript can show nothing the protocol does not allow.
 */
import { z } from "zod";
import {
  builtinHostArgv, CallResultSchema, InitializeResultSchema, LineDriver, OpenParamsSchema, OpenResultSchema, PromptGetResultSchema, PromptsResultSchema, ResourceReadResultSchema,
  ResourcesResultSchema, ShutdownResultSchema, ToolsResultSchema, describeTool, type Exchange,
} from "../../harness/index.ts";
import { ServerScriptSchema, startFakeServerHost, type ServerScriptInput } from "../../fake-servers/index.ts";
import { between } from "./splice.ts";

/** One step of the transcript: what it shows, the request line and the answer line. */
export interface TranscriptStep {
  title: string;
  request: string;
  answer: string;
}

const server = (key: string, tools: string[], extra: Partial<ServerScriptInput> = {}) =>
  ServerScriptSchema.parse({ key, serverInfo: { name: `${key}-server`, version: "1.0.0" }, tools: tools.map((name) => ({ name, description: describeTool(key, name) })), ...extra });

/** The schema each method's params (when checked) and result must match. */
const schemas: Record<string, { params?: z.ZodType; result: z.ZodType }> = {
  initialize: { result: InitializeResultSchema },
  "session/open": { params: OpenParamsSchema, result: OpenResultSchema },
  "session/tools": { result: ToolsResultSchema },
  "session/call": { result: CallResultSchema },
  "session/close": { result: z.object({}).strict() },
  "session/prompts": { result: PromptsResultSchema },
  "session/getPrompt": { result: PromptGetResultSchema },
  "session/resources": { result: ResourcesResultSchema },
  "session/readResource": { result: ResourceReadResultSchema },
  shutdown: { result: ShutdownResultSchema },
};

/** Checks one exchanged message against the HAP/1 schema of its method; throws on any mismatch. */
export function checkMessage(method: string, kind: "params" | "result", value: unknown): void {
  const schema = schemas[method]?.[kind];
  if (kind === "result" && !schema) throw new Error(`no schema for the result of ${method}`);
  const parsed = schema?.safeParse(value);
  if (parsed && !parsed.success) throw new Error(`${method} ${kind} does not match HAP/1: ${z.prettifyError(parsed.error)}`);
}

/** Takes the transcript: two sessions and a shutdown, against the reference host. */
export async function takeTranscript(): Promise<TranscriptStep[]> {
  const servers = await startFakeServerHost();
  const driver = new LineDriver(builtinHostArgv("reference"), 60_000);
  const steps: TranscriptStep[] = [];
  const tokens = new Map<string, string>();
  const scrub = (line: string) =>
    line.replace(/http:\/\/127\.0\.0\.1:\d+\/mcp\/([0-9a-f]{32})/g, (_, token: string) => {
      if (!tokens.has(token)) tokens.set(token, `TOKEN${tokens.size + 1}`);
      return `http://127.0.0.1:PORT/mcp/${tokens.get(token)}`;
    });
  let id = 0;
  const exchange = async (title: string, method: string, params: unknown): Promise<any> => {
    checkMessage(method, "params", params);
    const answer: Exchange = await driver.request(method, params);
    if (answer.kind !== "result") throw new Error(`the reference answered ${method} with ${answer.kind}: ${JSON.stringify(answer)}\n${driver.stderrTail()}`);
    checkMessage(method, "result", answer.result);
    id += 1;
    steps.push({
      title,
      request: scrub(JSON.stringify({ jsonrpc: "2.0", id, method, params })),
      answer: scrub(JSON.stringify({ jsonrpc: "2.0", id, result: answer.result })),
    });
    return answer.result;
  };
  try {
    await exchange("The harness asks who the host is and what it can do.", "initialize", { protocolVersion: "1" });
    const plain = await servers.startWorld([server("alpha", ["search"]), server("beta", ["search", "fetch"])], "http");
    const open = await exchange(
      "Two servers both advertise `search`. The reference host shows every tool as `mcp__{key}__{tool}`, so both register.",
      "session/open", { servers: plain.endpoints.map(({ key, transport }) => ({ key, transport })) });
    await exchange("The list the host would hand a model, in its order, descriptions as the servers sent them.", "session/tools", { session: open.session });
    await exchange("A call by visible name: beta receives its own name, `search`, and the arguments unchanged.", "session/call", { session: open.session, name: "mcp__beta__search", arguments: { query: "refund" } });
    await exchange("A name the host does not show: refused as a result, and no server is called.", "session/call", { session: open.session, name: "search", arguments: {} });
    await exchange("The session's servers are closed.", "session/close", { session: open.session });
    await plain.close();
    const long = "x".repeat(60);
    const failing = await servers.startWorld([server("alpha", [long, "search"]), server("offline", ["lookup"], { unreachable: true })], "http");
    const refused = await exchange(
      `alpha advertises a 60-character name (shown as \`mcp__alpha__...\` it would pass 64 characters) and offline cannot be reached. Each error names its server; alpha registers nothing, since a server registers all of its tools or none.`,
      "session/open", { servers: failing.endpoints.map(({ key, transport }) => ({ key, transport })) });
    await exchange("The second session is closed.", "session/close", { session: refused.session });
    await failing.close();
    await contextSession(servers, exchange);
    await exchange("The harness is done: the adapter answers, then exits 0.", "shutdown", {});
    if (!(await driver.waitForExit(5000))) throw new Error("the reference did not exit after shutdown");
  } finally {
    await driver.stop();
    await servers.close();
  }
  return steps;
}

/** A prompt, resource or template of a transcript server, its description naming its server and itself. */
const described = (key: string, text: string) => ({ description: describeTool(key, text, "Fake") });

/**
 * The third session: prompts and resources. alpha and beta both list a prompt `review` (alpha's titled) and
 * the URI mem://shared/readme; beta lists a template too. A get carries the prompt's own name, never its title;
 * a read of the shared URI under beta's label reaches beta alone.
 */
async function contextSession(servers: Awaited<ReturnType<typeof startFakeServerHost>>, exchange: (title: string, method: string, params: unknown) => Promise<any>): Promise<void> {
  const world = await servers.startWorld([
    server("alpha", [], { prompts: [{ name: "review", title: "Review Code", ...described("alpha", "review") }], resources: [{ uri: "mem://shared/readme", name: "readme", ...described("alpha", "mem://shared/readme") }] }),
    server("beta", [], {
      prompts: [{ name: "review", ...described("beta", "review") }],
      resources: [{ uri: "mem://shared/readme", name: "readme", ...described("beta", "mem://shared/readme") }],
      resourceTemplates: [{ uriTemplate: "mem://beta/items/{id}", name: "item", ...described("beta", "mem://beta/items/{id}") }],
    }),
  ], "http");
  const open = await exchange(
    "Prompts and resources: alpha and beta both list a prompt `review` (alpha's titled \"Review Code\") and the URI `mem://shared/readme`; beta lists a template too. Neither has a tool.",
    "session/open", { servers: world.endpoints.map(({ key, transport }) => ({ key, transport })) });
  await exchange("The prompts the host shows (capability `prompts`): each as `mcp__{key}__{prompt}`, with the server and prompt name it maps to.", "session/prompts", { session: open.session });
  await exchange("A user picks alpha's prompt: alpha receives its own prompt name, `review` (never the title), with the arguments.", "session/getPrompt", { session: open.session, name: "mcp__alpha__review", arguments: { topic: "refund" } });
  await exchange("The resources and templates the host shows (capabilities `resources`, `resourceTemplates`): the shared URI once per server, each under its server's key as `namespace`.", "session/resources", { session: open.session });
  await exchange("A read of the shared URI under beta's label reaches beta, and only beta.", "session/readResource", { session: open.session, uri: "mem://shared/readme", namespace: "beta" });
  await exchange("The third session is closed.", "session/close", { session: open.session });
  await world.close();
}

/** Where the transcript starts and ends in docs/hap-1.md. */
export const TRANSCRIPT_START = "<!-- transcript:start (by `npm run docs`: a real session with the reference host) -->";
export const TRANSCRIPT_END = "<!-- transcript:end -->";

/** The transcript as Markdown, markers included: `→` the harness wrote it, `←` the adapter did. */
export function renderTranscript(steps: readonly TranscriptStep[]): string {
  return [
    TRANSCRIPT_START,
    ...steps.flatMap((step, index) => ["", `${index + 1}. ${step.title}`, "", "   ```text", `   → ${step.request}`, `   ← ${step.answer}`, "   ```"]),
    "",
    TRANSCRIPT_END,
  ].join("\n");
}

/** The messages of a rendered transcript, read back: each with its method, for checking against the schemas. */
export function readTranscript(markdown: string): Array<{ method: string; params: unknown; result: unknown }> {
  const lines = between(markdown, TRANSCRIPT_START, TRANSCRIPT_END).split("\n").map((line) => line.trim());
  const requests = lines.filter((line) => line.startsWith("→ ")).map((line) => JSON.parse(line.slice(2)));
  const answers = lines.filter((line) => line.startsWith("← ")).map((line) => JSON.parse(line.slice(2)));
  return requests.map((request, index) => {
    if (answers[index]?.id !== request.id) throw new Error(`transcript answer ${index + 1} does not answer request ${request.id}`);
    return { method: request.method, params: request.params, result: answers[index].result };
  });
}
