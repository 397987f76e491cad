/**
 * Committed reports travel (attached to bug reports, cited in READMEs): none may hold anything of the
 * machine that wrote it. Every text file under reports/ (the examples, the real-host and agent CLI reports
 * and their evidence) and the generated docs/ is scanned for absolute paths, this machine's directories and
 * user name, home and temp directories of any machine, and file URLs. Nothing machine-specific is allowed;
 * regenerate with `npx tsx harness/cli/write-examples.ts`, `npm run reports` and `npm run docs`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { homedir, hostname, tmpdir, userInfo } from "node:os";
import { extname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../harness/index.ts";

const TEXT = new Set([".json", ".md", ".html", ".xml", ".txt"]);

/**
 * An HTTP request target recorded as evidence (`"url": "/v1/messages?beta=true"`, what a CLI asked the fake
 * model provider for) is a URL path, not a file path: left out of the generic absolute-path check only.
 */
const REQUEST_TARGET = /"url": "\/[^"\s]*"/g;
/** Paths every Linux machine has, named by the agent CLIs' sandbox description (a private tmpfs on /dev/shm): of no machine in particular. */
const SYSTEM_PATHS = /\/dev\/(?:shm|null)\b/g;
/**
 * A system folder every Linux machine has, quoted in backticks by a hand-written doc (docs/sandbox.md names
 * what the agent CLIs' sandbox hides: `/root`, `/tmp`, `/etc/resolv.conf`): of no machine in particular,
 * though the machine that runs this test may have the same `/root` as its home or `/tmp` as its temp folder.
 * Only the bare folder where a home or temp folder could lie: `/tmp/x` or `/root/x` is still a machine's.
 */
const QUOTED_SYSTEM_FOLDERS = /`\/(?:(?:etc|proc|sys|dev|run|usr|bin|sbin|lib\w*)(?:\/[\w.<>*-]+)*|tmp|root|home|mnt|var(?:\/(?:tmp|run|lib))?)`/g;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : TEXT.has(extname(name)) ? [path] : [];
  });
}

/** What no committed report may contain, each with why; `generic` marks the absolute-path check. */
function forbidden(): Array<[RegExp, string, boolean?]> {
  const literal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const user = userInfo().username;
  const here = [packageRoot.replace(/\/$/, ""), process.cwd(), homedir(), tmpdir()].filter((path) => path.length > 1);
  return [
    // An absolute POSIX path of two segments or more, at the start of a word (not inside a URL or an id).
    // Not after `"$TMPDIR"` (a repro line quotes it so the shell expands it: `--agent-bin "$TMPDIR"/x`, JSON- or HTML-escaped).
    [/(?<!\$TMPDIR(?:\\|&quot))(^|[\s"'`=(\[,;])\/(?:[\w.@+-]+\/)+[\w.@+-]*/m, "an absolute path", true],
    [/[A-Za-z]:\\\\?(?:Users|home)/i, "a Windows user directory"],
    [/file:\/\//, "a file URL"],
    // At the start of a path only: a `home` folder deep inside `$TMPDIR/...` (an agent CLI's session home) is no machine's home.
    [/(?<![\w.$-])\/(?:home|Users)\/[\w.-]+|\/root\/|\/var\/folders\/|\/private\/var\/|\/tmp\//, "a home or temp directory"],
    ...here.map((path): [RegExp, string] => [literal(path), `this machine's ${path}`]),
    [new RegExp(`[/\\\\]${user}[/\\\\]`), `this machine's user name (${user}) in a path`],
    [literal(`${user}@${hostname()}`), "this machine's user@host"],
  ];
}

describe("committed reports carry nothing of the machine that made them", () => {
  const scanned = [...files(join(packageRoot, "reports")), ...files(join(packageRoot, "docs"))];

  it("scans every text file under reports/ (examples, real-host and agent CLI reports, evidence) and docs/", () => {
    expect(scanned.map((file) => relative(packageRoot, file))).toEqual(expect.arrayContaining([
      "reports/examples/last-wins/report.json", "reports/examples/last-wins/report.html", "reports/examples/last-wins/junit.xml", "reports/examples/matrix.md",
      "reports/langchain.json", "reports/claude-code.json", "reports/agent-clis/codex.evidence.json", "docs/hap-1.md", "docs/clauses.md",
    ]));
  });

  it("holds no absolute path, user name, home or temp directory", () => {
    const found: string[] = [];
    for (const file of scanned) {
      const text = readFileSync(file, "utf8").replace(QUOTED_SYSTEM_FOLDERS, "");
      for (const [pattern, why, generic] of forbidden()) {
        const match = pattern.exec(generic ? text.replace(REQUEST_TARGET, "").replace(SYSTEM_PATHS, "") : text);
        if (match) found.push(`${relative(packageRoot, file)}: ${why}: ${JSON.stringify(match[0].trim())}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("the scan catches what it looks for (it can fail)", () => {
    const caught = (text: string) => forbidden().some(([pattern, , generic]) => pattern.test(generic ? text.replace(REQUEST_TARGET, "").replace(SYSTEM_PATHS, "") : text));
    for (const bad of ["\"/usr/bin/node\"", "file:///x/y", "at /home/alice/a.js", "C:\\Users\\bob", `${homedir()}/x`, "in /tmp/x", "\"url\": \"/home/alice/x\"", "\"command\": \"/v1/x\"", "--agent-bin \\\"/opt/x\\\"/y/codex"]) {
      expect(caught(bad), bad).toBe(true);
    }
    for (const fine of ["surface/no-silent-loss", "https://github.com/a/b", "`names/injective`", "node --import tsx reference/main.ts", "~/adapter.js", "$TMPDIR/x", "--agent-bin \\\"$TMPDIR\\\"/x/codex", "--agent-bin &quot;$TMPDIR&quot;/x/codex", "\"url\": \"/v1/messages?beta=true\""]) {
      expect(caught(fine), fine).toBe(false);
    }
  });
});
