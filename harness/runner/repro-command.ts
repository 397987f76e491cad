/** What a repro line needs. */
export interface ReproParts {
  clause: string;
  seed: number;
  path?: string;
  transport: string;
  profile?: string;
  /** How the run named its host: `["--host", "last-wins"]`, `["--", ...argv]`, or nothing. */
  hostArgs: readonly string[];
}

/** `arg` as one shell word: as it is when it needs no quoting, else in single quotes. */
export function shellQuote(arg: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** A shell line that reruns exactly one case: the clause, the seed and the fast-check path of its counterexample. */
export function reproCommand(parts: ReproParts): string {
  const args = ["npx", "mcp-collide", "run", "--clause", parts.clause, "--seed", String(parts.seed)];
  if (parts.path) args.push("--path", parts.path);
  args.push("--transport", parts.transport);
  if (parts.profile) args.push("--profile", parts.profile);
  args.push(...parts.hostArgs);
  return args.map(shellQuote).join(" ");
}
