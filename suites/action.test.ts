/**
 * action.yml, executed here the way a GitHub runner executes a composite action: each `run` step in bash
 * (`-eo pipefail`), in its working directory, with `${{ inputs.* }}`, `${{ github.action_path }}` and
 * `${{ steps.*.outputs.* }}` filled in, GITHUB_OUTPUT read back after each step, `if:` honoured, and the
 * upload step (an external action) checked for what it would upload. One run against the reference host
 * (it passes: exit 0) and one against the one-bug host `nonempty-check` (it fails: the gate step exits 1,
 * after the summary). Both run one clause, surface/empty-server-ok, chosen as a shard of the catalogue, with
 * a few cases, to stay quick.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { load } from "js-yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtinHostArgv, packageRoot } from "../harness/index.ts";
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
  logs: string;
  outputs: Record<string, Record<string, string>>;
  summary: string;
  upload?: { name: string; path: string };
}

function execute(workspace: string, given: Record<string, string>): Execution {
  const inputs: Record<string, string> = Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, input.default ?? ""]));
  Object.assign(inputs, given);
  const outputs: Record<string, Record<string, string>> = {};
  const summary = join(workspace, "summary.md");
  writeFileSync(summary, "");
  const expression = (text: string) =>
    text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, body: string) => {
      let match: RegExpExecArray | null;
      if ((match = /^inputs\.([\w-]+)$/.exec(body))) return inputs[match[1]!] ?? "";
      if (body === "github.action_path") return packageRoot;
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
  for (const step of action.runs.steps) {
    if (!condition(step.if, failed)) continue;
    if (step.uses) {
      expect(step.uses, step.name).toMatch(/^actions\/upload-artifact@v\d+$/);
      upload = { name: expression(step.with!.name!), path: expression(step.with!.path!) };
      continue;
    }
    const output = join(workspace, `output-${step.id ?? "step"}`);
    writeFileSync(output, "");
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([name, value]) => [name, expression(String(value))]));
    const result = spawnSync("bash", ["--noprofile", "--norc", "-eo", "pipefail", "-c", step.run!], {
      cwd: resolve(workspace, expression(step["working-directory"] ?? ".")),
      env: { ...process.env, ...env, GITHUB_ACTION_PATH: packageRoot, GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary },
      encoding: "utf8", timeout: 180_000,
    });
    logs += `## ${step.name}\n${result.stdout}${result.stderr}`;
    codes[step.name] = result.status ?? -1;
    if (step.id) outputs[step.id] = Object.fromEntries(readFileSync(output, "utf8").split("\n").filter(Boolean).map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]));
    if (result.status !== 0) failed = true;
  }
  return { codes, logs, outputs, summary: readFileSync(summary, "utf8"), upload };
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
    expect(Object.keys(action.inputs)).toEqual(expect.arrayContaining(["adapter", "runs", "seed", "baseline", "strict", "shard"]));
  });

  it("passes a correct host: exit 0, the report in the step summary, the report directory uploaded", () => {
    const run = execute(workspace, { adapter: shell(builtinHostArgv("reference")), seed: "7", runs: "3", shard: shardOf("surface/empty-server-ok"), out: "passing" });
    expect(run.codes, run.logs).toEqual({
      "Install mcp-collide": 0, "Run the clause catalogue": 0, "Step summary": 0, "Gate on the verdict": 0,
    });
    expect(run.outputs.run!["exit-code"]).toBe("0");
    expect(run.summary).toMatch(/^# ✅ mcp-collide: PASS — mcp-collide-reference/);
    expect(run.summary).toContain("surface/empty-server-ok");
    expect(run.upload).toEqual({ name: `mcp-collide-report-shard-${shardOf("surface/empty-server-ok").replace("/", "-of-")}`, path: join(workspace, "passing") });
    expect(existsSync(join(workspace, "passing", "report.json"))).toBe(true);
    expect(JSON.parse(readFileSync(run.outputs.run!.report!, "utf8")).hostCommand.slice(0, 2)).toEqual(["sh", "-c"]);
  }, 200_000);

  it("fails a one-bug host: the gate exits 1 after the summary and the upload", () => {
    const run = execute(workspace, {
      adapter: shell([...builtinHostArgv("reference"), "--bug", "nonempty-check"]), seed: "7", runs: "3", shard: shardOf("surface/empty-server-ok"), out: "failing", upload: "false",
    });
    expect(run.codes, run.logs).toEqual({
      "Install mcp-collide": 0, "Run the clause catalogue": 0, "Step summary": 0, "Gate on the verdict": 1,
    });
    expect(run.outputs.run!["exit-code"]).toBe("1");
    expect(run.summary).toMatch(/^# ❌ mcp-collide: FAIL/);
    expect(run.summary).toContain("surface/empty-server-ok");
    expect(run.upload).toBeUndefined();
  }, 200_000);
});
