#!/usr/bin/env node
// A HAP/1 adapter that makes one mistake on purpose (argv[2]), so tests can show check-adapter names each
// one: it relays every line between the harness and a correct adapter (the command after argv[2]) and
// spoils the one message its mode is about. Mode "hang" starts no adapter and answers nothing;
// "refuse-every-open" plays a host that refuses every configuration; "hostile-text" puts terminal escapes,
// bidi overrides and 5000-character runs in the host's name, its stderr and a refusal's message. Modes that
// are no mistake play a host with a capability check-adapter must honour: "builtin-tools" always offers its
// model a tool of its own, final_answer (BeeAI's RequirementAgent), and declares it in builtinTools, while
// "undeclared-builtin" offers it without declaring it; "https-only" declares https and refuses every server
// whose url is plain http, as a host that loads only https servers does; "search-loads-nothing" (around a host declaring deferred tools) lists every tool as deferred after a search.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const [mode, ...correct] = process.argv.slice(2);
const write = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
const methods = new Map();
const requests = new Map();
/** A tool the host offers its model whatever the servers hold, answered by the host itself. */
const finalAnswer = { name: "final_answer", description: "Give the final answer to the user", inputSchema: { type: "object", properties: { response: { type: "string" } } } };
let plainHttp = false;
let opens = 0;
let wholeOpenFailed = false;
let searched = false;
let child;

function spoil(method, answer) {
  const result = answer.result;
  switch (`${mode} ${method}`) {
    case "builtin-tools initialize":
      result.capabilities = { ...result.capabilities, builtinTools: ["final_answer"] };
      break;
    case "builtin-tools session/tools":
    case "undeclared-builtin session/tools":
      result.tools = [...result.tools, finalAnswer];
      break;
    case "https-only initialize":
      result.capabilities = { ...result.capabilities, https: true };
      break;
    case "https-only session/open":
      plainHttp = requests.get(answer.id).params.servers.some((server) => server.transport.type !== "http" || server.transport.url.startsWith("http://"));
      if (plainHttp) {
        for (const key of Object.keys(result.outcome.registered)) result.outcome.registered[key] = [];
        result.outcome.errors = [{ message: "this host loads only https servers" }];
      }
      break;
    case "https-only session/tools":
      if (plainHttp) result.tools = [];
      break;
    case "bad-shape initialize":
      result.capabilities = { ...result.capabilities, refresh: "yes" };
      break;
    case "stdout-log session/open":
      process.stdout.write("Loading tools from 3 servers...\n");
      break;
    case "registered-missing-key session/open":
      if (opens === 1) delete result.outcome.registered.gamma;
      break;
    case "registered-foreign-key session/open":
      if (opens === 1) {
        result.outcome.registered["alpha-server"] = result.outcome.registered.alpha;
        delete result.outcome.registered.alpha;
      }
      break;
    case "registered-unshown session/open":
      if (opens === 1) result.outcome.registered.gamma = ["mcp__gamma__ghost"];
      break;
    case "whole-open-registered session/open":
      if (opens === 1) {
        result.outcome.errors = [{ message: "duplicate tool names found across MCP servers" }];
        wholeOpenFailed = true;
      }
      break;
    case "whole-open-registered session/tools":
      if (wholeOpenFailed) result.tools = [];
      wholeOpenFailed = false;
      break;
    case "error-server-label session/open":
      for (const error of result.outcome.errors) if (error.server) error.server = `${error.server}-server`;
      break;
    case "rpc-error-refusal session/call":
      if (result.ok === false) return { jsonrpc: "2.0", id: answer.id, error: { code: -32603, message: result.error.message } };
      break;
    case "wrong-id session/tools":
      return { ...answer, id: answer.id + 1000 };
    case "drop-descriptions session/tools":
      for (const tool of result.tools) delete tool.description;
      break;
    case "no-exit shutdown":
      child.removeAllListeners("exit");
      setInterval(() => undefined, 1000);
      break;
    case "refuse-every-open session/open":
      // A host that refuses every configuration whole: nothing is shown, so nothing can be called.
      for (const key of Object.keys(result.outcome.registered)) result.outcome.registered[key] = [];
      result.outcome.errors = [{ message: "this host refuses every configuration" }];
      break;
    case "refuse-every-open session/tools":
      result.tools = [];
      break;
    case "hostile-text initialize":
      result.host = { name: `evil\u001b]0;owned\u0007\u202Eeman\u001b[2J${"x".repeat(5000)}`, version: "1\u001b[31m" };
      process.stderr.write("stderr \u001b[2J\u001b]0;owned\u0007 tail\n");
      break;
    case "hostile-text session/open":
      process.stdout.write("log \u001b[2J\u001b[1;1H\u202Edrowssap\n");
      break;
    case "hostile-text session/call":
      if (result.ok === false) result.error.message = `refused \u001b[2K\r\u202E${"y".repeat(5000)}`;
      break;
    case "search-loads-nothing session/tools":
      // The search answered, but what it loaded never shows: every tool still deferred.
      if (searched) for (const tool of result.tools) tool.deferred = true;
      break;
    case "exit-code shutdown":
      child.removeAllListeners("exit");
      child.on("exit", () => process.exit(3));
      break;
  }
  return answer;
}

if (mode === "hang") {
  createInterface({ input: process.stdin }).on("line", () => undefined);
  setInterval(() => undefined, 1000);
} else {
  child = spawn(correct[0], correct.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
  createInterface({ input: process.stdin }).on("line", (line) => {
    const request = JSON.parse(line);
    methods.set(request.id, request.method);
    requests.set(request.id, request);
    if (request.method === "session/open") opens += 1;
    if (["builtin-tools", "undeclared-builtin"].includes(mode) && request.method === "session/call" && request.params.name === finalAnswer.name) {
      write({ jsonrpc: "2.0", id: request.id, result: { ok: true, content: [{ type: "text", text: "answered by the host" }] } });
      return;
    }
    if (request.method === "session/call" && request.params?.name === "tool_search") searched = true;
    if (mode === "call-not-through-host" && request.method === "session/call") {
      write({ jsonrpc: "2.0", id: request.id, result: { ok: true, content: [] } });
      return;
    }
    child.stdin.write(`${line}\n`);
  });
  createInterface({ input: child.stdout }).on("line", (line) => {
    const answer = JSON.parse(line);
    const method = methods.get(answer.id);
    write("result" in answer && method ? spoil(method, answer) : answer);
  });
  child.on("exit", (code) => process.exit(code ?? 1));
}
