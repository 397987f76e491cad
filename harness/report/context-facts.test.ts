import { describe, expect, it } from "vitest";
import { describeTool } from "../world/tool-identity.ts";
import { caseFacts } from "./defect-facts.ts";
import { failing, reportOf } from "./test-support/defect-fixtures.ts";
import { groupDefects } from "./group-defects.ts";
import type { EvidenceStep, Finding } from "./report-model.ts";

/** A server of a context world: what it lists, which lists fail, how it pages. */
interface ContextSpec {
  key: string;
  prompts?: string[];
  resources?: string[];
  templates?: string[];
  contextErrors?: string[];
  contextPaging?: Record<string, { pageSize: number; emptyCursor?: boolean }>;
}

/** One world's session as the records hold it, and what each server received. */
interface ContextCase {
  servers: ContextSpec[];
  /** Shown prompts: [shown name, server, prompt, title?]. */
  prompts?: Array<[string, string, string, string?]>;
  /** Shown resources: [uri, namespace, server, uri the marker names]. */
  resources?: Array<[string, string | undefined, string, string]>;
  /** Gets and reads asked of the host: the shown name (a prompt) or [uri, namespace] (a resource). */
  gets?: string[];
  reads?: Array<[string, string?]>;
  /** Per server: its list requests ([method, cursor?]), the prompt names and URIs it received. */
  received?: Record<string, { lists?: Array<[string, string?]>; gets?: string[]; reads?: string[] }>;
  errors?: Array<{ server?: string; message: string }>;
}

/** The evidence of one or more worlds, each opened once as the prompt and resource clauses open them. */
function contextEvidence(worlds: readonly ContextCase[]): Finding["evidence"] {
  const steps: EvidenceStep[] = [];
  worlds.forEach((spec, index) => {
    const world = index + 1;
    const session = index + 1;
    steps.push({ kind: "world", world, transport: "memory", servers: spec.servers.map((server) => ({ tools: [`${server.key}-status`], ...server })) });
    steps.push({ kind: "host", method: "open", session, request: { servers: spec.servers.map(({ key }) => ({ key, transport: "memory" })) }, answer: { outcome: { registered: {}, errors: spec.errors ?? [] }, diagnostics: [] } });
    steps.push({ kind: "host", method: "prompts", session, request: {}, answer: { prompts: (spec.prompts ?? []).map(([name, key, prompt, title]) => ({ name, ...(title ? { title } : {}), description: describeTool(key, prompt, "Fake prompt") })) } });
    steps.push({ kind: "host", method: "resources", session, request: {}, answer: { resources: (spec.resources ?? []).map(([uri, namespace, key, marker]) => ({ uri, ...(namespace ? { namespace } : {}), description: describeTool(key, marker, "Fake resource") })), templates: [] } });
    for (const name of spec.gets ?? []) steps.push({ kind: "host", method: "getPrompt", session, request: { name, arguments: { topic: "refund policy" } }, answer: { ok: true, messages: [] } });
    for (const [uri, namespace] of spec.reads ?? []) steps.push({ kind: "host", method: "readResource", session, request: { uri, ...(namespace ? { namespace } : {}) }, answer: { ok: true, contents: [] } });
    for (const server of spec.servers) {
      const got = spec.received?.[server.key] ?? {};
      const lists = got.lists ?? [...(server.prompts ? [["prompts/list"] as [string]] : []), ...(server.resources ? [["resources/list"] as [string]] : [])];
      steps.push({ kind: "received", world, server: server.key, messages: [
        ...lists.map(([method, cursor]) => ({ method, connection: 1, ...(cursor !== undefined ? { cursor } : {}) })),
        ...(got.gets ?? []).map((prompt) => ({ method: "prompts/get", connection: 1, prompt, arguments: { topic: "refund policy" } })),
        ...(got.reads ?? []).map((uri) => ({ method: "resources/read", connection: 1, uri })),
      ] });
    }
  });
  return { steps, omitted: 0 };
}

/** A finding of case `number` whose clause saw `observed`, on `worlds`. */
function contextFinding(number: number, worlds: readonly ContextCase[], observed: string): Finding {
  const servers = worlds[0]!.servers.map(({ key }) => ({ key, tools: [`${key}-status`], serverInfo: { name: key, version: "1.0.0" } }));
  return {
    case: number, kind: "constructed", status: "fail", reason: `violated on constructed case ${number}`, path: String(number - 1),
    counterexample: { servers, variants: [], value: {} }, expected: "expected", observed, evidence: contextEvidence(worlds),
  };
}

const keys = (found: Finding) => caseFacts(found.evidence!).map((fact) => fact.key);

describe("facts of prompts and resources", () => {
  // prompts-deduped-by-name: the first of two "review" prompts kept, the other lost with no word; on a bigger world too.
  const clash = contextFinding(1, [{ servers: [{ key: "alpha", prompts: ["review"] }, { key: "beta", prompts: ["review"] }], prompts: [["review", "alpha", "review"]], gets: ["review"], received: { alpha: { lists: [["prompts/list"]], gets: ["review"] } } }], "\"review\" of \"beta\" not shown");
  const bigger = contextFinding(2, [{ servers: [{ key: "alpha", prompts: ["review", "summarise"] }, { key: "beta", prompts: ["review", "explain"] }], prompts: [["review", "alpha", "review"], ["summarise", "alpha", "summarise"], ["explain", "beta", "explain"]] }], "\"review\" of \"beta\" not shown (companions)");

  it("reads a prompt lost to another server's prompt of the same name, in every world alike", () => {
    expect(keys(clash)).toContain("context-clash:prompts");
    expect(keys(bigger)).toContain("context-clash:prompts");
  });

  it("makes the findings of one loss one defect, titled by the behaviour and never by a clause id", () => {
    const report = reportOf([failing("prompts/no-silent-loss", [clash, bigger]), failing("prompts/order-independent", [{ ...bigger, case: 5 }])]);
    const { defects } = groupDefects(report);
    expect(defects).toHaveLength(1);
    expect(defects[0]!.title).toMatch(/^loses a prompt to another server's prompt of the same name: does not show the prompts "review" of "beta", and no error names "beta"; shows "review" for "alpha" \/ "review"/);
    expect(defects[0]!.title).not.toMatch(/saw:|prompts\//);
  });

  it("reads one URI shown for two servers' resources, and a read sent to a server the resource was not shown for", () => {
    const shared = contextFinding(1, [{ servers: [{ key: "alpha", resources: ["mem://shared/readme"] }, { key: "beta", resources: ["mem://shared/readme"] }], resources: [["mem://shared/readme", undefined, "alpha", "mem://shared/readme"], ["mem://shared/readme", undefined, "beta", "mem://shared/readme"]], reads: [["mem://shared/readme"]], received: { alpha: { reads: ["mem://shared/readme"] } } }], "shown under one name");
    expect(keys(shared)).toEqual(["context-twice:resources"]);
    // resource-read-tries-each-server: beta's URI asked of alpha first; on the shared world, beta's copy read from alpha.
    const tries = contextFinding(1, [{ servers: [{ key: "alpha", resources: ["mem://alpha/notes"] }, { key: "beta", resources: ["mem://beta/readme"] }], resources: [["mem://alpha/notes", "alpha", "alpha", "mem://alpha/notes"], ["mem://beta/readme", "beta", "beta", "mem://beta/readme"]], reads: [["mem://alpha/notes", "alpha"], ["mem://beta/readme", "beta"]], received: { alpha: { reads: ["mem://alpha/notes", "mem://beta/readme"] }, beta: { reads: ["mem://beta/readme"] } } }], "read of beta reached alpha, beta");
    const first = contextFinding(2, [{ servers: [{ key: "alpha", resources: ["mem://shared/readme"] }, { key: "beta", resources: ["mem://shared/readme"] }], resources: [["mem://shared/readme", "alpha", "alpha", "mem://shared/readme"], ["mem://shared/readme", "beta", "beta", "mem://shared/readme"]], reads: [["mem://shared/readme", "alpha"], ["mem://shared/readme", "beta"]], received: { alpha: { reads: ["mem://shared/readme", "mem://shared/readme"] } } }], "read of beta reached alpha");
    const { defects } = groupDefects(reportOf([failing("resources/read-routes", [tries]), failing("resources/shared-uri", [first])]));
    expect(defects.map((defect) => [defect.title.split(":")[0], defect.violations.length])).toEqual([["sends a read of a shown resource to a server it was not shown for", 2]]);
  });

  it("reads a failing list no error names, and a list stopped at its first nextCursor of \"\" saying what the records cannot tell", () => {
    const swallowed = contextFinding(1, [{ servers: [{ key: "alpha", prompts: ["review"], contextErrors: ["prompts"] }, { key: "beta", prompts: ["summarise"] }], prompts: [["summarise", "beta", "summarise"]] }], "\"alpha\" answered prompts with an error");
    expect(keys(swallowed)).toEqual(["context-failing:unnamed"]);
    const stopped = contextFinding(4, [{ servers: [{ key: "alpha", prompts: ["review", "summarise", "explain"], contextPaging: { prompts: { pageSize: 1, emptyCursor: true } } }], prompts: [["review", "alpha", "review"]] }], "\"summarise\", \"explain\" of \"alpha\" not shown");
    const facts = caseFacts(stopped.evidence!);
    expect(facts.map((fact) => fact.key)).toEqual(["context-prefix:empty-cursor"]);
    expect(facts[0]!.text).toMatch(/cannot tell/);
    // A host that followed the cursor "" would have sent it: no fact of a stop then.
    const followed = contextFinding(4, [{ servers: [{ key: "alpha", prompts: ["review", "summarise"], contextPaging: { prompts: { pageSize: 1, emptyCursor: true } } }], prompts: [["review", "alpha", "review"]], received: { alpha: { lists: [["prompts/list"], ["prompts/list", ""]] } } }], "lost after following");
    expect(keys(followed)).not.toContain("context-prefix:empty-cursor");
  });

  it("reads one prompt shown under several names across the case's worlds, and a title sent as a name", () => {
    const renamed = contextFinding(2, [
      { servers: [{ key: "alpha", prompts: ["review"] }, { key: "beta", prompts: ["review"] }], prompts: [["review", "alpha", "review"], ["beta_review", "beta", "review"]] },
      { servers: [{ key: "beta", prompts: ["review"] }], prompts: [["review", "beta", "review"]] },
    ], "\"review\" of \"beta\" is \"beta_review\" with both, \"review\" alone");
    expect(keys(renamed)).toEqual(["context-renamed:prompts"]);
    const titled = contextFinding(1, [{ servers: [{ key: "alpha", prompts: ["review"] }], prompts: [["mcp__alpha__review", "alpha", "review", "Review Code"]], gets: ["mcp__alpha__review"], received: { alpha: { gets: ["Review Code"] } } }], "reached \"Review Code\"");
    expect(keys(titled)).toEqual(["context-get:title"]);
  });

  it("tells two prompt worlds with the same servers' keys and tools apart when no fact explains them", () => {
    // Before, the world a finding no fact explains was the servers' keys and tools alone: two worlds of other prompts were one.
    const a = contextFinding(1, [{ servers: [{ key: "alpha", prompts: ["review"] }], prompts: [["review", "alpha", "review"]] }], "story a");
    const b = contextFinding(2, [{ servers: [{ key: "alpha", prompts: ["summarise"] }], prompts: [["summarise", "alpha", "summarise"]] }], "story b");
    expect(groupDefects(reportOf([failing("prompts/injective", [a, b])])).defects).toHaveLength(2);
  });
});
