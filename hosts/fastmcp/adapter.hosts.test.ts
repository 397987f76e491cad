/**
 * The fastmcp adapter's prompts and resources against small hand-built worlds: what the multi-server
 * `Client` shows (the router's `{key}_{name}` and `scheme://{key}/path`), where its get and read go, and what
 * it says when one server's list fails. The checks behind the prompts/ and resources/ evidence in
 * hosts/fastmcp/hosts.ts. Skipped, saying why, unless the host's venv is installed (npm run hosts:libraries).
 */
import { describe, expect, it } from "vitest";
import { contextWorldOf, paced, skipTitle, type ContextObservation } from "../../harness/index.ts";
import { adapter, hostMissing, observeContexts } from "../test-support.ts";

const missing = hostMissing("fastmcp");
const reached = (seen: ContextObservation) => [...seen.gets, ...seen.reads].map((fetch) => [fetch.name, fetch.deliveries.map((d) => `${d.server}/${d.prompt ?? d.uri}`)]);

describe.skipIf(missing !== undefined)(skipTitle("fastmcp Client (MCPConfig): prompts and resources", missing), () => {
  it("mounts each server under its key, routes by the shown name, drops a failing server's prompts silently, shows a template twin in both lists, and lists only what a lone server declares", async () => {
    const seen = await observeContexts(adapter("fastmcp"), {
      clash: contextWorldOf({ key: "alpha", prompts: ["review"], resources: ["mem://alpha/notes"] }, { key: "beta", prompts: ["review"], resources: ["mem://beta/readme"] }),
      alone: contextWorldOf({ key: "alpha", prompts: ["review"], resources: ["mem://alpha/notes"] }),
      failing: contextWorldOf({ key: "alpha", prompts: ["review"], errors: ["prompts"] }, { key: "beta", prompts: ["summarise"] }),
      twin: contextWorldOf({ key: "alpha", resources: ["mem://alpha/readme", "mem://alpha/notes"], templates: ["mem://alpha/readme"] }),
      bare: contextWorldOf({ key: "alpha" }),
    });
    // Namespace(key): a prompt becomes `{key}_{name}`, a URI `scheme://{key}/path`; the router strips it again.
    expect(seen.clash.prompts.map((prompt) => prompt.name)).toEqual(["alpha_review", "beta_review"]);
    expect(seen.clash.resources.map((resource) => resource.uri)).toEqual(["mem://alpha/alpha/notes", "mem://beta/beta/readme"]);
    expect(reached(seen.clash)).toEqual([
      ["alpha_review", ["alpha/review"]], ["beta_review", ["beta/review"]],
      ["mem://alpha/alpha/notes", ["alpha/mem://alpha/notes"]], ["mem://beta/beta/readme", ["beta/mem://beta/readme"]],
    ]);
    // With one server fastmcp mounts nothing: the same prompt is shown by its own name (prompts/context-free).
    expect(seen.alone.prompts.map((prompt) => prompt.name)).toEqual(["review"]);
    expect(seen.alone.resources.map((resource) => resource.uri)).toEqual(["mem://alpha/notes"]);
    // AggregateProvider._collect_list_results logs the proxy's error and lists the rest: the caller gets no error.
    expect(seen.failing.prompts.map((prompt) => prompt.name)).toEqual(["beta_summarise"]);
    expect(seen.failing.open.outcome.errors).toEqual([]);
    // list_resources() and list_resource_templates() are two lists as the server sent them: the twin is in both.
    expect(seen.twin.resources.map((resource) => resource.uri)).toEqual(["mem://alpha/readme", "mem://alpha/notes"]);
    expect(seen.twin.templates.map((template) => template.uriTemplate)).toEqual(["mem://alpha/readme"]);
    // One server declaring neither prompts nor resources: the Client (connected straight to it) is not asked
    // for lists the server does not have, so the open has no "Method not found" error for it.
    expect(seen.bare.open.outcome.errors).toEqual([]);
    expect([seen.bare.prompts, seen.bare.resources, seen.bare.templates]).toEqual([[], [], []]);
  }, paced(180_000));
});
