/**
 * action.yml, executed here the way a GitHub runner executes a composite action: each `run` step's script
 * written to a file and run by the `bash` found on PATH (`--noprofile --norc -eo pipefail FILE`), in its
 * working directory, with `${{ inputs.* }}`, `${{ github.action_path }}` and `${{ steps.*.outputs.* }}`
 * filled in, GITHUB_OUTPUT read back after each step as the runner reads it (`key=value` and `key<<DELIMITER`
 * entries, a later one overriding), GITHUB_ENV and GITHUB_PATH (files under $RUNNER_TEMP/_runner_file_commands,
 * as the runner keeps them) applied to every later step, `if:` honoured, and the upload step (an external
 * action) checked for what it would upload. One run against the reference host (it passes: exit 0) and one
 * against the one-bug host `nonempty-check` (it fails: the step that ran it exits 1, after writing the
 * summary), each on one clause, surface/empty-server-ok, with a few cases, to stay quick. Then the hostile
 * side: an input holding a line break is refused before anything runs (without that check, the random
 * delimiter still keeps a forged `exit-code=0` out), the run's arguments are built without evaluating any
 * input, a host that writes BASH_ENV into GITHUB_ENV and a fake bash into GITHUB_PATH cannot turn the job
 * green, and a version of the Action that differs from the project's devDependency is warned about.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { load } from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinHostArgv, packageRoot, paced } from "../harness/index.ts";
import { clauses } from "./index.ts";

interface Step {
  name: string;
  id?: string;
  if?: string;
  shell?: string;
  "working-directory"?: string;
  env?: Record<string, string>;
  run?: string;
  uses?: string;
  with?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { default?: string; required?: boolean }>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Step[] };
}

const action = load(readFileSync(join(packageRoot, "action.yml"), "utf8")) as Action;
const shell = (argv: string[]) => argv.map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(" ");

/** What executing the action gave: each run step's exit code, the outputs, the summary and what would be uploaded. */
interface Execution {
  codes: Record<string, number>;
  /** The job's conclusion: failed when any step did. */
  failed: boolean;
  logs: string;
  outputs: Record<string, Record<string, string>>;
  summary: string;
  upload?: { name: string; path: string };
  /** What the code-scanning step would upload, when it runs. */
  sarif?: { file: string; category: string };
  /** Everything the steps wrote to GITHUB_OUTPUT, as written. */
  raw: string;
}

/** What GITHUB_OUTPUT holds, read as the runner reads it: `key=value`, or `key<<DELIMITER` up to that delimiter. */
function readOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split("\n");
  for (let at = 0; at < lines.length; at++) {
    const line = lines[at]!;
    if (line === "") continue;
    const equals = line.indexOf("=");
    const heredoc = line.indexOf("<<");
    if (equals >= 0 && (heredoc < 0 || equals < heredoc)) {
      outputs[line.slice(0, equals)] = line.slice(equals + 1);
      continue;
    }
    if (heredoc < 0) throw new Error(`GITHUB_OUTPUT line the runner refuses: ${line}`);
    const delimiter = line.slice(heredoc + 2);
    const end = lines.indexOf(delimiter, at + 1);
    if (end < 0) throw new Error(`GITHUB_OUTPUT: no closing ${delimiter}`);
    outputs[line.slice(0, heredoc)] = lines.slice(at + 1, end).join("\n");
    at = end;
  }
  return outputs;
}

/** How to execute: another action folder (a stand-in harness), steps left out (to show each defence alone). */
interface ExecuteOptions {
  actionPath?: string;
  without?: string[];
}

function execute(workspace: string, given: Record<string, string>, options: ExecuteOptions = {}): Execution {
  const actionPath = options.actionPath ?? packageRoot;
  const inputs: Record<string, string> = Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, input.default ?? ""]));
  Object.assign(inputs, given);
  const outputs: Record<string, Record<string, string>> = {};
  const summary = join(workspace, "summary.md");
  writeFileSync(summary, "");
  const expression = (text: string) =>
    text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, body: string) => {
      let match: RegExpExecArray | null;
      if ((match = /^inputs\.([\w-]+)$/.exec(body))) return inputs[match[1]!] ?? "";
      if (body === "github.action_path") return actionPath;
      if ((match = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(body))) return outputs[match[1]!]?.[match[2]!] ?? "";
      throw new Error(`action.yml uses an expression this runner does not know: ${body}`);
    });
  const condition = (text: string | undefined, failed: boolean) => {
    if (text === undefined) return !failed;
    return text.split("&&").map((part) => part.trim()).every((part) => {
      if (part === "always()") return true;
      const compared = /^(.+?)\s*(==|!=)\s*'([^']*)'$/.exec(part);
      if (!compared) throw new Error(`action.yml uses a condition this runner does not know: ${part}`);
      const value = expression(`\${{ ${compared[1]} }}`);
      return compared[2] === "==" ? value === compared[3] : value !== compared[3];
    });
  };
  const codes: Record<string, number> = {};
  let logs = "";
  let failed = false;
  let upload: Execution["upload"];
  let sarif: Execution["sarif"];
  const raw: string[] = [];
  // What earlier steps wrote to GITHUB_ENV and GITHUB_PATH: the runner applies it to every later step.
  const jobEnv: Record<string, string> = {};
  const jobPath: string[] = [];
  const commands = join(workspace, "_runner_file_commands");
  mkdirSync(commands, { recursive: true });
  for (const [index, step] of action.runs.steps.entries()) {
    if (options.without?.includes(step.name) || !condition(step.if, failed)) continue;
    if (step.uses) {
      expect(step.uses, step.name).toMatch(/^(actions\/upload-artifact|github\/codeql-action\/upload-sarif)@v\d+$/);
      if (step.uses.startsWith("github/")) sarif = { file: expression(step.with!.sarif_file!), category: expression(step.with!.category!) };
      else upload = { name: expression(step.with!.name!), path: expression(step.with!.path!) };
      continue;
    }
    const file = (kind: string) => {
      const path = join(commands, `${kind}_${process.pid}-${index}`);
      writeFileSync(path, "");
      return path;
    };
    const [output, setEnv, addPath] = [file("set_output"), file("set_env"), file("add_path")];
    const script = join(workspace, `step-${index}.sh`);
    writeFileSync(script, step.run!);
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, expression(String(value))]));
    const result = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", script], {
      cwd: resolve(workspace, expression(step["working-directory"] ?? ".")),
      env: {
        ...process.env, ...jobEnv, PATH: [...jobPath, process.env.PATH].join(":"), ...env, RUNNER_TEMP: workspace,
        GITHUB_ACTION_PATH: actionPath, GITHUB_OUTPUT: output, GITHUB_ENV: setEnv, GITHUB_PATH: addPath, GITHUB_STEP_SUMMARY: summary,
      },
      encoding: "utf8", timeout: paced(180_000),
    });
    logs += `## ${step.name}\n${result.stdout}${result.stderr}`;
    codes[step.name] = result.status ?? -1;
    raw.push(readFileSync(output, "utf8"));
    if (step.id) outputs[step.id] = readOutputs(readFileSync(output, "utf8"));
    Object.assign(jobEnv, readOutputs(readFileSync(setEnv, "utf8")));
    jobPath.unshift(...readFileSync(addPath, "utf8").split("\n").filter(Boolean).reverse());
    if (result.status !== 0) failed = true;
  }
  rmSync(commands, { recursive: true, force: true });
  return { codes, failed, logs, outputs, summary: readFileSync(summary, "utf8"), upload, sarif, raw: raw.join("") };
}

/** The shard of the catalogue that holds exactly `id` (and the clauses a catalogue's length away from it). */
function shardOf(id: string): string {
  return `${clauses.findIndex((clause) => clause.id === id) + 1}/${clauses.length}`;
}

describe("action.yml, executed as a runner would", () => {
  let workspace: string;
  beforeAll(() => {
    workspace = mkdtempSync(join(tmpdir(), "mcp-collide-action-"));
  });
  afterAll(() => rmSync(workspace, { recursive: true, force: true }));

  it("keeps inputs out of its scripts: no ${{ }} inside a run step", () => {
    expect(action.runs.using).toBe("composite");
    for (const step of action.runs.steps) if (step.run) expect(step.run, step.name).not.toContain("${{");
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining([
      "adapter", "runs", "seed", "baseline", "strict", "shard", "timeout", "profile", "workers", "clause", "args",
    ]));
  });

  it("hands every input, and only inputs, to the step that checks them", () => {
    const check = action.runs.steps[0]!;
    expect(check.name).toBe("Check the inputs");
    const expected = Object.fromEntries(Object.keys(action.inputs).map((name) => [`MCP_COLLIDE_INPUT_${name.toUpperCase().replace(/-/g, "_")}`, `\${{ inputs.${name} }}`]));
    expect(check.env).toEqual(expected);
  });

  it("passes a correct host: exit 0, the report in the step summary, the report directory uploaded", () => {
    const run = execute(workspace, { adapter: shell(builtinHostArgv("reference")), seed: "7", runs: "3", shard: shardOf("surface/empty-server-ok"), out: "passing" });
    expect(run.codes, run.logs).toEqual({ "Check the inputs": 0, "Install mcp-collide": 0, "Compare the versions": 0, "Run the clause catalogue": 0 });
    expect(run.failed).toBe(false);
    expect(run.outputs.run!["exit-code"]).toBe("0");
    expect(run.summary).toMatch(/^# ✅ mcp-collide: PASS — mcp-collide-reference/);
    expect(run.summary).toContain("surface/empty-server-ok");
    expect(run.upload).toEqual({ name: `mcp-collide-report-shard-${shardOf("surface/empty-server-ok").replace("/", "-of-")}`, path: join(workspace, "passing") });
    expect(existsSync(join(workspace, "passing", "report.json"))).toBe(true);
    expect(existsSync(join(workspace, "passing", "report.sarif"))).toBe(true);
    expect(run.sarif).toBeUndefined();
    expect(JSON.parse(readFileSync(run.outputs.run!.report!, "utf8")).hostCommand.slice(0, 2)).toEqual(["sh", "-c"]);
  }, paced(200_000));

  it("fails a one-bug host: the step that ran it exits 1 after writing the summary", () => {
    const run = execute(workspace, {
      adapter: shell([...builtinHostArgv("reference"), "--bug", "nonempty-check"]), seed: "7", runs: "3", shard: shardOf("surface/empty-server-ok"), out: "failing", upload: "false", "upload-sarif": "true",
    });
    expect(run.codes, run.logs).toEqual({ "Check the inputs": 0, "Install mcp-collide": 0, "Compare the versions": 0, "Run the clause catalogue": 1 });
    expect(run.failed).toBe(true);
    expect(run.outputs.run!["exit-code"]).toBe("1");
    expect(run.summary).toMatch(/^# ❌ mcp-collide: FAIL/);
    expect(run.summary).toContain("surface/empty-server-ok");
    expect(run.upload).toBeUndefined();
    // Asked for, the defects go to code scanning: one SARIF result per defect, a category per shard.
    const shard = shardOf("surface/empty-server-ok");
    expect(run.sarif).toEqual({ file: join(workspace, "failing", "report.sarif"), category: `mcp-collide-shard-${shard.replace("/", "-of-")}` });
    const report = JSON.parse(readFileSync(run.outputs.run!.report!, "utf8"));
    expect(JSON.parse(readFileSync(run.sarif!.file, "utf8")).runs[0].results).toHaveLength(report.defects.length);
    expect(report.defects.length).toBeGreaterThan(0);
  }, paced(200_000));
  /** An action folder whose harness records its arguments and fails, at `version`. */
  function standIn(version: string): { path: string; argv: () => string[] } {
    const path = mkdtempSync(join(tmpdir(), "mcp-collide-action-stand-in-"));
    mkdirSync(join(path, "node_modules"));
    mkdirSync(join(path, "harness/bin"), { recursive: true });
    writeFileSync(join(path, "package.json"), JSON.stringify({ name: "mcp-collide", version }));
    writeFileSync(join(path, "harness/bin/mcp-collide.js"), `require("node:fs").writeFileSync(${JSON.stringify(join(path, "argv.json"))}, JSON.stringify(process.argv.slice(2))); process.exit(1);\n`);
    return { path, argv: () => JSON.parse(readFileSync(join(path, "argv.json"), "utf8")) as string[] };
  }

  it("passes timeout, profile, workers, clause and args to run, split and never evaluated", () => {
    const harness = standIn("9.9.9");
    try {
      const run = execute(workspace, {
        adapter: "python3 adapter.py", seed: "3", runs: "2", timeout: "45000", profile: "adr-0112", workers: "2",
        clause: "surface/empty-server-ok, names/injective", args: "--strict --case-timeout 60000 $(touch pwned) *", out: "stand-in", upload: "false",
      }, { actionPath: harness.path });
      expect(harness.argv()).toEqual([
        "run", "--runs", "2", "--out", "stand-in", "--seed", "3", "--timeout", "45000", "--profile", "adr-0112", "--workers", "2",
        "--clause", "surface/empty-server-ok", "--clause", "names/injective", "--strict", "--case-timeout", "60000", "$(touch", "pwned)", "*",
        "--", "sh", "-c", "python3 adapter.py",
      ]);
      expect(existsSync(join(workspace, "pwned"))).toBe(false);
      expect(run.outputs.run!["exit-code"]).toBe("1");
      expect(run.codes["Run the clause catalogue"], run.logs).toBe(1);
      // The stand-in wrote no report: the summary says so.
      expect(run.summary).toBe("mcp-collide wrote no report (see the log of the step before)\n");
      // Outputs in the key<<DELIMITER form, with a delimiter drawn afresh on every run.
      const delimiters = [run, execute(workspace, { adapter: "true", out: "stand-in", upload: "false" }, { actionPath: harness.path })]
        .map((each) => /^exit-code<<(mcp_collide_[0-9a-f]{32})$/m.exec(each.raw)?.[1]);
      expect(delimiters[0]).toBeDefined();
      expect(delimiters[1]).toBeDefined();
      expect(delimiters[0]).not.toBe(delimiters[1]);
    } finally {
      rmSync(harness.path, { recursive: true, force: true });
    }
  }, paced(60_000));

  it("warns when the Action's version and the project's devDependency differ", () => {
    const harness = standIn("9.9.9");
    const project = mkdtempSync(join(tmpdir(), "mcp-collide-action-project-"));
    const install = (version: string) => {
      mkdirSync(join(project, "node_modules/mcp-collide"), { recursive: true });
      writeFileSync(join(project, "node_modules/mcp-collide/package.json"), JSON.stringify({ name: "mcp-collide", version }));
    };
    try {
      mkdirSync(join(project, "adapter"));
      const inputs = { adapter: "true", upload: "false", "working-directory": join(project, "adapter") };
      expect(execute(project, inputs, { actionPath: harness.path }).logs).toContain("mcp-collide: the Action is 9.9.9; no mcp-collide in the project's node_modules");
      install("0.1.0");
      const differing = execute(project, inputs, { actionPath: harness.path });
      expect(differing.logs).toContain("::warning::mcp-collide: the Action is version 9.9.9, but the project's node_modules holds mcp-collide 0.1.0");
      expect(differing.codes["Compare the versions"]).toBe(0);
      install("9.9.9");
      const same = execute(project, inputs, { actionPath: harness.path });
      expect(same.logs).toContain("mcp-collide: the Action and the project's devDependency are both 9.9.9");
      expect(same.logs).not.toContain("::warning::");
    } finally {
      rmSync(harness.path, { recursive: true, force: true });
      rmSync(project, { recursive: true, force: true });
    }
  }, paced(60_000));

  it("refuses every input holding a newline or carriage return before anything runs", () => {
    const harness = standIn("9.9.9");
    try {
      for (const name of Object.keys(action.inputs)) {
        for (const value of ["one\ntwo", "one\rtwo"]) {
          const run = execute(workspace, { adapter: "true", upload: "false", [name]: value }, { actionPath: harness.path });
          expect(run.codes["Check the inputs"], `${name}: ${JSON.stringify(value)}\n${run.logs}`).toBe(2);
          expect(run.logs).toContain(`::error::mcp-collide: the input "${name}" holds a newline or carriage return`);
          expect(run.codes["Run the clause catalogue"]).toBeUndefined();
        }
      }
      const dashes = execute(workspace, { adapter: "true", upload: "false", args: "--strict -- rm -rf ." }, { actionPath: harness.path });
      expect(dashes.codes["Check the inputs"]).toBe(2);
    } finally {
      rmSync(harness.path, { recursive: true, force: true });
    }
  }, paced(120_000));

  // A forged "exit-code=0" line in an input must never turn a failing host's gate green.
  const failing = { adapter: shell([...builtinHostArgv("reference"), "--bug", "nonempty-check"]), seed: "7", runs: "3", clause: "surface/empty-server-ok", upload: "false" };
  const crafted = { "artifact-name": "report\nexit-code=0", out: "forged" };

  it("a failing host with a crafted input: refused, and the gate is never green", () => {
    const run = execute(workspace, { ...failing, ...crafted });
    expect(run.codes["Check the inputs"], run.logs).toBe(2);
    expect(run.codes["Run the clause catalogue"]).toBeUndefined();
    expect(run.failed).toBe(true);
    expect(run.outputs.run).toBeUndefined();
    expect(existsSync(join(workspace, "forged"))).toBe(false);
  }, paced(60_000));

  it("without the input check, the random delimiter still keeps the forged line out: the gate is red", () => {
    const run = execute(workspace, { ...failing, ...crafted }, { without: ["Check the inputs"] });
    expect(run.outputs.run!["exit-code"], run.logs).toBe("1");
    expect(run.outputs.run!.artifact).toBe("report\nexit-code=0");
    expect(run.codes["Run the clause catalogue"]).toBe(1);
    expect(run.failed).toBe(true);
  }, paced(200_000));

  it("a failing host that writes BASH_ENV into GITHUB_ENV and a fake bash into GITHUB_PATH cannot turn the job green, nor see where they are", () => {
    const evil = join(workspace, "evil");
    mkdirSync(evil, { recursive: true });
    writeFileSync(join(evil, "bash-env.sh"), "exit 0\n");
    writeFileSync(join(evil, "bash"), "#!/bin/sh\nexit 0\n", { mode: 0o755 });
    // As a host running as the job's user may: it finds the runner's command files whatever it is told.
    const hostile = [
      `printf '%s\\n' "\${GITHUB_ENV-unset} \${GITHUB_PATH-unset} \${GITHUB_OUTPUT-unset} \${GITHUB_STEP_SUMMARY-unset}" > ${shell([join(evil, "told")])}`,
      `for f in "$RUNNER_TEMP"/_runner_file_commands/set_env_*; do printf 'BASH_ENV=%s\\n' ${shell([join(evil, "bash-env.sh")])} >> "$f"; done`,
      `for f in "$RUNNER_TEMP"/_runner_file_commands/add_path_*; do printf '%s\\n' ${shell([evil])} >> "$f"; done`,
      `exec ${failing.adapter}`,
    ].join("; ");
    const run = execute(workspace, { ...failing, adapter: hostile, out: "hostile-env" });
    expect(run.outputs.run!["exit-code"], run.logs).toBe("1");
    expect(run.failed, run.logs).toBe(true);
    expect(run.codes["Run the clause catalogue"]).toBe(1);
    expect(readFileSync(join(evil, "told"), "utf8")).toBe("unset unset unset unset\n");
    expect(run.summary).toMatch(/^# ❌ mcp-collide: FAIL/);
  }, paced(200_000));
});
