import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { CapabilitiesSchema, InitializeResultSchema, type CallResult, type OpenResult, type ToolsResult } from "../harness/index.ts";
import { basicInitialize, emptyRegistered, messageOf, RealHostAdapter, versionOf } from "./real-host-adapter.ts";

/** A host whose sessions are names; `release` records them and throws for "stuck". */
class NamedHost extends RealHostAdapter<string> {
  readonly released: string[] = [];
  initialize = async () => basicInitialize({ name: "named", version: "0" });
  async open(): Promise<OpenResult> {
    return { session: this.remember(`world ${this.released.length}`), outcome: { registered: {}, errors: [] }, diagnostics: [] };
  }
  openAs(value: string): string {
    return this.remember(value);
  }
  async tools(session: string): Promise<ToolsResult> {
    return { tools: [{ name: this.session(session) }] };
  }
  call = async (): Promise<CallResult> => ({ ok: false, error: { message: "none" } });
  protected async release(session: string): Promise<void> {
    this.released.push(session);
    if (session === "stuck") throw new Error("release failed");
  }
}

describe("RealHostAdapter", () => {
  it("gives out s1, s2, ... and refuses an id it never gave out or already closed", async () => {
    const host = new NamedHost();
    expect([host.openAs("a"), host.openAs("b")]).toEqual(["s1", "s2"]);
    expect((await host.tools("s2")).tools).toEqual([{ name: "b" }]);
    await expect(host.tools("s3")).rejects.toThrow('unknown session "s3"');
    await host.close("s1");
    await expect(host.tools("s1")).rejects.toThrow('unknown session "s1"');
    expect(host.openAs("c")).toBe("s3");
  });

  it("releases a session once on close, ignores a failing release, and shutdown releases the rest", async () => {
    const host = new NamedHost();
    const [a] = [host.openAs("a"), host.openAs("stuck"), host.openAs("c")];
    await host.close(a!);
    await host.close(a!);
    expect(host.released).toEqual(["a"]);
    await host.shutdown();
    expect(host.released.sort()).toEqual(["a", "c", "stuck"]);
    await host.shutdown();
    expect(host.released).toHaveLength(3);
  });
});

describe("helpers", () => {
  it("basicInitialize is a valid initialize result declaring no capability", () => {
    const result = basicInitialize({ name: "h", version: "1" });
    expect(InitializeResultSchema.parse(result)).toEqual(result);
    expect(result.capabilities).toEqual(CapabilitiesSchema.parse({}));
    expect(result.transports).toEqual(["stdio", "http"]);
  });

  it("emptyRegistered keeps configuration order; messageOf reads errors and other values", () => {
    const servers = ["b", "a"].map((key) => ({ key, transport: { type: "http" as const, url: "http://127.0.0.1:1/mcp" } }));
    expect(Object.keys(emptyRegistered({ servers } as never))).toEqual(["b", "a"]);
    expect(messageOf(new Error("boom"))).toBe("boom");
    expect(messageOf(42)).toBe("42");
  });

  it("versionOf reads the installed package's own version", () => {
    expect(versionOf("fast-check")).toBe(createRequire(import.meta.url)("fast-check/package.json").version);
    expect(() => versionOf("no-such-package-anywhere")).toThrow();
  });
});
