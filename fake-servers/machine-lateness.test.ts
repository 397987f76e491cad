/**
 * The machine-lateness sampler: its windows remember a stall for a window or two and then forget it (checked
 * with explicit times: a stall of another thread cannot be made on demand), and its thread runs while a holder
 * holds it and lingers only briefly after. Each test takes a fresh copy of the module, so a host some other test
 * file left open in this worker cannot hold its sampler. Nothing here times anything: the waits are bounded by
 * the test's own timeout, which the setup stretches with the machine's pace.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";
import { LatenessWindows } from "./lateness-sampler.mjs";

/** Far above any test's timeout: the test's own (paced) timeout is what bounds these waits. */
const UNBOUNDED = 3_600_000;

let lateness: typeof import("./machine-lateness.ts");
beforeEach(async () => {
  vi.resetModules();
  lateness = await import("./machine-lateness.ts");
});

describe("LatenessWindows", () => {
  it("remembers a window's worst lateness through the next window, and forgets it after", () => {
    const windows = new LatenessWindows(0, 1_000);
    windows.note(100, 40);
    windows.note(200, 3);
    expect(windows.worst).toBe(40);
    windows.note(1_100, 2);
    expect(windows.worst).toBe(40);
    windows.note(2_200, 1);
    expect(windows.worst).toBe(2);
    // A window the sampler was stalled right through: the late sample itself is what is remembered.
    windows.note(5_000, 700);
    expect(windows.worst).toBe(700);
  });
});

describe("machine lateness", () => {
  it("is unknown while nobody holds the sampler, and no thread runs", () => {
    expect(lateness.machineLatenessMs()).toBeUndefined();
    expect(lateness.latenessSamplerRunning()).toBe(false);
  });

  it("is unknown until the thread's first sample, then a finite lateness of at least 0; unknown again once the last holder lets go, whose thread then ends", async () => {
    const first = lateness.holdLatenessSampler();
    const second = lateness.holdLatenessSampler();
    expect(lateness.latenessSamplerRunning()).toBe(true);
    if (!lateness.latenessSampled()) expect(lateness.machineLatenessMs()).toBeUndefined();
    await vi.waitUntil(lateness.latenessSampled, { timeout: UNBOUNDED, interval: lateness.LATENESS_SAMPLE_MS });
    const measured = lateness.machineLatenessMs();
    expect(Number.isFinite(measured)).toBe(true);
    expect(measured).toBeGreaterThanOrEqual(0);
    first();
    first(); // letting go twice counts once: the second holder still holds it
    expect(lateness.machineLatenessMs()).toBeGreaterThanOrEqual(0);
    second();
    expect(lateness.machineLatenessMs()).toBeUndefined();
    expect(lateness.latenessSamplerRunning()).toBe(true); // lingering
    await vi.waitUntil(() => !lateness.latenessSamplerRunning(), { timeout: UNBOUNDED, interval: 50 });
  });

  it("starts a new thread for a holder that comes after the last one ended", async () => {
    const letGo = lateness.holdLatenessSampler();
    await vi.waitUntil(lateness.latenessSampled, { timeout: UNBOUNDED, interval: lateness.LATENESS_SAMPLE_MS });
    letGo();
    await vi.waitUntil(() => !lateness.latenessSamplerRunning(), { timeout: UNBOUNDED, interval: 50 });
    const again = lateness.holdLatenessSampler();
    try {
      await vi.waitUntil(lateness.latenessSampled, { timeout: UNBOUNDED, interval: lateness.LATENESS_SAMPLE_MS });
      expect(lateness.machineLatenessMs()).toBeGreaterThanOrEqual(0);
    } finally {
      again();
    }
  });
});
