import { describe, expect, it } from "vitest";
import { splitHostArgv } from "./split-host-argv.ts";

describe("splitHostArgv", () => {
  it("keeps every word when there is no --", () => {
    expect(splitHostArgv(["--runs", "3"])).toEqual({ own: ["--runs", "3"], hostArgv: [] });
  });
  it("cuts at the first -- and passes the host's words through untouched, a later -- included", () => {
    expect(splitHostArgv(["--seed", "1", "--", "node", "a.js", "--runs", "9", "--", "x"])).toEqual({
      own: ["--seed", "1"],
      hostArgv: ["node", "a.js", "--runs", "9", "--", "x"],
    });
  });
  it("gives an empty host command for a trailing --", () => {
    expect(splitHostArgv(["--"])).toEqual({ own: [], hostArgv: [] });
  });
});
