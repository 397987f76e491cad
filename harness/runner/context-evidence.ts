/** What a case's evidence says about a server's prompts, resources and templates (report-model's EvidenceServerSchema). */
import type { ServerScript } from "../../fake-servers/index.ts";

/** The prompt names, resource URIs and templates `script` lists at the start, its failing lists and its paging; nothing for a server that serves none. */
export function contextOfScript(script: ServerScript): Record<string, unknown> {
  return {
    ...(script.prompts !== undefined ? { prompts: script.prompts.map((prompt) => prompt.name) } : {}),
    ...(script.resources !== undefined ? { resources: script.resources.map((resource) => resource.uri) } : {}),
    ...(script.resourceTemplates !== undefined ? { templates: script.resourceTemplates.map((template) => template.uriTemplate) } : {}),
    ...(script.contextErrors !== undefined ? { contextErrors: [...script.contextErrors] } : {}),
    ...(script.contextPaging !== undefined ? { contextPaging: structuredClone(script.contextPaging) } : {}),
  };
}
