/**
 * What the Genkit adapter defines on each session's Genkit instance: the scripted model every `ai.generate()` of
 * the session runs with (it plays the model: records the tools it was offered and the last message it was handed,
 * makes the one tool call its script asks for, reads back the tool responses), and the application's local tools
 * in the two shapes Genkit's `tools` option takes.
 * Imports: the host's packages, the harness's types (harness/index.ts) and the sibling helpers in ../ only.
 */
import { z, type Genkit, type Part, type ToolAction } from "genkit";
import type { LocalShape } from "../../harness/index.ts";
import { localAnswer, localDescription } from "../local-tool.ts";
import { runScript, type RunScript } from "../real-host-adapter.ts";

/** A run's script, and the content of the last message the model was handed (a resource read's parts). */
export type Script = RunScript & { received?: Part[] };

/** A fresh {@link Script}. */
export const script = (call?: RunScript["call"]): Script => runScript(call);

/** What `tools` of generate() takes: a tool object or the name of a tool defined on the instance. */
export type ToolArgument = ToolAction | string;

/** A local tool in `shape`: a tool object ("object") or a tool defined on `ai` once and named ("name"). */
export function localTool(ai: Genkit, defined: Set<string>, name: string, shape: LocalShape): ToolArgument {
  const config = { name, description: localDescription({ name, shape }), inputSchema: z.object({ probe: z.string().optional() }).passthrough(), outputSchema: z.string() };
  const run = async () => localAnswer(name);
  if (shape === "object") return ai.dynamicTool(config, run);
  if (!defined.has(name)) {
    ai.defineTool(config, run);
    defined.add(name);
  }
  return name;
}

/** Defines the model `scripted` on `ai`; each run follows the script `current()` gives when the run starts its turns. */
export function defineScriptedModel(ai: Genkit, current: () => Script): void {
  ai.defineModel({ name: "scripted", supports: { tools: true, multiturn: true } }, async (request) => {
    const seen = current();
    if (seen.turn++ === 0) {
      seen.offered = (request.tools ?? []).map((one) => ({ name: one.name, description: one.description, inputSchema: one.inputSchema }));
      seen.received = request.messages.at(-1)?.content;
      if (seen.call) {
        return { message: { role: "model", content: [{ toolRequest: { name: seen.call.name, ref: "call_1", input: seen.call.arguments } }] }, finishReason: "stop" };
      }
    } else {
      seen.returned = request.messages.flatMap((message) => message.content).flatMap((part) => (part.toolResponse ? [part.toolResponse.output] : []));
    }
    return { message: { role: "model", content: [{ text: "done" }] }, finishReason: "stop" };
  });
}
