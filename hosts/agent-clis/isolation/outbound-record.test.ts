/**
 * The outbound record a CLI that floods the recorder leaves: bounded in lines and bytes, so the adapter's
 * shutdown answer stays deliverable, and still saying how many attempts there were (issue 38, an erasable
 * record: 2,000 distinct DNS names and 40 long CONNECTs made the answer long enough to be lost).
 */
import { describe, expect, it } from "vitest";
import type { AgentCli } from "../agent-cli.ts";
import { AgentHost } from "../agent-host.ts";
import type { OutboundAttempt } from "./netns-sandbox.ts";
import { MAX_LISTED } from "./outbound-record.ts";

/** What AgentHost's shutdown answers after sessions that made `attempts`. */
async function shutdownAfter(attempts: OutboundAttempt[]) {
  const host = new AgentHost({ id: "stand-in" } as AgentCli, { bin: "/nonexistent", isolation: "netns" });
  (host as unknown as { outbound: OutboundAttempt[] }).outbound.push(...attempts);
  return (await host.shutdown()).diagnostics;
}

describe("the outbound record in the report", () => {
  it("lists each distinct attempt with its count, most frequent first", async () => {
    const time = 0;
    const diagnostics = await shutdownAfter([
      { kind: "dns", name: "telemetry.example.invalid", time }, { kind: "proxy", method: "CONNECT", target: "updates.example.invalid:443", time },
      { kind: "proxy", method: "CONNECT", target: "updates.example.invalid:443", time },
    ]);
    expect(diagnostics).toEqual([
      { level: "warning", message: "outbound attempt x2: CONNECT updates.example.invalid:443 through the proxy (refused)" },
      { level: "warning", message: "outbound attempt x1: DNS query for telemetry.example.invalid (refused by the stub)" },
    ]);
  });

  it("stays bounded under a flood (2,000 distinct names, 40 CONNECTs of 8 KiB), and says how many attempts it left unlisted", async () => {
    const time = 0;
    const flood: OutboundAttempt[] = [
      ...Array.from({ length: 2_000 }, (_, index): OutboundAttempt => ({ kind: "dns", name: `n${index}.${"a".repeat(60)}.invalid`, time })),
      ...Array.from({ length: 40 }, (_, index): OutboundAttempt => ({ kind: "proxy", method: "CONNECT", target: `${index}${"b".repeat(8_190)}:443`, time })),
      { kind: "dns", name: "often.example.invalid", time }, { kind: "dns", name: "often.example.invalid", time },
    ];
    const diagnostics = await shutdownAfter(flood);
    expect(diagnostics.length).toBeLessThanOrEqual(MAX_LISTED + 1);
    expect(JSON.stringify(diagnostics).length).toBeLessThan(32 * 1024);
    expect(diagnostics[0]!.message).toBe("outbound attempt x2: DNS query for often.example.invalid (refused by the stub)");
    expect(diagnostics.at(-1)!.message).toBe(`outbound attempts: 2042 in all (2002 DNS queries, 40 through the proxy), 2041 distinct recorded; the ${2041 - MAX_LISTED} least frequent (${2041 - MAX_LISTED} attempt(s)) are not listed one by one`);
  });
});
