/**
 * Fake servers listen on 127.0.0.1 only (no listener of theirs is reachable from another machine), and the
 * stdio relay on a Unix socket only this user can reach (no other local user either).
 */
import { readdirSync, readFileSync, readlinkSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { describe, expect, it } from "vitest";
import { startFakeServerHost } from "./fake-server-host.ts";
import type { ServerScript } from "./server-script.ts";

/** Local addresses (hex, as /proc shows them) of the TCP sockets this process listens on. */
function listeningAddresses(): string[] {
  const mine = new Set(readdirSync("/proc/self/fd").flatMap((fd) => {
    try {
      return [/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/self/fd/${fd}`))?.[1] ?? ""];
    } catch {
      return [];
    }
  }));
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((table) =>
    readFileSync(table, "utf8").split("\n").slice(1).map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[3] === "0A" && mine.has(fields[9] ?? "")).map((fields) => fields[1]!.split(":")[0]!));
}

const script: ServerScript = { key: "alpha", serverInfo: { name: "alpha", version: "1" }, tools: [], latency: { initialize: 0, toolsList: 0 }, unreachable: false };

describe.runIf(process.platform === "linux")("loopback only", () => {
  it("binds the HTTP listener to 127.0.0.1 and the stdio relay to no TCP port: a Unix socket in a 0700 directory", async () => {
    const before = listeningAddresses();
    const host = await startFakeServerHost();
    try {
      const http = await host.startWorld([script], "http");
      const stdio = await host.startWorld([script], "stdio");
      expect(new URL((http.endpoints[0]!.transport as { url: string }).url).hostname).toBe("127.0.0.1");
      const socket = (stdio.endpoints[0]!.transport as { args: string[] }).args[1]!;
      expect(statSync(socket).isSocket()).toBe(true);
      expect(statSync(dirname(socket)).mode & 0o777).toBe(0o700);
      const count = (addresses: string[], loopback: boolean) => addresses.filter((address) => (address === "0100007F") === loopback).length;
      const now = listeningAddresses();
      expect(count(now, true)).toBe(count(before, true) + 1);
      expect(count(now, false)).toBe(count(before, false));
    } finally {
      await host.close();
    }
  });
});
