// An adapter whose host logs with console.log and console.info on every request, as many host libraries
// do: serveAdapter must keep stdout for HAP/1 alone.
import { initializeResult } from "../../protocol/initialize-result.ts";
import { serveAdapter } from "../serve-adapter.ts";

await serveAdapter({
  async initialize() {
    console.log("host: starting up");
    console.info({ loading: ["plugins"] });
    return initializeResult({ name: "chatty", version: "1" });
  },
  async open() {
    console.log("host: opening");
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
    console.log("host: bye");
  },
});
