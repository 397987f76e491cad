/**
 * The machine-lateness sampler: its windows remember a stall for a window or two and then forget it (checked
 * with explicit times: a real stall of another thread cannot be made on demand), and its thread runs while a
 * holder holds it and lingers only briefly after. Nothing here times anything: a loaded machine can only make
 * the lateness larger, and the checks allow that.
 */
import { describe, expect, it, vi } from "vitest";
import { LagWindows } from "./lag-sampler.mjs";
import { holdLoopLag, LAG_LINGER_MS, LAG_SAMPLE_MS, lagSampled, lagSamplerRunning, recentLoopLagMs } from "./loop-lag.ts";

describe("LagWindows", () => {
  it("remembers a window's worst lateness through the next window, and forgets it after", () => {
    const windows = new LagWindows(0, 1_000);
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

describe("loop lag", () => {
  it("is 0 while nobody holds the sampler", () => {
    expect(recentLoopLagMs()).toBe(0);
  });

  it("samples on its own thread while held (a finite lateness, at least 0), and its thread ends after the last holder lets go", async () => {
    const first = holdLoopLag();
    const second = holdLoopLag();
    expect(lagSamplerRunning()).toBe(true);
    // The thread's first sample comes a few sample periods after it starts, later on a loaded machine.
    await vi.waitUntil(lagSampled, { timeout: 60_000, interval: LAG_SAMPLE_MS });
    const lag = recentLoopLagMs();
    expect(Number.isFinite(lag)).toBe(true);
    expect(lag).toBeGreaterThanOrEqual(0);
    first();
    first();
    expect(recentLoopLagMs()).toBeGreaterThanOrEqual(0);
    second();
    expect(recentLoopLagMs()).toBe(0);
    await vi.waitUntil(() => !lagSamplerRunning(), { timeout: LAG_LINGER_MS + 60_000, interval: 50 });
    expect(lagSamplerRunning()).toBe(false);
  });
});
