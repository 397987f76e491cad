/**
 * Committed reports travel (attached to bug reports, cited in READMEs): none may hold anything of the
 * machine that wrote it. Every text file under reports/ is scanned for absolute paths, this machine's
 * directories and user name, home and temp directories of any machine, and file URLs. Nothing
 * machine-specific is allowed; regenerate with `npx tsx harness/cli/write-examples.ts` and `npm run reports`.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { homedir, hostname, tmpdir, userInfo } from "node:os";
import { extname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../harness/index.ts";

const TEXT = new Set([".json", ".md", ".html", ".xml", ".txt"]);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : TEXT.has(extname(name)) ? [path] : [];
  });
}

/** What no committed report may contain, each with why. */
function forbidden(): Array<[RegExp, string]> {
  const literal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const user = userInfo().username;
  const here = [packageRoot.replace(/\/$/, ""), process.cwd(), homedir(), tmpdir()].filter((path) => path.length > 1);
  return [
    // An absolute POSIX path of two segments or more, at the start of a word (not inside a URL or an id).
    [/(^|[\s"'`=(\[,;])\/(?:[\w.@+-]+\/)+[\w.@+-]*/m, "an absolute path"],
    [/[A-Za-z]:\\\\?(?:Users|home)/i, "a Windows user directory"],
    [/file:\/\//, "a file URL"],
    [/\/(?:home|Users)\/[\w.-]+|\/root\/|\/var\/folders\/|\/private\/var\/|\/tmp\//, "a home or temp directory"],
    ...here.map((path): [RegExp, string] => [literal(path), `this machine's ${path}`]),
    [new RegExp(`[/\\\\]${user}[/\\\\]`), `this machine's user name (${user}) in a path`],
    [literal(`${user}@${hostname()}`), "this machine's user@host"],
  ];
}

describe("committed reports carry nothing of the machine that made them", () => {
  const scanned = files(join(packageRoot, "reports"));

  it("scans every text file under reports/ (the examples and the real-host reports)", () => {
    expect(scanned.map((file) => relative(packageRoot, file))).toEqual(expect.arrayContaining([
      "reports/examples/last-wins/report.json", "reports/examples/last-wins/report.html", "reports/examples/last-wins/junit.xml", "reports/examples/matrix.md",
    ]));
  });

  it("holds no absolute path, user name, home or temp directory", () => {
    const found: string[] = [];
    for (const file of scanned) {
      const text = readFileSync(file, "utf8");
      for (const [pattern, why] of forbidden()) {
        const match = pattern.exec(text);
        if (match) found.push(`${relative(packageRoot, file)}: ${why}: ${JSON.stringify(match[0].trim())}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("the scan catches what it looks for (it can fail)", () => {
    const caught = (text: string) => forbidden().some(([pattern]) => pattern.test(text));
    for (const bad of ["\"/usr/bin/node\"", "file:///x/y", "at /home/alice/a.js", "C:\\Users\\bob", `${homedir()}/x`, "in /tmp/x"]) expect(caught(bad), bad).toBe(true);
    for (const fine of ["surface/no-silent-loss", "https://github.com/a/b", "`names/injective`", "node --import tsx reference/main.ts", "~/adapter.js", "$TMPDIR/x"]) {
      expect(caught(fine), fine).toBe(false);
    }
  });
});
