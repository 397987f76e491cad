/**
 * The HAP/1 client against adapters that attack it: an endless line is cut at the bound (never held whole),
 * and a closed stdout is a broken adapter at once. The request timeouts here are far longer than the test's
 * own: a client that waited for either would fail the test, not pass it slowly.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { AdapterError } from "./adapter-error.ts";
import { HapClient, type HapClientOptions } from "./hap-client.ts";
import { paced } from "../pace.ts";

const adapter = fileURLToPath(new URL("./test-support/broken-adapter.mjs", import.meta.url));
const NEVER = 600_000;

async function brokenOn(options: Omit<HapClientOptions, "argv">, ...args: string[]): Promise<AdapterError> {
  const client = new HapClient({ argv: [process.execPath, adapter, ...args], requestTimeoutMs: NEVER, ...options });
  try {
    await client.initialize();
    const error = await client.tools("s").then(() => undefined, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(AdapterError);
    expect(client.isBroken).toBe(true);
    return error as AdapterError;
  } finally {
    await client.shutdown(1000);
  }
}

describe("HapClient under attack", () => {
  it("breaks an adapter whose line outgrows --max-line-bytes, without holding the line", async () => {
    const error = await brokenOn({ maxLineBytes: 1 << 20 }, "flood-line", String(64 << 20));
    expect(error.kind).toBe("garbage");
    expect(error.message).toMatch(/longer than 1048576 bytes/);
  }, paced(60_000));

  it("holds the default bound of 32 MiB too", async () => {
    const error = await brokenOn({}, "flood-line", String(40 << 20));
    expect(error.message).toMatch(/longer than 33554432 bytes/);
  }, paced(60_000));

  it("breaks an adapter that closes its stdout but stays alive, at once (not at the timeout)", async () => {
    const error = await brokenOn({}, "close-stdout");
    expect(error.kind).toBe("crash");
    expect(error.message).toMatch(/closed its stdout/);
  }, paced(60_000));

  it("removes the temp dirs a killed adapter named for itself (its exit hook never ran)", async () => {
    const parent = mkdtempSync(join(tmpdir(), "mcp-collide-hap-tmp-"));
    // The adapter's temp folder is one of its own inside TMPDIR (pid-namespace.ts): look one level down too.
    const scratches = () => readdirSync(parent, { recursive: true, encoding: "utf8" }).filter((name) => basename(name).startsWith("mcp-collide-scratch-"));
    try {
      const client = new HapClient({ argv: [process.execPath, adapter, "scratch+hang"], env: { ...process.env, TMPDIR: parent } as Record<string, string>, requestTimeoutMs: 1000 });
      await client.initialize();
      expect(scratches()).toHaveLength(1);
      await expect(client.tools("s")).rejects.toThrow(/did not answer/);
      await client.shutdown(1000);
      expect(scratches()).toEqual([]);
      expect(readdirSync(parent)).toEqual([]);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  }, paced(60_000));
});
