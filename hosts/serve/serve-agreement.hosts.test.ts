/**
 * Serve mode agrees with the full run on real library hosts: each adapter, driven by a script that reads only
 * the generic mcpServers configuration `mcp-collide serve` prints, uses served worlds, and every clause serve
 * judged from the records agrees with the host's committed report (reports/<host>.json, made by a full run)
 * wherever that report judged the clause too. LangChain follows a cursor that never advances past the bound
 * (its committed report fails surface/failing-server-named); the OpenAI Agents SDK does not (it passes).
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { driveServedWorld, paced, ReportSchema, servedDepartures, skipTitle, startServeProcess, type Report } from "../../harness/index.ts";
import { adapter, hostMissing } from "../test-support.ts";

const scratch = mkdtempSync(join(tmpdir(), "mcp-collide-serve-hosts-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const committed = (host: string): Report => ReportSchema.parse(JSON.parse(readFileSync(new URL(`../../reports/${host}.json`, import.meta.url), "utf8")));

/** The adapters judged here. */
const adapters: Record<string, string[]> = { langchain: adapter("langchain"), "openai-agents": adapter("openai-agents") };

/** Serves `world`, lets library host `host` use it, stops serve with SIGTERM, and returns serve's report. */
async function served(host: string, world: string): Promise<Report> {
  const serve = await startServeProcess([world, "--out", join(scratch, `${host}-${world}`), "--app", host]);
  const driven = driveServedWorld(adapters[host]!, serve.endpoints, { requestTimeoutMs: paced(60_000) });
  await driven.catch(() => undefined);
  const stopped = await serve.stop("SIGTERM");
  await driven;
  expect(stopped.report, stopped.stderr).toBeDefined();
  return stopped.report!;
}

for (const [host, worlds, expected] of [
  ["langchain", ["stuck-cursor", "two-servers"], ["surface/failing-server-named fail"]],
  ["openai-agents", ["stuck-cursor", "two-servers"], []],
] as const) {
  const missing = hostMissing(host);
  describe.skipIf(missing !== undefined)(skipTitle(`serve mode agrees with ${host}'s committed report`, missing), () => {
    it(`judges ${worlds.join(", ")} from the records as the full run did`, async () => {
      const full = committed(host);
      const verdicts: string[] = [];
      for (const world of worlds) {
        const report = await served(host, world);
        expect(servedDepartures(report, (id) => full.clauses.find((clause) => clause.id === id)?.status)).toEqual([]);
        verdicts.push(...report.clauses.filter((clause) => ["pass", "fail", "warn"].includes(clause.status)).map((clause) => `${clause.id} ${clause.status}`));
      }
      expect(verdicts).toEqual(expected);
    }, paced(240_000));
  });
}
