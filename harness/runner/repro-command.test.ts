/** The repro line a report prints for a failing case names every option the case depends on. */
import { describe, expect, it } from "vitest";
import { reproCommand, reproLineWords } from "./repro-command.ts";

describe("reproCommand", () => {
  const parts = { clause: "names/injective", seed: 7, path: "1:0", transport: "http", hostArgs: ["--", "python3", "my adapter.py"] };

  it("names clause, seed, path, transport and the host, quoting what a shell would split", () => {
    expect(reproCommand(parts)).toBe("npx mcp-collide run --clause names/injective --seed 7 --path 1:0 --transport http -- python3 'my adapter.py'");
  });

  it("keeps --https when the run served https because the flag asked", () => {
    expect(reproCommand({ ...parts, profile: "adr-0112", https: true })).toBe(
      "npx mcp-collide run --clause names/injective --seed 7 --path 1:0 --transport http --profile adr-0112 --https -- python3 'my adapter.py'");
  });

  it("is split back into the words it was made of (reproLineWords), quotes, ~ and $TMPDIR included", () => {
    const hostArgs = ["--agent-module", "~/my agents/it's.ts", "--agent-bin", "$TMPDIR/bin/x", "--agent-variant", "a b"];
    const line = reproCommand({ ...parts, profile: "adr-0112", hostArgs });
    expect(reproLineWords(line)).toEqual(["npx", "mcp-collide", "run", "--clause", "names/injective", "--seed", "7", "--path", "1:0", "--transport", "http", "--profile", "adr-0112", ...hostArgs]);
    expect(reproLineWords(reproCommand(parts))?.slice(-3)).toEqual(["--", "python3", "my adapter.py"]);
    expect(reproLineWords("npx mcp-collide run --agent 'open")).toBeUndefined();
  });
});
