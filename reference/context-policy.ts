/**
 * The points where real hosts disagree about merging prompts and resources from several servers, the
 * counterpart of host-policy.ts for tools. The reference fills every point with the answer the tool policy
 * already gives (ADR-0112's key prefix, every page read, configuration order, failures named); a one-bug host
 * swaps one point for a real host's (the reference's answers are in reference-policy.ts, `referenceContextPolicy`). Kept apart from the tool policy, so the tool one-bug hosts merge prompts
 * and resources as the reference does and their answer keys are untouched.
 */
import type { Prompt } from "@modelcontextprotocol/sdk/types.js";

/** How a host settles two prompts it would show under one name. */
export type PromptCollision =
  /** Every server holding a contested name is refused, naming the others (what the reference would do). */
  | "refuse-all"
  /** The first claimant keeps the name; the later prompt is dropped, a debug line at most (a proxy's uniqBy). */
  | "first-wins"
  /** The later claimant is renamed `{key}_{name}` (Gemini CLI's PromptRegistry). */
  | "rename-later"
  /** Both are shown under the one name; a get reaches the first. */
  | "show-both";

/** The decisions a host makes about prompts and resources, one field per decision. */
export interface ContextPolicy {
  /** The name a prompt is shown under (the reference: `mcp__{key}__{name}`, as Claude Code's slash commands). */
  promptName(key: string, prompt: Prompt): string;
  /** Why a server's key cannot prefix its prompts' names injectively, with the remedy; undefined when it can. */
  refusePromptKey(key: string): string | undefined;
  promptCollision: PromptCollision;
  /** The order prompts are registered in: the configuration's, or the order the servers answered. */
  promptOrder: "config" | "arrival";
  /** What `prompts/get` sends: the prompt's own name, or its title where it has one (claude-code#7464). */
  promptWire: "name" | "title";
  /** How a resource is shown: under its server's key (a namespace beside the URI), or by its URI alone. */
  resourceNamespace: "key" | "none";
  /** A URI two servers list: shown for each, or only for the first (a URI deduplication, ContextForge PR#4517). */
  sharedUri: "show-all" | "first-only";
  /**
   * Where a read goes: to the server of the entry read (its namespace and URI), to the first server that
   * lists the URI (gemini-cli#28128), or to each server in turn until one answers (a client loop).
   */
  resourceRead: "entry" | "first-listing" | "each-server";
  /** Templates shown as templates, or merged into the resources with the template as the URI (Claude Code's ListMcpResourcesTool). */
  templates: "apart" | "as-resources";
  /** How far a list is read at open: every page, or until a cursor that is the empty string (taken for the end). */
  pages: "all" | "until-empty";
  /** How far a list is read again (refresh, list_changed): every page, or the first only (the TS SDK's listChanged refetch). */
  refreshPages: "all" | "first";
  /** Whether notifications/prompts/list_changed and .../resources/list_changed make the host list again. */
  listChanged: boolean;
  /** A list that fails: an error naming the server, or taken as empty with a debug line (Gemini CLI's discoverPrompts). */
  listErrors: "report" | "swallow";
}
