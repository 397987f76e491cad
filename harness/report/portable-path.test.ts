import { describe, expect, it } from "vitest";
import { expandPortableArgv, portableArgv, portableClauseReport, portableHostArgs, portableText, type PathContext } from "./portable-path.ts";
import type { ClauseReport } from "./report-model.ts";

/** Two machines with the same checkout layout under different homes, temp dirs and interpreters. */
const machine = (home: string, temp: string, node: string): PathContext => ({
  cwd: `${home}/src/proj`, packageRoot: `${home}/src/proj/node_modules/mcp-collide`, home, temp: [temp],
  execPath: node, tsxLoader: `file://${home}/src/proj/node_modules/mcp-collide/node_modules/tsx/dist/loader.mjs`, path: "",
});
const alice = machine("/home/alice", "/tmp", "/usr/bin/node");
const bob = machine("/Users/bob", "/var/folders/xy/T", "/opt/homebrew/bin/node");

const argvOn = (m: PathContext) => [m.execPath, "--import", m.tsxLoader, `${m.packageRoot}/reference/main.ts`, "--bug", "last-wins"];

describe("portable paths", () => {
  it("records the same host command on two machines, and nothing of either (the package's own paths relative to its root)", () => {
    expect(portableArgv(argvOn(alice), alice)).toEqual(["node", "--import", "tsx", "reference/main.ts", "--bug", "last-wins"]);
    expect(portableArgv(argvOn(bob), bob)).toEqual(portableArgv(argvOn(alice), alice));
  });

  it("records an agent CLI's --agent-bin in a repro line as it records a host command", () => {
    expect(portableHostArgs(["--agent", "codex", "--agent-bin", "/tmp/old/node_modules/.bin/codex"], alice)).toEqual(["--agent", "codex", "--agent-bin", "$TMPDIR/old/node_modules/.bin/codex"]);
    expect(portableHostArgs(["--", "/usr/bin/node", "/home/alice/src/proj/a.js"], alice)).toEqual(["--", "node", "a.js"]);
  });

  it("makes paths in evidence relative, with home as ~ and temp as $TMPDIR", () => {
    const text = `Error: at file:///home/alice/src/proj/adapter.js:3\n  spawn /home/alice/bin/x ENOENT in /tmp/mcp-collide-x/s (cwd /home/alice/src/proj)`;
    expect(portableText(text, alice)).toBe("Error: at adapter.js:3\n  spawn ~/bin/x ENOENT in $TMPDIR/mcp-collide-x/s (cwd .)");
    expect(portableText("/home/alicesmith/x and /tmpfoo", alice)).toBe("/home/alicesmith/x and /tmpfoo");
  });

  it("rewrites the host's answers quoted in a failure's evidence and compared sessions (stack traces included), and nothing else", () => {
    const trace = "Error: bad input\n    at DynamicStructuredTool.call (/home/alice/src/proj/node_modules/@langchain/core/src/tools/index.ts:252:15)";
    const clause = {
      id: "wire/passthrough", reason: "violated", counterexample: { value: { note: "/home/alice/data" } },
      evidence: { requests: [{ method: "call", result: { isError: true, content: [{ type: "text", text: trace }] }, ms: 3 }] },
      comparison: { sessions: [{ title: "first", errors: [trace] }] },
    } as unknown as ClauseReport;
    const portable = JSON.stringify(portableClauseReport(clause, alice));
    expect(portable).not.toContain("/home/alice/src");
    expect(portable.match(/\(node_modules\/@langchain\/core\/src\/tools\/index\.ts:252:15\)/g)).toHaveLength(2);
    expect(portable).toContain('"ms":3');
    // The counterexample is data the replay needs as it was drawn.
    expect(portable).toContain('"note":"/home/alice/data"');
  });

  it("expands ~ and $TMPDIR again for a command the user chose to trust", () => {
    expect(expandPortableArgv(["node", "~/a.js", "$TMPDIR/b", "c~"], bob)).toEqual(["node", "/Users/bob/a.js", "/var/folders/xy/T/b", "c~"]);
  });
});
