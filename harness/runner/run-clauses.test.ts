/**
 * How a run starts and stops its hosts: every worker's host is launched at once (a run waits for one
 * start-up, not one per worker in a row), and every host launched is stopped, whatever happened.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { HostAdapter } from "../adapter/host-adapter.ts";
import { CapabilitiesSchema, type InitializeResult } from "../protocol/initialize-result.ts";
import { defineClause } from "./clause.ts";
import type { HostLauncher } from "./host-launcher.ts";
import { runClauses } from "./run-clauses.ts";

/** Passes without opening anything: these tests are about hosts starting and stopping, not about clauses. */
const trivial = (id: string) => defineClause({
  id, level: "MUST", summary: "nothing", sources: [], requires: [],
  arbitrary: () => fc.constant(0), worlds: () => [], check: async () => ({ ok: true, judged: [] }),
});
const clauses = [trivial("test/a"), trivial("test/b"), trivial("test/c")];

/** A launcher whose hosts log what happens to them; `initialize` fails when `failing` says so. */
function loggingLauncher(options: { transports?: InitializeResult["transports"]; failing?: boolean } = {}) {
  const events: string[] = [];
  let launched = 0;
  const launcher: HostLauncher = {
    command: [], reproArgs: [],
    async launch() {
      const id = ++launched;
      events.push(`launch ${id}`);
      const adapter = {
        async initialize() {
          events.push(`initialize ${id}`);
          if (options.failing) throw new Error("no host here");
          return { protocolVersion: "1", host: { name: "logging", version: "0" }, transports: options.transports ?? ["memory"], capabilities: CapabilitiesSchema.parse({}) } as InitializeResult;
        },
      } as unknown as HostAdapter;
      return { adapter, broken: () => false, stderrTail: () => "", stop: async () => void events.push(`stop ${id}`) };
    },
  };
  return { launcher, events };
}

describe("runClauses hosts", () => {
  it("launches every worker's host before the first has answered initialize, and stops each once", async () => {
    const { launcher, events } = loggingLauncher();
    const report = await runClauses({ clauses, launcher, seed: 1, runs: 1, transport: "memory", workers: 3 });
    expect(report.totals.pass).toBe(3);
    expect(events.slice(0, 3)).toEqual(["launch 1", "launch 2", "launch 3"]);
    expect(events.filter((event) => event.startsWith("initialize")).sort()).toEqual(["initialize 1", "initialize 2", "initialize 3"]);
    expect(events.filter((event) => event.startsWith("stop")).sort()).toEqual(["stop 1", "stop 2", "stop 3"]);
  });

  it("stops the hosts launched ahead when the first cannot start", async () => {
    const { launcher, events } = loggingLauncher({ failing: true });
    const report = await runClauses({ clauses, launcher, seed: 1, runs: 1, transport: "memory", workers: 3 });
    expect(report.clauses.map((clause) => clause.status)).toEqual(["error", "error", "error"]);
    expect(events.filter((event) => event.startsWith("stop")).sort()).toEqual(["stop 1", "stop 2", "stop 3"]);
  });

  it("stops the hosts launched ahead when no clause needed them", async () => {
    const { launcher, events } = loggingLauncher({ transports: ["stdio"] });
    const report = await runClauses({ clauses, launcher, seed: 1, runs: 1, transport: "memory", workers: 3 });
    expect(report.clauses.map((clause) => clause.status)).toEqual(["not-applicable", "not-applicable", "not-applicable"]);
    expect(events.filter((event) => event.startsWith("stop")).sort()).toEqual(["stop 1", "stop 2", "stop 3"]);
  });
});
