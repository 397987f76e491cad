import { describe, expect, it } from "vitest";
import { describeTool } from "../world/tool-identity.ts";
import { BuiltinTools } from "./builtin-tools.ts";

/** Continue's `Bash`, whose description names the session's working directory (a new folder every session). */
const bash = (cwd: string) => ({ name: "Bash", description: `Run a shell command in ${cwd}`, inputSchema: { type: "object" } });

describe("a CLI's own tools, learnt from its no-server baseline", () => {
  const builtins = new BuiltinTools([bash("/tmp/session-1/cwd"), { name: "Read", description: "Read a file" }, { namespace: "web", name: "fetch" }], ["list_mcp_resources"]);

  it("are known by their place, whatever their description says this session", () => {
    expect(builtins.has(bash("/tmp/session-2/cwd"))).toBe(true);
    expect(builtins.has({ name: "Read", description: "Read a file (today: 2026-12-06)" })).toBe(true);
    expect(builtins.has({ namespace: "web", name: "fetch" })).toBe(true);
    expect(builtins.has({ name: "list_mcp_resources", description: "List resources" })).toBe(true);
    expect(builtins.names).toEqual(["Bash", "Read"]);
  });

  it("never take a server's tool: one named like a built-in carries its identity marker, and a new name is the server's", () => {
    expect(builtins.has({ name: "Bash", description: describeTool("alpha", "Bash") })).toBe(false);
    expect(builtins.has({ name: "list_mcp_resources", description: describeTool("alpha", "list_mcp_resources") })).toBe(false);
    expect(builtins.has({ name: "alpha_search", description: "a description the CLI rewrote" })).toBe(false);
    expect(builtins.has({ name: "fetch" })).toBe(false);
  });
});
