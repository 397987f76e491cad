/**
 * Which tools of a model turn are the CLI's own. Policy: a built-in is known by its place (namespace and
 * name) in the no-server baseline, never by its description: a CLI may write the session's folder, a date or
 * anything else that changes between sessions into a built-in's description (Continue's `Bash` names the
 * working directory), and a description compared whole took such a built-in for a server's tool. A server's
 * tool given a built-in's name (guard/local-occupant) is still told apart: every fake tool's description
 * carries its identity marker, which no built-in has.
 */
import { visibleKey } from "../protocol/visible-name.ts";
import type { VisibleTool } from "../protocol/tools-result.ts";
import { identityOf } from "../world/tool-identity.ts";

/** The CLI's own tools, as its no-server baseline offered them, and those it adds only beside servers. */
export class BuiltinTools {
  private readonly places = new Set<string>();
  /** The baseline's names outside any namespace, in the CLI's order: its fixed local tools (HAP/1 `builtinTools`). */
  readonly names: string[] = [];

  /** `own`: tools the CLI adds itself only when a server is configured (AgentCli.ownTools). */
  constructor(baseline: readonly VisibleTool[], private readonly own: readonly string[] = []) {
    for (const tool of baseline) {
      this.places.add(visibleKey(tool));
      // A namespaced built-in has no one name a server's tool could be given.
      if (tool.namespace === undefined && !this.names.includes(tool.name)) this.names.push(tool.name);
    }
  }

  /** Whether `tool` is the CLI's own: in a built-in's place (or one of its own beside servers), and no fake tool's. */
  has(tool: VisibleTool): boolean {
    const place = this.places.has(visibleKey(tool)) || (tool.namespace === undefined && this.own.includes(tool.name));
    return place && identityOf(tool.description) === undefined;
  }
}
