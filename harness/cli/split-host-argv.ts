/**
 * Where a command line's own options end and the host adapter's command begins: at the first `--`.
 * Everything after it belongs to the host, even words that look like our options.
 */

/** A command line cut at its first `--`. */
export interface SplitArgv {
  /** The words before `--` (all of them when there is none): ours to parse. */
  own: string[];
  /** The words after `--`: the host adapter's command, passed through untouched. */
  hostArgv: string[];
}

/** Cuts `argv` at its first `--`. */
export function splitHostArgv(argv: readonly string[]): SplitArgv {
  const split = argv.indexOf("--");
  return split < 0 ? { own: [...argv], hostArgv: [] } : { own: argv.slice(0, split), hostArgv: argv.slice(split + 1) };
}
