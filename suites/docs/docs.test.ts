/**
 * The spec in docs/ is the code's own account of itself: docs/clauses.md is exactly what the clauses, the
 * situations, the answer key and the one-bug hosts render to; the generated half of docs/sources.md is
 * fresh and every citation a clause makes is explained there; docs/hap-1.md names every method and every
 * field of the HAP/1 schemas, and its worked transcript is a real session (retaken and compared) whose every
 * message matches the schemas. Regenerate with `npm run docs`.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CapabilitiesSchema, catalogueHistory, catalogueVersion, DiagnosticSchema, HostErrorSchema, InitializeResultSchema, LocalShapeSchema,
  LocalToolSchema, namingProfile, OpenParamsSchema, OpenResultSchema, OutcomeSchema, packageRoot, PinResultSchema, PromptsResultSchema, ResourcesResultSchema, ServerConfigSchema,
  ShownPromptArgumentSchema, ShownPromptSchema, ShownResourceSchema, ShownTemplateSchema, ShutdownResultSchema, situationMeanings, VisibleToolSchema, type Capabilities, paced } from "../../harness/index.ts";
import { oneBugHosts } from "../../reference/index.ts";
import { bugCatalogue } from "../bug-catalogue.ts";
import { controlRun, expectedConfounded, expectedFailures } from "../expected-failures.ts";
import { clauses } from "../index.ts";
import { renderClausesDoc } from "./clauses-doc.ts";
import { checkMessage, readTranscript, renderTranscript, takeTranscript, TRANSCRIPT_END, TRANSCRIPT_START } from "./hap-transcript.ts";
import { sourceDocuments } from "./source-documents.ts";
import { GENERATED_END, GENERATED_START, renderSourcesBlock, unexplainedCitations } from "./sources-doc.ts";
import { NODE_TABLE_END, NODE_TABLE_START, renderNodeTable } from "./node-table.ts";
import { between } from "./splice.ts";

const stale = "stale: regenerate with `npm run docs`";
const doc = (name: string) => readFile(join(packageRoot, "docs", name), "utf8");

describe("docs/clauses.md", () => {
  it("is exactly what the clause registry, the situations, the answer key and the one-bug hosts render to", async () => {
    expect(await doc("clauses.md"), stale).toBe(renderClausesDoc({ clauses, expectedFailures, expectedConfounded, oneBugHosts, controlRun }));
  });

  it("has what it renders: a why for every clause, a meaning for every situation a clause requires, the current version's history", () => {
    expect(clauses.filter((clause) => !clause.why?.trim()).map((clause) => clause.id)).toEqual([]);
    const unexplained = clauses.flatMap((clause) => clause.requires
      .filter((situation) => !Object.hasOwn(situationMeanings, situation) && !clause.checkSituations?.[situation])
      .map((situation) => `${clause.id}: ${situation}`));
    expect(unexplained).toEqual([]);
    expect(Object.keys(catalogueHistory)).toContain(catalogueVersion);
  });

  it("says what each clause needs exactly as its notApplicable decides it", () => {
    const none = CapabilitiesSchema.parse({});
    const all: Capabilities = {
      ...none, refresh: true, listChanged: true, localTools: true, registerLocal: [...LocalShapeSchema.options], requestSchemas: true, pins: true, allowDeny: true, profile: "adr-0112",
      deferredTools: { searchTool: "tool_search" },
      prompts: true, resources: true, resourceTemplates: true, promptsListChanged: true, resourcesListChanged: true,
    };
    const host = { protocolVersion: "1" as const, host: { name: "h", version: "1" }, transports: ["stdio" as const], capabilities: none };
    for (const clause of clauses) {
      const without = clause.notApplicable?.({ capabilities: none, profile: undefined, host });
      const withAll = clause.notApplicable?.({ capabilities: all, profile: namingProfile("adr-0112"), host: { ...host, capabilities: all } });
      if (clause.needs && clause.needs.length > 0) {
        expect(without, `${clause.id} needs ${clause.needs.join(", ")} but applies without them`).toBeTypeOf("string");
        expect(withAll, `${clause.id} is not applicable even with every capability`).toBeUndefined();
      } else {
        expect(without, `${clause.id} declares no needs but is not applicable to a host without capabilities`).toBeUndefined();
      }
    }
  });
});

describe("docs/sources.md", () => {
  let sources: string;
  beforeAll(async () => {
    sources = await doc("sources.md");
  });

  it("explains every source a clause cites: a known document or a public report", () => {
    expect(unexplainedCitations(clauses)).toEqual([]);
    for (const document of sourceDocuments) expect(sources, document.anchor).toContain(`<a id="${document.anchor}"></a>`);
    expect(sources).toContain('<a id="public-reports"></a>');
  });

  it("has a fresh generated half: which clause cites what, the profiles, the one-bug hosts' and the bug catalogue's sources", () => {
    expect(between(sources, GENERATED_START, GENERATED_END), stale).toBe(renderSourcesBlock({ clauses, oneBugHosts, bugCatalogue }));
  });
});

describe("hosts/README.md", () => {
  it("has a fresh table of the Node each host runs on, from every host.json and cli.json", async () => {
    const readme = await readFile(join(packageRoot, "hosts", "README.md"), "utf8");
    const table = renderNodeTable();
    expect(between(readme, NODE_TABLE_START, NODE_TABLE_END), stale).toBe(table);
    // Every host folder is a row, and a host that declares a Node major shows the pinned runtime's version.
    expect(table).toContain("| [`vercel-ai/`](vercel-ai/) | `@ai-sdk/mcp` 2.0.99, `ai` 7.0.185 | folder | 22.23.5 (hosts/node-runtimes/node22) |");
    expect(table).toContain("| [`langchain/`](langchain/) |");
  });
});

describe("docs/hap-1.md", () => {
  let hap: string;
  beforeAll(async () => {
    hap = await doc("hap-1.md");
  });

  it("documents every method and every field of the HAP/1 schemas", () => {
    const methods = [
      "initialize", "session/open", "session/tools", "session/call", "session/close", "shutdown", "session/refresh", "session/registerLocal", "session/pin",
      "session/prompts", "session/getPrompt", "session/resources", "session/readResource",
    ];
    for (const method of methods) expect(hap, method).toMatch(new RegExp(`^### .*\`${method}\``, "m"));
    const objects: z.ZodObject[] = [
      InitializeResultSchema, CapabilitiesSchema, OpenParamsSchema, ServerConfigSchema, OpenResultSchema, OutcomeSchema, HostErrorSchema, DiagnosticSchema, VisibleToolSchema, LocalToolSchema,
      PinResultSchema, ShutdownResultSchema, PromptsResultSchema, ShownPromptSchema, ShownPromptArgumentSchema, ResourcesResultSchema, ShownResourceSchema, ShownTemplateSchema,
    ];
    const fields = objects.flatMap((schema) => Object.keys(schema.shape));
    for (const name of [...fields, ...LocalShapeSchema.options]) expect(hap, name).toMatch(new RegExp(`\`[^\`]*\\b${name}\\b[^\`]*\``));
  });

  it("has a worked transcript whose every message matches the schemas", () => {
    const messages = readTranscript(hap);
    expect(messages.map((message) => message.method)).toEqual(expect.arrayContaining([
      "initialize", "session/open", "session/tools", "session/call", "session/close", "shutdown", "session/prompts", "session/getPrompt", "session/resources", "session/readResource",
    ]));
    for (const message of messages) {
      expect(() => checkMessage(message.method, "params", message.params), message.method).not.toThrow();
      expect(() => checkMessage(message.method, "result", message.result), message.method).not.toThrow();
    }
  });

  it("has the transcript a real session with the reference host gives today", async () => {
    expect(between(hap, TRANSCRIPT_START, TRANSCRIPT_END), stale).toBe(renderTranscript(await takeTranscript()));
  }, paced(120_000));
});
