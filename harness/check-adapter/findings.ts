/**
 * What `mcp-collide check-adapter` finds, and the readings of one answer it makes without the adapter:
 * an answer's shape against the HAP/1 schema, and whether `registered`, `errors` and the tool list agree
 * with each other and with the configuration. A mistake is the adapter's (it breaks the protocol: a run
 * would score ERROR or judge on wrong evidence); a note is worth knowing but not wrong (or it is the host's
 * doing, which a run judges).
 */
import type { z } from "zod";
import { errorNamesServer } from "../runner/surface.ts";
import type { Outcome } from "../protocol/open-result.ts";
import type { VisibleTool } from "../protocol/tools-result.ts";
import { identityOf } from "../world/tool-identity.ts";

/** How much a finding matters: `mistake` fails the check. */
export type FindingLevel = "ok" | "mistake" | "note";

/** One line of the check's verdict. */
export interface Finding {
  level: FindingLevel;
  /** The method or step it is about, e.g. `session/open`. */
  step: string;
  message: string;
}

const quoted = (value: unknown) => JSON.stringify(value);

/** Reads `value` with `schema`: the parsed data, or one mistake per schema issue, each naming its field. */
export function readShape<T>(step: string, what: string, schema: z.ZodType<T>, value: unknown): { data?: T; findings: Finding[] } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { data: parsed.data, findings: [] };
  const findings = parsed.error.issues.map((issue): Finding => {
    const field = [what, ...issue.path.map(String)].join(".");
    return { level: "mistake", step, message: `${field}: ${issue.message} (got ${quoted(valueAt(value, issue.path))})` };
  });
  return { findings };
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let at = value;
  for (const key of path) at = at !== null && typeof at === "object" ? (at as Record<PropertyKey, unknown>)[key] : undefined;
  const text = JSON.stringify(at);
  return text !== undefined && text.length > 120 ? `${text.slice(0, 120)}…` : at;
}

/** What `outcome` gets wrong about the configured `keys`: keys missing from or foreign to `registered`, errors blaming a server that is not configured. */
export function outcomeFindings(step: string, outcome: Outcome, keys: readonly string[]): Finding[] {
  const findings: Finding[] = [];
  const listed = Object.keys(outcome.registered);
  for (const key of keys) {
    if (!listed.includes(key)) {
      findings.push({ level: "mistake", step, message: `outcome.registered has no entry for ${quoted(key)}: list every configured key, with [] when the host registered nothing for it` });
    }
  }
  for (const key of listed) {
    if (!keys.includes(key)) findings.push({ level: "mistake", step, message: `outcome.registered has ${quoted(key)}, which is not a configured key: key it by the configuration key, not by a label or serverInfo.name` });
  }
  outcome.errors.forEach((error, index) => {
    if (error.server !== undefined && !keys.includes(error.server)) {
      findings.push({ level: "mistake", step, message: `outcome.errors[${index}].server is ${quoted(error.server)}, which is not a configured key: set it to the key of the server the host blamed` });
    }
    const named = error.server === undefined ? keys.filter((key) => errorNamesServer(error, key)) : [];
    if (named.length > 0) {
      findings.push({
        level: "note", step,
        message: `outcome.errors[${index}] has no "server" but its message names ${named.map(quoted).join(", ")}: if the host said which server (a field, an error class), set "server"; the harness otherwise attributes it only where the message quotes the key`,
      });
    }
  });
  return findings;
}

/**
 * What the open's `outcome` and the tool list get wrong together: a registered name not shown, a shown
 * name registered under no server or under another server than the one it came from, and a failed open
 * that still claims registrations. `local` are names of the host's own tools (local tools, the built-ins
 * it declared), shown without a server.
 */
export function surfaceFindings(step: string, outcome: Outcome, tools: readonly VisibleTool[], local: readonly string[] = []): Finding[] {
  const anonymous = outcome.errors.some((error) => error.server === undefined);
  const claimed = Object.entries(outcome.registered).filter(([, names]) => names.length > 0).map(([key]) => key);
  if (anonymous && tools.length === 0 && claimed.length > 0) {
    // One mistake, not one per name: the rule for a refused open says every key maps to [].
    return [{
      level: "mistake", step,
      message: `the open failed as a whole (an error naming no server, no tool shown), yet outcome.registered claims tools for ${claimed.map(quoted).join(", ")}: a refused open registers nothing, so every key maps to []`,
    }];
  }
  const findings: Finding[] = [];
  const shown = new Set(tools.map((tool) => tool.name));
  // A host that shows one name twice (one per server) may register it under both: owners are a set.
  const ownersOf = new Map<string, Set<string>>();
  for (const [key, names] of Object.entries(outcome.registered)) {
    for (const name of names) {
      ownersOf.set(name, (ownersOf.get(name) ?? new Set()).add(key));
      if (!shown.has(name)) findings.push({ level: "mistake", step, message: `outcome.registered[${quoted(key)}] lists ${quoted(name)}, which session/tools does not show: list the names the host shows` });
    }
  }
  // A host whose API does not say what it registered (an agent CLI) honestly answers [] for every key.
  const silent = Object.values(outcome.registered).every((names) => names.length === 0);
  if (silent && tools.some((tool) => !local.includes(tool.name))) {
    findings.push({
      level: "note", step,
      message: "outcome.registered is [] for every key while tools are shown: right only when the host's API does not say what it registered; otherwise list each shown name under its server",
    });
  }
  for (const tool of silent ? [] : tools) {
    const owners = ownersOf.get(tool.name);
    const origin = identityOf(tool.description)?.server;
    if (owners === undefined && !local.includes(tool.name)) {
      const builtin = origin ? ` (here ${quoted(origin)})` : "; a tool the host always offers its model beside the servers' (a built-in) belongs in capabilities.builtinTools instead";
      findings.push({ level: "mistake", step, message: `session/tools shows ${quoted(tool.name)}, which outcome.registered lists under no server: list each shown name under the server it came from${builtin}` });
    } else if (owners !== undefined && origin !== undefined && !owners.has(origin)) {
      findings.push({ level: "mistake", step, message: `outcome.registered lists ${quoted(tool.name)} under ${[...owners].map(quoted).join(", ")}, but it comes from server ${quoted(origin)}: list it under the server it came from` });
    }
  }
  const unmarked = tools.filter((tool) => !local.includes(tool.name) && identityOf(tool.description) === undefined).map((tool) => tool.name);
  if (unmarked.length > 0) {
    findings.push({
      level: "note", step,
      message: `session/tools drops or rewrites the description of ${unmarked.map(quoted).join(", ")}: hand back each description as the host shows it to the model (the harness reads a tool's origin from it, else it must call the tool to find out)`,
    });
  }
  return findings;
}
