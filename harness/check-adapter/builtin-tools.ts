/**
 * What `check-adapter` reads of the tools a host declares it always offers its model (HAP/1
 * `capabilities.builtinTools`, an extension: BeeAI's RequirementAgent always offers `final_answer`, an agent
 * CLI its own tools). They are the host's, not a server's: registered under no server and never called as a
 * server's tool. A declared built-in the host does not show is the adapter's mistake, since a run holds the
 * host to keeping its name (`guard/local-occupant`).
 */
import type { VisibleTool } from "../protocol/tools-result.ts";
import type { Finding } from "./findings.ts";

const quoted = (value: unknown) => JSON.stringify(value);

/** What a session's tool list says about the declared `builtins`: each shown, or a mistake naming those missing. */
export function builtinFindings(step: string, tools: readonly VisibleTool[], builtins: readonly string[]): Finding[] {
  if (builtins.length === 0) return [];
  const shown = new Set(tools.filter((tool) => tool.namespace === undefined).map((tool) => tool.name));
  const missing = builtins.filter((name) => !shown.has(name));
  // A host that showed nothing at all (it refused the open) says nothing about its built-ins.
  if (tools.length === 0) return [];
  if (missing.length > 0) {
    return [{
      level: "mistake", step,
      message: `capabilities.builtinTools declares ${missing.map(quoted).join(", ")}, which session/tools does not show: declare only the tools the host always offers its model (a run holds the host to keeping their names)`,
    }];
  }
  return [{ level: "ok", step, message: `the declared built-in(s) ${builtins.map(quoted).join(", ")} shown, registered under no server, not called as a server's` }];
}
