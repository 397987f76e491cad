import { describe, expect, it } from "vitest";
import { limiter } from "./limiter.ts";

describe("limiter", () => {
  it("runs at most `width` at a time, in the order asked, and passes results and errors through", async () => {
    const limit = limiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const gates = Array.from({ length: 5 }, () => {
      let resolve = () => undefined as void;
      const promise = new Promise<void>((done) => (resolve = done));
      return { promise, resolve };
    });
    const works = gates.map((gate, index) => limit(async () => {
      order.push(index);
      most = Math.max(most, ++running);
      await gate.promise;
      running--;
      if (index === 3) throw new Error("three");
      return index;
    }));
    // Settled below, after the gates open: marked handled now, so the rejection is never an unhandled one.
    for (const work of works) work.catch(() => undefined);
    for (const gate of gates) {
      await new Promise((resolve) => setImmediate(resolve));
      gate.resolve();
    }
    const settled = await Promise.allSettled(works);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(settled.map((entry) => (entry.status === "fulfilled" ? entry.value : (entry.reason as Error).message))).toEqual([0, 1, 2, "three", 4]);
  });
});
