/**
 * `npm run site`: the compliance site, reports/site/, from the committed reports (reports/<id>.json, the
 * version judged now; reports/history/<id>/<version>.json, earlier versions) and the registry in hosts.ts
 * (each host's kind, wiring and hand-checked evidence). The pages are built by harness/site/; this file
 * only says what the hosts are. Options: --out DIR (write elsewhere), --screenshot (also draw
 * reports/site/overview.png with headless Chromium). hosts/site.test.ts fails while reports/site/ is stale.
 */
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  buildSite, catalogueVersion, findChromium, loadSite, loadSuites, packageRoot, screenshot, SCREENSHOT, writeSite, type SiteCatalogue, type SiteHost,
} from "../harness/index.ts";
import { realHosts, type RealHost } from "./hosts.ts";
import { adapter } from "./test-support.ts";

/**
 * A host's kind, read from the registry: a host run with `--agent` (or from an agent module, `--agent-module`)
 * is an agent CLI, with `--gateway` a gateway (the site's "Gateways" group), one that needs a Python runtime
 * (or is started by one) is a Python host, any other a library.
 */
export function hostKind(host: Pick<RealHost, "runArgs" | "needs" | "argv">): string {
  if (host.runArgs?.[0] === "--agent" || host.runArgs?.[0] === "--agent-module") return "agent CLI";
  if (host.runArgs?.[0] === "--gateway") return "gateway";
  // Started by a Python interpreter: `python3 …`, or a venv's `…/bin/python` (fastmcp).
  if (host.needs?.some((need) => need.startsWith("python")) || /(?:^|\/)python[\d.]*$/.test(host.argv[0] ?? "")) return "Python";
  return "library";
}

/**
 * The command a host's reports must start with: its argv, but for an agent module only the module adapter up
 * to `--module`, since a module is judged from wherever its user keeps it (Continue's report was made from a
 * folder outside the package, `--module continue.ts`); the report's host name still ties it to its entry.
 */
export function siteCommand(host: Pick<RealHost, "runArgs" | "argv">): string[] {
  return host.runArgs?.[0] === "--agent-module" ? host.argv.slice(0, host.argv.indexOf("--module") + 1) : host.argv;
}

/**
 * The command an agent CLI's reports were made with before `--agent ID` ran the CLI's module through
 * harness/agent/agent-module-main.ts: its folder's adapter.ts (a wrapper serving the same module), with the variant.
 */
function formerAgentArgv(runArgs: readonly string[]): string[] {
  const variant = runArgs.indexOf("--agent-variant");
  return adapter(`agent-clis/${runArgs[1]}`, ...(variant >= 0 ? ["--variant", runArgs[variant + 1]!] : []));
}

/** The registry's hosts as the site takes them. */
export function siteHosts(hosts: readonly RealHost[] = realHosts): SiteHost[] {
  return hosts.map((host) => ({
    id: host.id, title: host.title, kind: hostKind(host), wiring: host.wiring,
    evidence: host.evidence, notApplicable: host.notApplicable, notes: host.notes ?? [], packages: host.packages, command: siteCommand(host),
    ...(host.formerNames ? { formerNames: host.formerNames } : {}),
    ...(host.runArgs?.[0] === "--agent" ? { formerCommands: [formerAgentArgv(host.runArgs)] } : {}),
  }));
}

/** The clause catalogue the reports are checked against: the package's own suites. */
export async function siteCatalogue(): Promise<SiteCatalogue> {
  const clauses = await loadSuites(join(packageRoot, "suites"));
  return { version: catalogueVersion, clauses: clauses.map(({ id, level, summary, sources }) => ({ id, level, summary, sources })) };
}

/** The site's files, built from the reports under `root`. */
export async function siteFiles(root = packageRoot): Promise<Map<string, string>> {
  return buildSite(await loadSite(root, siteHosts(), await siteCatalogue()));
}

/** Where the committed site lives. */
export const siteDir = join(packageRoot, "reports", "site");

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: "string" }, screenshot: { type: "boolean" } } });
  const dir = values.out ? resolve(values.out) : siteDir;
  try {
    const files = await siteFiles();
    writeSite(dir, files);
    process.stdout.write(`site: ${files.size} files in ${dir}\n`);
  } catch (error) {
    process.stderr.write(`site: ${(error as Error).message}\n`);
    return 2;
  }
  if (values.screenshot) {
    const chromium = findChromium();
    if (!chromium) {
      process.stderr.write("--screenshot needs Chromium (apt-get install -y chromium, or CHROMIUM=path)\n");
      return 2;
    }
    await screenshot(chromium, join(dir, "index.html"), join(dir, SCREENSHOT), 1600, 1100);
    process.stdout.write(`screenshot: ${join(dir, SCREENSHOT)}\n`);
  }
  return 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main();
}
