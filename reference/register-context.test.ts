/**
 * Context registration (register-context.ts) on hand-made server states: the reference's answers, and each
 * policy point a one-bug host swaps (a rename, a first-wins merge, a URI kept for the first server only,
 * templates merged into resources).
 */
import { describe, expect, it } from "vitest";
import type { ContextPolicy } from "./context-policy.ts";
import { referenceContextPolicy } from "./reference-policy.ts";
import { registerContext, type ContextSource } from "./register-context.ts";
import { ServerContext } from "./server-context.ts";

/** A server state as registration sees it: its key, position and lists. */
function source(key: string, index: number, lists: { prompts?: string[]; resources?: string[]; templates?: string[]; failure?: string }): ContextSource {
  const context = new ServerContext(key, referenceContextPolicy);
  if (lists.prompts) context.prompts = lists.prompts.map((name) => ({ name }));
  if (lists.resources) context.resources = lists.resources.map((uri) => ({ uri, name: uri }));
  if (lists.templates) context.templates = lists.templates.map((uriTemplate) => ({ uriTemplate, name: uriTemplate }));
  if (lists.failure) context.failures.prompts = lists.failure;
  return { key, index, arrival: index, context };
}

const policy = (change: Partial<ContextPolicy>): ContextPolicy => ({ ...referenceContextPolicy, ...change });
const bare: Partial<ContextPolicy> = { promptName: (_key, prompt) => prompt.name, refusePromptKey: () => undefined };

describe("registerContext", () => {
  it("shows every prompt as mcp__{key}__{name} with its server and wire name, and every resource under its key", () => {
    const done = registerContext(referenceContextPolicy, [source("alpha", 0, { prompts: ["review"], resources: ["mem://shared"] }), source("beta", 1, { prompts: ["review"], resources: ["mem://shared"] })]);
    expect(done.prompts.map((route) => route.shown)).toEqual([
      { name: "mcp__alpha__review", server: "alpha", wireName: "review" },
      { name: "mcp__beta__review", server: "beta", wireName: "review" },
    ]);
    expect(done.resources.map((route) => [route.shown.namespace, route.shown.uri])).toEqual([["alpha", "mem://shared"], ["beta", "mem://shared"]]);
    expect(done.errors).toEqual([]);
  });

  it("refuses a server whose own prompts meet on one shown name, and one whose key cannot prefix names, naming it", () => {
    const done = registerContext(referenceContextPolicy, [source("alpha", 0, { prompts: ["review", "review"] }), source("a__b", 1, { prompts: ["x"] }), source("beta", 2, { prompts: ["ok"] })]);
    expect(done.prompts.map((route) => route.shown.name)).toEqual(["mcp__beta__ok"]);
    expect(done.errors.map((error) => error.server)).toEqual(["a__b", "alpha"]);
    expect(done.errors.find((error) => error.server === "alpha")!.message).toMatch(/the prompt name "mcp__alpha__review" would also be shown for another of its own prompts; missing: "review", "review"/);
  });

  it("names a server whose list failed, keeping what it listed before", () => {
    const done = registerContext(referenceContextPolicy, [source("alpha", 0, { prompts: ["review"], failure: "server \"alpha\" could not list its prompts" })]);
    expect(done.prompts).toHaveLength(1);
    expect(done.errors).toEqual([{ server: "alpha", index: 0, message: "server \"alpha\" could not list its prompts" }]);
  });

  it("renames the later of two bare names {key}_{name}, or keeps the first only, as a swapped policy says", () => {
    const states = [source("alpha", 0, { prompts: ["review"] }), source("beta", 1, { prompts: ["review"] })];
    expect(registerContext(policy({ ...bare, promptCollision: "rename-later" }), states).prompts.map((route) => route.shown.name)).toEqual(["review", "beta_review"]);
    expect(registerContext(policy({ ...bare, promptCollision: "first-wins" }), states).prompts.map((route) => [route.shown.name, route.server])).toEqual([["review", "alpha"]]);
    expect(registerContext(policy({ ...bare, promptCollision: "show-both" }), states).prompts.map((route) => route.shown.name)).toEqual(["review", "review"]);
  });

  it("shows a template apart, once as a resource where it repeats one of its server's URIs, or merged into the resources", () => {
    const states = [source("alpha", 0, { resources: ["mem://alpha/readme"], templates: ["mem://alpha/readme", "mem://alpha/items/{id}"] })];
    const apart = registerContext(referenceContextPolicy, states);
    expect(apart.resources.map((route) => route.shown.uri)).toEqual(["mem://alpha/readme"]);
    expect(apart.templates.map((template) => template.uriTemplate)).toEqual(["mem://alpha/items/{id}"]);
    const merged = registerContext(policy({ templates: "as-resources" }), states);
    expect(merged.resources.map((route) => route.shown.uri)).toEqual(["mem://alpha/readme", "mem://alpha/readme", "mem://alpha/items/{id}"]);
    expect(merged.templates).toEqual([]);
  });

  it("keeps a URI two servers list for the first only where the policy deduplicates, shown by URI alone", () => {
    const done = registerContext(policy({ resourceNamespace: "none", sharedUri: "first-only" }), [source("alpha", 0, { resources: ["mem://shared"] }), source("beta", 1, { resources: ["mem://shared", "mem://beta"] })]);
    expect(done.resources.map((route) => [route.server, route.shown.uri, route.shown.namespace])).toEqual([["alpha", "mem://shared", undefined], ["beta", "mem://beta", undefined]]);
  });
});
