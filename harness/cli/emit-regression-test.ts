/**
 * `mcp-collide repro --emit FILE`: a standalone vitest file that replays one case by value (the whole case
 * is embedded as JSON, so no seed, path or generator version is needed) against the same host, and asserts
 * the clause's verdict: by default that it holds (the test guards the fix), or with `--expect violated`
 * that the violation still shows (a control).
 */
import { dirname, join, relative, sep } from "node:path";
import { showHidden } from "../report/escape.ts";
import { packageRoot } from "./builtin-host.ts";

/** Everything an emitted test needs. */
export interface EmitOptions {
  /** Where the test will be written (its imports are relative to it). */
  file: string;
  clause: { id: string; level: string; summary: string };
  value: unknown;
  /** A built-in host name, or an adapter command line. */
  host: { builtin: string } | { argv: string[] };
  transport?: string;
  profile?: string;
  expect: "pass" | "violated";
  /** Where the case came from, for the file's header comment. */
  origin: { hostName: string; seed?: number; path?: string; report?: string; observed?: string };
}

function importPath(from: string, target: string): string {
  const path = relative(dirname(from), join(packageRoot, target)).split(sep).join("/");
  return path.startsWith(".") ? path : `./${path}`;
}

/** `JSON.parse` of the value's JSON, one source line per JSON line: an object literal would turn a `__proto__` key into a prototype. */
function embedded(value: unknown): string {
  const lines = JSON.stringify(value, null, 2).split("\n");
  return `JSON.parse([\n${lines.map((line) => `  ${JSON.stringify(line)},`).join("\n")}\n].join("\\n"))`;
}

/** A comment line that cannot close the comment it sits in. */
const commentSafe = (text: string) => text.replace(/\*\//g, "* /").replace(/[\r\n\u2028\u2029]+/g, " ");

/**
 * The test file's text. Every invisible, bidi, format or control character a host or a world put in it
 * (in a string literal or in the header comment) is written as a `\uXXXX` escape: the source reads as
 * what it does (no Trojan Source reordering in an editor or a diff), and each string keeps its value.
 */
export function regressionTestSource(options: EmitOptions): string {
  return showHidden(rawSource(options));
}

function rawSource(options: EmitOptions): string {
  const { clause, origin } = options;
  const host = "builtin" in options.host
    ? `builtinHostArgv(${JSON.stringify(options.host.builtin)})`
    : JSON.stringify(options.host.argv);
  const from = [origin.report ? `report ${origin.report}` : "", origin.seed !== undefined ? `seed ${origin.seed}` : "", origin.path ? `path ${origin.path}` : ""].filter(Boolean).join(", ");
  const title = options.expect === "pass" ? "holds for the replayed world" : "is still violated by the replayed world";
  return `/**
 * Regression test emitted by \`mcp-collide repro --emit\` for clause ${commentSafe(clause.id)} (${commentSafe(clause.level)}).
 * The host must ${commentSafe(clause.summary)}
 * Host: ${commentSafe(origin.hostName)}; case from ${commentSafe(from || "a replay")}.
${origin.observed ? ` * When emitted, the host did this instead: ${commentSafe(origin.observed.slice(0, 400))}\n` : ""} * The case is embedded by value: replaying it needs no seed and no generator.
 */
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { builtinHostArgv, hapLauncher, loadSuites, replayCase } from ${JSON.stringify(importPath(options.file, "harness/index.ts"))};
import { clauses } from ${JSON.stringify(importPath(options.file, "suites/index.ts"))};

const clauseId = ${JSON.stringify(clause.id)};
const value: unknown = ${embedded(options.value)};

it(\`\${clauseId} ${title}\`, { timeout: 180_000 }, async () => {
  // suites/index.ts lists the clause families; loadSuites also finds a suite file added since.
  const clause = clauses.find((candidate) => candidate.id === clauseId) ??
    (await loadSuites(fileURLToPath(new URL(${JSON.stringify(importPath(options.file, "suites"))}, import.meta.url)))).find((candidate) => candidate.id === clauseId);
  if (!clause) throw new Error(\`clause \${clauseId} is not in the suites\`);
  const launcher = hapLauncher({ argv: ${host} });
  const result = await replayCase({ clause, value, launcher, transport: ${JSON.stringify(options.transport)}, profile: ${JSON.stringify(options.profile)} });
  expect(result.verdict, result.reason).toBe(${JSON.stringify(options.expect)});
});
`;
}
