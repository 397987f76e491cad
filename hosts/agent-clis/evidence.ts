/**
 * Evidence for every committed agent CLI verdict that is not a pass (a registered CLI's or an example module's): the clause's check replayed by value on
 * the report's own counterexample, through the pinned CLI (an in-process AgentHost, so the provider's
 * records can be read), writing reports/agent-clis/<id>.evidence.json: per clause the world(s) by value, the
 * verdict now, what each model turn offered (the raw `tools` entries that carry a fake tool's identity
 * marker, and the names a deferred listing gives: Claude Code's, Qwen Code's) and the tool results it handed on (`handedOn`, raw), and every
 * message the fake servers recorded.
 *   node --import tsx hosts/agent-clis/evidence.ts [--only id,id]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import fc from "fast-check";
import type { MessageRecord } from "../../fake-servers/index.ts";
import { inProcessLauncher, loadSuites, mapStrings, packageRoot, pathContext, portableText, replayCase } from "../../harness/index.ts";
import { readCommitted } from "../reports.ts";
import { AgentHost, cliNodeBin, installedCli, type AgentCli } from "../../harness/agent-kit.ts";
import { agentModuleHosts } from "../agent-modules/agent-module-hosts.ts";
import { agentCliHosts } from "./agent-hosts.ts";
import { reportCli } from "./registered-cli.ts";

/** The parts of a model request that show what the CLI offered its model for the fake servers' tools. */
function offered(body: unknown, cli: AgentCli): unknown {
  const tools = (body as { tools?: unknown[] } | null)?.tools ?? [];
  const marked = tools.filter((tool) => JSON.stringify(tool).includes("\u27e6id="));
  const deferred = (cli.deferredNames?.(JSON.stringify(body ?? "").replace(/\\n/g, "\n").replace(/\\"/g, '"')) ?? []).filter((name) => !/^[A-Z]/.test(name));
  return { tools: marked, ...(deferred.length > 0 ? { deferredListing: deferred } : {}) };
}

/**
 * The tool results a model request carries, as the CLI wrote them (what it handed its model for each call):
 * Responses `function_call_output`/`custom_tool_call_output` items, Anthropic `tool_result` blocks, Chat
 * Completions `role: "tool"` messages, Gemini `functionResponse` parts. A request repeats the conversation, so the caller keeps only those not seen before.
 */
function toolResults(body: unknown): unknown[] {
  const request = (body ?? {}) as { input?: unknown; messages?: unknown; contents?: unknown };
  const list = (value: unknown): Array<Record<string, unknown>> => (Array.isArray(value) ? value.filter((item) => typeof item === "object" && item !== null) : []);
  return [
    ...list(request.input).filter((item) => item.type === "function_call_output" || item.type === "custom_tool_call_output"),
    ...list(request.messages).flatMap((message) => list(message.content).filter((block) => block.type === "tool_result")),
    ...list(request.messages).filter((message) => message.role === "tool"),
    ...list(request.contents).flatMap((content) => list(content.parts).filter((part) => part.functionResponse !== undefined)),
  ];
}

const { values } = parseArgs({ options: { only: { type: "string" } } });
const only = values.only?.split(",");
const clauses = await loadSuites(join(packageRoot, "suites"));
/** This machine, whose paths the committed evidence must not carry. */
const machine = pathContext();
mkdirSync(join(packageRoot, "reports/agent-clis"), { recursive: true });
for (const entry of [...agentCliHosts, ...agentModuleHosts].filter((host) => !only || only.includes(host.id))) {
  const { cli, from } = await reportCli(entry.runArgs ?? []);
  const pinned = installedCli(cli, from);
  if (!pinned) throw new Error(`${entry.id}: not installed (npm run agents:install, npm run agents:modules)`);
  const committed = readCommitted(entry.id);
  const out: Record<string, unknown> = {};
  for (const verdict of committed.clauses.filter((clause) => (clause.status === "fail" || clause.status === "warn") && clause.counterexample?.value !== undefined)) {
    const clause = clauses.find((candidate) => candidate.id === verdict.id)!;
    const nodeBin = cliNodeBin(cli);
    const host = new AgentHost(cli, { bin: pinned.bin, pinned: pinned.version, isolation: "netns", ...(nodeBin ? { nodeBin } : {}) });
    const records: MessageRecord[] = [];
    const result = await replayCase({
      clause: { ...clause, arbitrary: () => fc.constant(verdict.counterexample!.value) },
      launcher: inProcessLauncher(() => host), value: verdict.counterexample!.value, transport: "http", caseTimeoutMs: 900_000,
      // The report's naming profile (gemini-cli is judged under `--profile gemini`), so a names verdict replays as judged.
      profile: committed.profile,
      log: (event) => { if (event.kind === "records") records.push(...event.records); },
    });
    const turns = (await host.providerRecords()).filter((record) => record.kind === "turn");
    const seen = new Set<string>();
    out[verdict.id] = {
      committed: verdict.status,
      now: result.verdict,
      observedNow: result.outcome && !result.outcome.ok ? result.outcome.observed : result.reason,
      worlds: result.worlds,
      modelTurns: turns.map((record) => {
        const handedOn = toolResults(record.body).filter((result) => !seen.has(JSON.stringify(result)));
        for (const result of handedOn) seen.add(JSON.stringify(result));
        return { seq: record.seq, url: record.url, offered: offered(record.body, cli), ...(handedOn.length > 0 ? { handedOn } : {}) };
      }),
      serverRecords: records.map(({ server, method, tool, arguments: args, connection }) => ({ server, method, tool, arguments: args, connection })),
    };
    process.stdout.write(`${entry.id} ${verdict.id}: committed ${verdict.status}, now ${result.verdict}\n`);
  }
  // Committed and shared: the CLIs quote their temp homes (Codex's PATH-alias warning), so paths are made
  // portable as a report's are.
  const portable = mapStrings(out, (text) => portableText(text, machine));
  writeFileSync(join(packageRoot, "reports/agent-clis", `${entry.id}.evidence.json`), `${JSON.stringify(portable, null, 1)}\n`);
}
process.exit(0);
