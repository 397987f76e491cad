/** A host that cannot start gets a readable console summary with the reason, and a line per clause. */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { main } from "./main.ts";
import { ownedTempDir } from "../../fake-servers/index.ts";
import { paced } from "../pace.ts";

// Owned: removed at exit even when a filtered run skips every test here (and afterAll with them).
const dir = ownedTempDir("mcp-collide-start-").path;
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("a host that fails at start", () => {
  // A whole CLI run in process (world generation, report writing): 5 s is no bound on a loaded machine.
  it("prints why, once per clause and in the summary, never 'unknown unknown'", { timeout: paced(60_000) }, async () => {
    let printed = "";
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => ((printed += String(chunk)), true));
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => ((printed += String(chunk)), true));
    const code = await main(["run", "--clause", "surface/empty-server-ok", "--clause", "names/injective", "--out", join(dir, "out"), "--", join(dir, "no-such-adapter")]);
    vi.restoreAllMocks();
    expect(code).toBe(2);
    expect(printed).not.toMatch(/unknown unknown/);
    expect(printed).not.toMatch(/· +servers ·/);
    expect(printed).toMatch(/ERROR +surface\/empty-server-ok +the host could not be started: .*ENOENT/);
    expect(printed).toMatch(/ERROR +names\/injective +the host could not be started/);
    expect(printed).toMatch(/the host did not start: .*no-such-adapter.*ENOENT/);
  });
});
