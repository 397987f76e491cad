/** `npm run reports` answers --help with its usage (exit 0) and a wrong option with the error and the usage (exit 2). */
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { packageRoot, paced, tsxNodeArgv } from "../harness/index.ts";

const reports = (...args: string[]) => {
  const [node, ...flags] = tsxNodeArgv();
  return execa(node!, [...flags, join(packageRoot, "hosts/reports.ts"), ...args], { cwd: packageRoot, reject: false });
};

describe("npm run reports", () => {
  it("prints its usage for --help, and refuses an unknown option with it", async () => {
    const help = await reports("--help");
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run reports -- /);
    expect(help.stdout).toContain("--render-only");
    const wrong = await reports("--bogus");
    expect(wrong.exitCode).toBe(2);
    expect(wrong.stderr).toMatch(/Unknown option '--bogus'[^]*Usage: npm run reports/);
  }, paced(60_000));
});
