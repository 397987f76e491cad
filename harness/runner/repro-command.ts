/** What a repro line needs. */
export interface ReproParts {
  clause: string;
  seed: number;
  path?: string;
  transport: string;
  profile?: string;
  /** The run served https because `--https` asked (an adapter's own `https` capability needs no flag). */
  https?: boolean;
  /** How the run named its host: `["--host", "last-wins"]`, `["--", ...argv]`, or nothing. */
  hostArgs: readonly string[];
  /** `--require` capabilities the run was given (a clause failed for want of one fails so again only with it). */
  require?: readonly string[];
}

/** `arg` as one shell word: as it is when it needs no quoting, else in single quotes. */
export function shellQuote(arg: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** A shell word; a recorded `~/...` or `$TMPDIR/...` (portable-path.ts) is left for the shell to expand. */
export function portableShellQuote(arg: string): string {
  const home = /^~(\/.*)?$/s.exec(arg);
  if (home) return `~${home[1] ? shellQuote(home[1]) : ""}`;
  const temp = /^\$TMPDIR(\/.*)?$/s.exec(arg);
  if (temp) return `"$TMPDIR"${temp[1] ? shellQuote(temp[1]) : ""}`;
  return shellQuote(arg);
}

/** A shell line that reruns exactly one case: the clause, the seed and the fast-check path of its counterexample. */
export function reproCommand(parts: ReproParts): string {
  const args = ["npx", "mcp-collide", "run", "--clause", parts.clause, "--seed", String(parts.seed)];
  if (parts.path) args.push("--path", parts.path);
  args.push("--transport", parts.transport);
  if (parts.profile) args.push("--profile", parts.profile);
  if (parts.https) args.push("--https");
  for (const capability of parts.require ?? []) args.push("--require", capability);
  args.push(...parts.hostArgs);
  return args.map(portableShellQuote).join(" ");
}

/**
 * The words of a line {@link reproCommand} wrote, as a shell would split them: single-quoted runs, `\'`,
 * and `"$TMPDIR"` kept as the portable `$TMPDIR` (portable-path.ts expands it, and `~`, when a path is used).
 * Read from a report, so never evaluated: an unclosed quote gives undefined.
 */
export function reproLineWords(line: string): string[] | undefined {
  const words: string[] = [];
  let word: string | undefined;
  for (let at = 0; at < line.length; at++) {
    const char = line[at]!;
    if (char === " ") {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (char === "'" || char === '"') {
      const end = line.indexOf(char, at + 1);
      if (end < 0) return undefined;
      word = (word ?? "") + line.slice(at + 1, end);
      at = end;
    } else if (char === "\\" && at + 1 < line.length) {
      word = (word ?? "") + line[++at];
    } else word = (word ?? "") + char;
  }
  if (word !== undefined) words.push(word);
  return words;
}
