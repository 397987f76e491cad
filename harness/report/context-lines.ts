/**
 * The evidence and diagnosis lines of HAP/1's prompts and resources (`prompts`, `getPrompt`, `resources`,
 * `readResource`) and of a world server's prompts and resources. Host text is data: every string the host
 * wrote is JSON-quoted by the caller's `quote`, as the other lines are.
 */
import { PromptGetResultSchema, PromptsResultSchema, ResourceReadResultSchema, ResourcesResultSchema } from "../protocol/context-result.ts";
import type { EvidenceStep } from "./report-model.ts";

const json = (value: unknown) => JSON.stringify(value) ?? "undefined";
type WorldServer = Extract<EvidenceStep, { kind: "world" }>["servers"][number];

/** A shown entry's label: `namespace/name` where it has a namespace. */
const label = (entry: { namespace?: string }, name: string) => (entry.namespace === undefined ? name : `${entry.namespace}/${name}`);

/** A world server's prompts, resources and templates, failing lists and paging, for its evidence line; "" when it serves none. */
export function contextServerText(server: WorldServer): string {
  const parts = [
    server.prompts !== undefined ? `prompts ${json(server.prompts)}` : "",
    server.resources !== undefined ? `resources ${json(server.resources)}` : "",
    server.templates !== undefined ? `templates ${json(server.templates)}` : "",
    server.contextErrors !== undefined ? `failing lists ${json(server.contextErrors)}` : "",
    ...Object.entries(server.contextPaging ?? {}).map(([list, paging]) => `${list} in pages of ${paging.pageSize}${paging.emptyCursor ? " (second cursor \"\")" : ""}`),
  ].filter((part) => part !== "");
  return parts.length === 0 ? "" : `; ${parts.join(", ")}`;
}

/** The host's answer to a prompts or resources request, in a line; undefined for any other method. */
export function contextAnswerText(method: string, answer: unknown): string | undefined {
  switch (method) {
    case "prompts": {
      const shown = PromptsResultSchema.safeParse(answer);
      return shown.success ? `${shown.data.prompts.length} prompt(s): ${shown.data.prompts.map((prompt) => json(label(prompt, prompt.name))).join(", ") || "none"}` : json(answer);
    }
    case "resources": {
      const shown = ResourcesResultSchema.safeParse(answer);
      if (!shown.success) return json(answer);
      const templates = shown.data.templates.length === 0 ? "" : `; ${shown.data.templates.length} template(s): ${shown.data.templates.map((template) => json(label(template, template.uriTemplate))).join(", ")}`;
      return `${shown.data.resources.length} resource(s): ${shown.data.resources.map((resource) => json(label(resource, resource.uri))).join(", ") || "none"}${templates}`;
    }
    case "getPrompt": {
      const got = PromptGetResultSchema.safeParse(answer);
      return !got.success ? json(answer) : got.data.ok ? `ok ${json(got.data.messages)}` : `error ${json(got.data.error.message)}`;
    }
    case "readResource": {
      const read = ResourceReadResultSchema.safeParse(answer);
      return !read.success ? json(answer) : read.data.ok ? `ok ${json(read.data.contents)}` : `error ${json(read.data.error.message)}`;
    }
    default:
      return undefined;
  }
}

/** One prompts or resources request of a case in a diagnosis line; undefined for any other method. */
export function contextHostLine(
  method: string, request: Record<string, unknown>, answer: unknown, session: string, quote: (text: string) => string, names: (list: readonly string[]) => string,
): string | undefined {
  switch (method) {
    case "prompts": {
      const shown = PromptsResultSchema.safeParse(answer);
      return shown.success ? `prompts${session}: showed ${shown.data.prompts.length} (${names(shown.data.prompts.map((prompt) => label(prompt, prompt.name)))})` : `prompts${session}: answered something that is not a prompt list`;
    }
    case "resources": {
      const shown = ResourcesResultSchema.safeParse(answer);
      if (!shown.success) return `resources${session}: answered something that is not a resource list`;
      return `resources${session}: showed ${shown.data.resources.length} (${names(shown.data.resources.map((resource) => label(resource, resource.uri)))}) and ${shown.data.templates.length} template(s)`;
    }
    case "getPrompt": {
      const got = PromptGetResultSchema.safeParse(answer);
      const answered = !got.success ? "answered garbage" : got.data.ok ? "answered ok" : `answered an error: ${quote(got.data.error.message)}`;
      return `getPrompt ${quote(String(request.name ?? ""))}${session}: ${answered}`;
    }
    case "readResource": {
      const read = ResourceReadResultSchema.safeParse(answer);
      const answered = !read.success ? "answered garbage" : read.data.ok ? "answered ok" : `answered an error: ${quote(read.data.error.message)}`;
      return `readResource ${quote(String(request.uri ?? ""))}${session}: ${answered}`;
    }
    default:
      return undefined;
  }
}
