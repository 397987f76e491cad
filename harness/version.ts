import { readFileSync } from "node:fs";

/** The harness's own version, from package.json. */
export const harnessVersion: string = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).version;

/** The version of the clause catalogue the suites implement (docs/clauses.md says what changed in each). */
export const catalogueVersion = "1";
