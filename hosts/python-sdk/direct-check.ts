/**
 * The MCP Python SDK's `ClientSessionGroup` behaviours behind every verdict of its reports that is not a pass,
 * seen without the harness or the adapter: each case starts a world of fake servers here (Streamable HTTP on
 * 127.0.0.1) and runs hosts/python-sdk/direct_check.py against it, which connects every server to one group
 * as the class's docstring shows (`--hook` cases with its naming hook) and prints what the group did. Offline.
 *   npm run hosts:python -- python-sdk && node --import tsx hosts/python-sdk/direct-check.ts
 */
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { directWorld, fact, runChecks, type DirectServer } from "../direct-check-support.ts";

const python = "hosts/python-sdk/.venv/bin/python";

/** Runs direct_check.py's `mode` over a world of `servers` (in this order) and prints its facts, then what the servers received. */
async function inWorld(mode: string, ...servers: DirectServer[]): Promise<void> {
  const world = await directWorld(...servers);
  try {
    // Asynchronous: the fake servers answer from this process's event loop while the script runs.
    const { stdout, stderr } = await promisify(execFile)(python, ["hosts/python-sdk/direct_check.py", mode, JSON.stringify(world.urls)], { timeout: 120_000 });
    process.stdout.write(stdout);
    const cause = stderr.split("\n").filter((line) => /Error|Cancel/.test(line)).slice(-3);
    if (cause.length > 0) fact("stderr (last error lines)", cause);
    fact("tools/list received", Object.fromEntries(servers.map((server) => [server.key, world.count(server.key, "tools/list")])));
    fact("calls reached", world.calls());
  } finally {
    await world.close();
  }
}

await runChecks({
  "a later server's tool of the same name (names/injective, surface/*)": () =>
    inWorld("default", { key: "alpha", tools: ["request", "search"] }, { key: "beta", tools: ["search", "query"] }),
  "the naming hook, two servers reporting one serverInfo name (names/label-from-config, names/injective)": () =>
    inWorld("clash-hook", { key: "alpha", tools: ["request"], serverName: "shared" }, { key: "beta", tools: ["request", "query"], serverName: "shared" }),
  "the naming hook, serverInfo unlike the key": () =>
    inWorld("label-hook", { key: "alpha", tools: ["request"], serverName: "svc" }, { key: "beta", tools: ["search"] }),
  "first page only (surface/no-silent-loss)": () =>
    inWorld("paged", { key: "alpha", tools: ["request", "search", "query"], pageSize: 1 }, { key: "beta", tools: ["lookup"] }),
  "a refused connection first (surface/one-failure-contained)": () =>
    inWorld("refused-first", { key: "alpha", tools: ["request"], unreachable: true, unreachableAs: "refused" }, { key: "beta", tools: ["search"] }),
  "a refused connection last": () =>
    inWorld("refused-last", { key: "alpha", tools: ["request"] }, { key: "beta", tools: ["search"], unreachable: true, unreachableAs: "refused" }),
  "a 404 (not-found) first": () =>
    inWorld("not-found-first", { key: "alpha", tools: ["request"], unreachable: true }, { key: "beta", tools: ["search"] }),
  "a socket dropped mid-call (drift/mid-session-loss)": () =>
    inWorld("drop", { key: "alpha", tools: ["die", "request"], loseAnswers: ["die"] }, { key: "beta", tools: ["search"] }),
});
