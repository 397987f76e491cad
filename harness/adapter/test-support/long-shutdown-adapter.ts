// An adapter whose shutdown answer is long (a few MB of diagnostics, as an agent CLI's outbound record can
// be): serveAdapter must not exit before the whole answer has left through stdout.
import { writeFileSync } from "node:fs";
import { initializeResult } from "../../protocol/initialize-result.ts";
import { serveAdapter } from "../serve-adapter.ts";

const COUNT = 4000;
let calls = 0;

await serveAdapter({
  async initialize() {
    return initializeResult({ name: "long-shutdown", version: "1" });
  },
  async open() {
    return { session: "s1", outcome: { registered: {}, errors: [] }, diagnostics: [] };
  },
  async tools() {
    return { tools: [] };
  },
  async call() {
    return { ok: false, error: { message: "none" } };
  },
  async close() {},
  async shutdown() {
    // serveAdapter calls it again once the answer is written: the test's reader waits for that.
    if (++calls === 2) writeFileSync("answered", "");
    return { diagnostics: Array.from({ length: COUNT }, (_, index) => ({ level: "warning", message: `outbound attempt x1: DNS query for host-${index}.${"x".repeat(900)}.invalid` })) };
  },
});
