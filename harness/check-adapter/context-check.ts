/**
 * `check-adapter`'s session for prompts and resources, run when `initialize` declares `prompts` or
 * `resources`: alpha (a prompt titled other than its name, a resource) and beta (a prompt, a resource and a
 * template), each with a tool of its own. It reads what the host shows, gets up to four shown prompts and reads
 * up to four shown resources through the host, and says what the adapter gets wrong: a get or read answered ok
 * that reached no server is the adapter's mistake (it did not go through the host); one that reached another
 * server, or carried another name, is the host's doing, which a run judges. What it never got to look at is
 * listed as unchecked, so the check is never green on a host whose prompts or resources were never reached.
 */
import { z } from "zod";
import { ServerScriptSchema } from "../../fake-servers/index.ts";
import { PromptGetResultSchema, PromptsResultSchema, ResourceReadResultSchema, ResourcesResultSchema } from "../protocol/context-result.ts";
import { OpenResultSchema } from "../protocol/open-result.ts";
import { clip, NAME_LIMIT } from "../report/report-view.ts";
import { contextScript } from "../world/context-worlds.ts";
import { identityOf } from "../world/tool-identity.ts";
import { outcomeFindings, type Finding } from "./findings.ts";
import type { SessionContext } from "./check-adapter.ts";

const world = [
  contextScript({ key: "alpha", prompts: [["review", "Review Code"]], resources: ["mem://alpha/notes"] }),
  contextScript({ key: "beta", prompts: ["summarise"], resources: ["mem://beta/readme"], templates: ["mem://beta/items/{id}"] }),
];
/** The arguments every get carries. */
const ARGUMENTS = { topic: "check" };
/** Most entries got or read per list. */
const MOST = 4;
const label = (text: string) => clip(JSON.stringify(text), NAME_LIMIT, "");

type Records = ReadonlyArray<{ method: string; server: string; prompt?: string; uri?: string }>;

/** One get or read of a shown entry: how it went, as a finding, and whether it reached its server once. */
function judgeFetch(kind: "prompt" | "resource", shown: string, description: string | undefined, ok: boolean, reached: Records): { finding?: Finding; delivered: boolean } {
  const step = kind === "prompt" ? "session/getPrompt" : "session/readResource";
  const wire = (record: Records[number]) => record.prompt ?? record.uri ?? "";
  const origin = identityOf(description);
  if (reached.length === 0 && ok) {
    return { delivered: false, finding: { level: "mistake", step, message: `${label(shown)} was answered ok, but no server received ${kind === "prompt" ? "prompts/get" : "resources/read"}: ${step} must go through the host` } };
  }
  if (reached.length === 0) return { delivered: false, finding: { level: "note", step, message: `the host refused ${label(shown)}, an entry it shows, and no server was asked: is ${step} reaching the host's own ${kind === "prompt" ? "prompt" : "resource"} handling?` } };
  if (origin && (reached.length !== 1 || reached[0]!.server !== origin.server || wire(reached[0]!) !== origin.tool)) {
    const where = reached.map((record) => `${record.server}/${wire(record)}`).join(", ");
    return { delivered: false, finding: { level: "note", step, message: `${label(shown)} reached ${where}, not just ${origin.server}/${origin.tool}: the host's doing (a run judges it as ${kind === "prompt" ? "prompts/get-routes" : "resources/read-routes"})` } };
  }
  return { delivered: true };
}

/** Opens the world of prompts and resources, reads, gets and reads what the host shows, closes; returns what went unchecked. */
export async function contextSession(context: SessionContext): Promise<string[]> {
  const { ask, add, servers, transport, init } = context;
  const unchecked: string[] = [];
  const fake = await servers.startWorld(world.map((script) => ServerScriptSchema.parse(script)), transport);
  const step = "session/open (prompts and resources)";
  const records = () => fake.records as Records;
  try {
    // The CA goes in every open of a host that loads https, as check-adapter.ts's own opens carry it.
    const open = await ask("session/open", { servers: fake.endpoints.map(({ key, transport: spec }) => ({ key, transport: spec })), ...(context.tls ? { tls: context.tls } : {}) }, OpenResultSchema);
    if (!open) return ["prompts and resources: session/open got no usable answer"];
    outcomeFindings(step, open.outcome, fake.endpoints.map((endpoint) => endpoint.key)).forEach(add);
    const fetchAll = async <T>(kind: "prompt" | "resource", entries: readonly T[], nameOf: (entry: T) => { name: string; namespace?: string; description?: string }) => {
      let delivered = 0;
      for (const entry of entries.slice(0, MOST)) {
        const { name, namespace, description } = nameOf(entry);
        const before = records().length;
        const ns = namespace === undefined ? {} : { namespace };
        const answer = kind === "prompt"
          ? await ask("session/getPrompt", { session: open.session, name, ...ns, arguments: ARGUMENTS }, PromptGetResultSchema as z.ZodType<{ ok: boolean }>)
          : await ask("session/readResource", { session: open.session, uri: name, ...ns }, ResourceReadResultSchema as z.ZodType<{ ok: boolean }>);
        if (!answer) continue;
        const reached = records().slice(before).filter((record) => record.method === (kind === "prompt" ? "prompts/get" : "resources/read"));
        const judged = judgeFetch(kind, name, description, answer.ok, reached);
        if (judged.finding) add(judged.finding);
        if (judged.delivered) delivered += 1;
      }
      return delivered;
    };
    if (init.capabilities.prompts) {
      const shown = await ask("session/prompts", { session: open.session }, PromptsResultSchema);
      if (shown) {
        add({ level: shown.prompts.length > 0 ? "ok" : "note", step: "session/prompts", message: `${shown.prompts.length} prompt(s) shown for servers listing two` });
        const delivered = await fetchAll("prompt", shown.prompts, (prompt) => prompt);
        if (delivered > 0) add({ level: "ok", step: "session/getPrompt", message: `${delivered} get(s) delivered once each, to the server of the prompt, under its own name` });
        else unchecked.push("session/getPrompt: no get reached the server of the prompt, so whether it drives the host's own prompt handling went unchecked");
      }
    }
    if (init.capabilities.resources) {
      const shown = await ask("session/resources", { session: open.session }, ResourcesResultSchema);
      if (shown) {
        add({ level: shown.resources.length > 0 ? "ok" : "note", step: "session/resources", message: `${shown.resources.length} resource(s) and ${shown.templates.length} template(s) shown for servers listing two and one` });
        if (init.capabilities.resourceTemplates && shown.templates.length === 0) add({ level: "note", step: "session/resources", message: "resourceTemplates is declared, but no template was shown for a server listing one" });
        const delivered = await fetchAll("resource", shown.resources, (resource) => ({ name: resource.uri, namespace: resource.namespace, description: resource.description }));
        if (delivered > 0) add({ level: "ok", step: "session/readResource", message: `${delivered} read(s) delivered once each, to the server of the resource` });
        else unchecked.push("session/readResource: no read reached the server of the resource, so whether it drives the host's own resource reads went unchecked");
      }
    }
    await ask("session/close", { session: open.session }, z.object({}).loose());
  } finally {
    await fake.close();
  }
  return unchecked;
}
