/**
 * `npm run docs`: regenerates what docs/ holds that the code knows: docs/clauses.md whole, the generated
 * half of docs/sources.md, and the worked transcript in docs/hap-1.md (a real session with the reference
 * host), and the table in hosts/README.md of the Node each host runs on. suites/docs/docs.test.ts fails
 * while any of them is stale.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { packageRoot } from "../../harness/index.ts";
import { oneBugHosts } from "../../reference/index.ts";
import { bugCatalogue } from "../bug-catalogue.ts";
import { controlRun, expectedConfounded, expectedFailures } from "../expected-failures.ts";
import { clauses } from "../index.ts";
import { renderClausesDoc } from "./clauses-doc.ts";
import { renderTranscript, takeTranscript, TRANSCRIPT_END, TRANSCRIPT_START } from "./hap-transcript.ts";
import { GENERATED_END, GENERATED_START, renderSourcesBlock } from "./sources-doc.ts";
import { NODE_TABLE_END, NODE_TABLE_START, renderNodeTable } from "./node-table.ts";
import { spliceBetween } from "./splice.ts";

const docs = join(packageRoot, "docs");

await writeFile(join(docs, "clauses.md"), renderClausesDoc({ clauses, expectedFailures, expectedConfounded, oneBugHosts, controlRun }));
const sources = join(docs, "sources.md");
await writeFile(sources, spliceBetween(await readFile(sources, "utf8"), GENERATED_START, GENERATED_END, renderSourcesBlock({ clauses, oneBugHosts, bugCatalogue })));
const hap = join(docs, "hap-1.md");
await writeFile(hap, spliceBetween(await readFile(hap, "utf8"), TRANSCRIPT_START, TRANSCRIPT_END, renderTranscript(await takeTranscript())));
const hostsReadme = join(packageRoot, "hosts", "README.md");
await writeFile(hostsReadme, spliceBetween(await readFile(hostsReadme, "utf8"), NODE_TABLE_START, NODE_TABLE_END, renderNodeTable()));
process.stdout.write("docs: clauses.md, sources.md (generated half), hap-1.md (transcript), hosts/README.md (Node table)\n");
