/** The language check-adapter reads from a command line, and the advice it gives each language. */
import { describe, expect, it } from "vitest";
import { adapterLanguage, noAnswerHint, noExitHint, slowStartHint } from "./adapter-hints.ts";

describe("adapter hints", () => {
  it("reads the language from the program, else from the script", () => {
    expect(adapterLanguage(["python3", "adapter.py"])).toBe("python");
    expect(adapterLanguage(["/usr/bin/python3.12", "-u", "adapter.py"])).toBe("python");
    expect(adapterLanguage(["uv", "run", "adapter.py"])).toBe("python");
    expect(adapterLanguage(["node", "--import", "mcp-collide/register", "adapter.ts"])).toBe("node");
    expect(adapterLanguage(["tsx", "adapter.mts"])).toBe("node");
    expect(adapterLanguage(["./run-adapter", "--fast", "adapter.py"])).toBe("python");
    expect(adapterLanguage(["./adapter.mjs"])).toBe("node");
    expect(adapterLanguage(["java", "-jar", "adapter.jar"])).toBe("other");
  });

  it("talks to each language about its own runtime only", () => {
    expect(noAnswerHint("python")).toMatch(/flush/);
    expect(noAnswerHint("node")).not.toMatch(/sys\.stdout|flush/);
    expect(noExitHint("python")).toMatch(/os\._exit/);
    expect(noExitHint("python")).not.toMatch(/Node|keep-alive/);
    expect(noExitHint("node")).toMatch(/process\.exit/);
    expect(noExitHint("other")).not.toMatch(/Node|Python/);
    expect(slowStartHint("python", 30_000)).toMatch(/--timeout \(30000 ms now; run takes the same option/);
  });
});
