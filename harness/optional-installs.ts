/**
 * What the self-test needs beyond `npm ci`, asked one way. `npm test` must pass on a fresh clone with only
 * `npm ci`, so every test that needs one of these asks {@link missingInstall} first: where the install is
 * missing it skips, saying why and how to install it; where a `MCP_COLLIDE_REQUIRE_*` variable says this
 * machine must have it (.ci/run sets them after installing), it fails instead. Tools that are not tests
 * (an agent adapter checking isolation, a bench) ask {@link probeInstall}, the same probe with no policy.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { agentCliEntry, agentClis, agentModuleExamples, agentModuleMissing } from "./cli/agent-registry.ts";
import { hostEntry, installedApart, installedVersion } from "./cli/host-registry.ts";
import { nodeRuntime, nodeRuntimes } from "./cli/node-runtimes.ts";
import { packageRoot, type AgentCliId } from "./cli/builtin-host.ts";
import { gateways } from "./cli/gateway-registry.ts";
import { machineRoot } from "./adapter/pid-namespace.ts";
import { missingSystemCommand, requireSystemCommand } from "./adapter/system-command.ts";
import { findChromium } from "./report/headless-chromium.ts";

/** A library host installed apart, in hosts/<name> (its host.json says `install: "folder"` or `"venv"`). */
export type LibraryHostName = string;

/**
 * One thing a test may need that `npm ci` does not install: a pinned agent CLI (`npm run agents:install`), an
 * example agent module's CLI (`npm run agents:modules`), a library host (`npm run hosts:libraries`), a pinned Node runtime a host adapter runs on (`npm run hosts:node`), Chromium (report.html in a browser), Python 3 (the Python host
 * and kit), Python's venv module (pip-installing the kit from the tarball), jq (docs/ci.md's recipe for
 * recomputing a report's hash), network namespaces (`unshare -n`, root: the offline tests), or the agent
 * CLIs' sandbox (user namespaces an unprivileged uid may make, with network, mount and PID namespaces inside),
 * or a registered gateway (`npm run gateways:install`: hosts/gateways/<id>/node_modules).
 */
export type OptionalInstall = `agent-cli:${AgentCliId}` | `agent-module:${string}` | `library-host:${LibraryHostName}` | `node-runtime:${number}` | `gateway:${string}` | "chromium" | "python3" | "python3-venv" | "jq" | "netns" | "sandbox";

/** Every optional install (suites/fresh-clone.ts checks that each one missing made its tests skip). */
export const optionalInstalls: readonly OptionalInstall[] = [
  ...agentClis.map((id) => `agent-cli:${id}` as const),
  ...agentModuleExamples.map((name) => `agent-module:${name}` as const),
  ...installedApart.map((host) => `library-host:${host.id}` as const),
  ...nodeRuntimes.map((runtime) => `node-runtime:${runtime.major}` as const),
  ...gateways.map((id) => `gateway:${id}` as const),
  "chromium", "python3", "python3-venv", "jq", "netns", "sandbox",
];

/**
 * The variables that make an install mandatory. Network namespaces are required wherever the agent CLIs or
 * the library hosts are: the CLIs run in one, and the offline test runs every host in one.
 */
function requiredBy(install: OptionalInstall): string[] {
  if (install.startsWith("agent-cli:") || install.startsWith("agent-module:")) return ["MCP_COLLIDE_REQUIRE_AGENTS"];
  if (install.startsWith("library-host:")) return ["MCP_COLLIDE_REQUIRE_LIBRARY_HOSTS"];
  if (install.startsWith("node-runtime:")) return ["MCP_COLLIDE_REQUIRE_NODE"];
  if (install.startsWith("gateway:")) return ["MCP_COLLIDE_REQUIRE_GATEWAYS"];
  if (install === "chromium") return ["MCP_COLLIDE_REQUIRE_CHROMIUM"];
  if (install === "python3" || install === "python3-venv") return ["MCP_COLLIDE_REQUIRE_PYTHON"];
  if (install === "sandbox") return ["MCP_COLLIDE_REQUIRE_AGENTS"];
  if (install === "jq") return ["MCP_COLLIDE_REQUIRE_JQ"];
  return ["MCP_COLLIDE_REQUIRE_AGENTS", "MCP_COLLIDE_REQUIRE_LIBRARY_HOSTS"];
}

/** A network namespace as the offline tests make one (hosts/offline.hosts.test.ts). */
const netnsProbe = () => ["-n", "-m", "-p", "-f", "--kill-child", "--propagation", "private", requireSystemCommand("ip"), "link", "set", "lo", "up"];

/** The uid the agent CLIs' sandbox runs as when the harness is root: nobody, which owns nothing of the machine's. */
export const SANDBOX_UID = 65534;

/**
 * What starts the agent CLIs' sandbox (harness/agent/isolation/netns-sandbox.ts), and what the
 * `sandbox` probe runs: nobody's uid when root of the machine (the harness's own otherwise: uid 0 of a user
 * namespace, as in an adapter's PID namespace when not root, is not), then uid 0 of a user
 * namespace holding fresh network, mount, PID, IPC and UTS namespaces with a fresh /proc.
 */
export function sandboxPrefix(): string[] {
  const unshare = [requireSystemCommand("unshare"), "-r", "-n", "-m", "-p", "-i", "-u", "-f", "--kill-child", "--mount-proc", "--propagation", "private"];
  return machineRoot() ? [requireSystemCommand("setpriv"), `--reuid=${SANDBOX_UID}`, `--regid=${SANDBOX_UID}`, "--clear-groups", "--", ...unshare] : unshare;
}

function probe(install: OptionalInstall): string | undefined {
  const [kind, name] = install.split(":") as [string, string | undefined];
  if (kind === "agent-cli") {
    // The pinned binary the CLI's cli.json names (hosts/agent-clis/node_modules/.bin).
    const bin = agentCliEntry(name!)?.bin;
    if (bin === undefined) return `${name} is not a registered agent CLI (no hosts/agent-clis/${name}/cli.json)`;
    if (!existsSync(join(packageRoot, "hosts/agent-clis/node_modules/.bin", bin))) return `${name} is not installed (npm run agents:install)`;
    // A CLI that refuses the harness's Node runs on a pinned one (its cli.json `node`): without it, it cannot run.
    const node = agentCliEntry(name!)?.node;
    return node === undefined ? undefined : probe(`node-runtime:${node}`);
  }
  if (kind === "agent-module") return agentModuleMissing(name!);
  if (kind === "gateway") {
    // A registered gateway's pinned install beside its module (hosts/gateways/<id>/package.json).
    if (!gateways.includes(name!)) return `${name} is not a registered gateway (no hosts/gateways/${name}/${name}.ts)`;
    return existsSync(join(packageRoot, "hosts/gateways", name!, "node_modules", ".package-lock.json")) ? undefined : `the gateway ${name} is not installed (npm run gateways:install)`;
  }
  if (kind === "library-host") {
    // Every package its host.json pins, at that version: a stale install (the pins moved on) is missing too.
    const entry = hostEntry(name!);
    if (entry === undefined || (entry.install !== "folder" && entry.install !== "venv")) return `${name} is not a library host installed apart (no hosts/${name}/host.json with install "folder" or "venv")`;
    const how = `npm run ${entry.install === "venv" ? "hosts:python" : "hosts:libraries"}`;
    const versions = Object.entries(entry.packages).map(([pkg, pin]) => [pkg, pin, installedVersion(entry, pkg)] as const);
    if (versions.some(([, , version]) => version === undefined)) return `hosts/${name} is not installed (${how})`;
    const stale = versions.filter(([, pin, version]) => version !== pin).map(([pkg, pin, version]) => `${pkg} ${version}, not ${pin}`);
    return stale.length === 0 ? undefined : `hosts/${name} is installed at other versions than its host.json pins: ${stale.join(", ")} (${how})`;
  }
  if (kind === "node-runtime") {
    // The binary the runtimes' lockfile installs, answering the version it pins.
    const runtime = nodeRuntime(Number(name));
    if (runtime === undefined) return `Node ${name} is not a pinned runtime (no node${name} in hosts/node-runtimes/package.json)`;
    const ran = spawnSync(join(packageRoot, runtime.bin), ["--version"], { encoding: "utf8", timeout: 10_000 });
    if (ran.error || ran.status !== 0) return `Node ${runtime.version} is not installed (npm run hosts:node)`;
    return ran.stdout.trim() === `v${runtime.version}` ? undefined : `${runtime.bin} is Node ${ran.stdout.trim()}, not its pin ${runtime.version} (npm run hosts:node)`;
  }
  if (install === "chromium") return findChromium() ? undefined : "no chromium on PATH (Debian: apt-get install -y chromium, or set CHROMIUM)";
  if (install === "python3") {
    const result = spawnSync("python3", ["--version"], { encoding: "utf8", timeout: 10_000 });
    return result.status === 0 ? undefined : `python3 cannot run here (${result.error?.message ?? `exit ${result.status}`})`;
  }
  if (install === "python3-venv") {
    // Debian splits venv's pip bootstrap (ensurepip) into python3-venv.
    const result = spawnSync("python3", ["-c", "import ensurepip, venv"], { encoding: "utf8", timeout: 10_000 });
    return result.status === 0 ? undefined : "python3 cannot make a venv here (Debian: apt-get install -y python3-venv)";
  }
  if (install === "sandbox") {
    const needed = ["unshare", "sh", "ip", "mount", "umount", "mkdir", "pivot_root", "setpriv", "true"];
    const missing = missingSystemCommand(...needed);
    if (missing) return `the agent CLIs' sandbox cannot be built here: ${missing}`;
    const [sh, ip, mount, mkdir, pivotRoot, setpriv, truth] = ["sh", "ip", "mount", "mkdir", "pivot_root", "setpriv", "true"].map((name) => requireSystemCommand(name));
    // What the set-up does (harness/agent/isolation/netns-inside.cjs), in brief: loopback, a tmpfs, a pivot into it, no capabilities.
    // First: the set-up reads the harness's own files, and enters the temp folder (the sandbox's root and the
    // session's folders are made there), as the sandbox's uid: a folder on the way may be closed to it (a CI's
    // 0700 temp folder holding the clone); exit 3 says so.
    const reads = `[ -r "$1" ] && [ -x "$2" ] || exit 3`;
    const inside = [sh!, "-c", `${reads} && ${ip} link set lo up && ${mount} -t tmpfs tmpfs /tmp && ${setpriv} --bounding-set=-all --no-new-privs ${truth} && ${mkdir} /tmp/old && cd /tmp && exec ${pivotRoot} . old`, "probe", join(packageRoot, "harness/agent/isolation/netns-inside.cjs"), outerTemp()];
    const [file, ...args] = [...sandboxPrefix(), ...inside];
    const result = spawnSync(file!, args, { encoding: "utf8", timeout: 10_000 });
    if (result.error) return `${file} could not run: ${result.error.message}`;
    if (result.status === 3) return `the agent CLIs' sandbox cannot read the harness's package at ${packageRoot} or enter the temp folder ${outerTemp()} as its uid${machineRoot() ? ` (${SANDBOX_UID}, nobody)` : ""}: a folder on the way is closed to that uid (a 0700 TMPDIR, or one holding the checkout?); put them where others may enter (chmod o+x on each folder above), or TMPDIR=/tmp`;
    return result.status === 0 ? undefined : `the agent CLIs' sandbox cannot be built here (${machineRoot() ? "setpriv to nobody, then " : ""}unshare -r -n -m -p -i -u -f --mount-proc, a tmpfs root and pivot_root into it: exit ${result.status}, ${result.stderr.trim() || "no message"}); user namespaces may be off (sysctl kernel.unprivileged_userns_clone, or Ubuntu's kernel.apparmor_restrict_unprivileged_userns)`;
  }
  if (install === "jq") {
    const result = spawnSync("jq", ["--version"], { encoding: "utf8", timeout: 10_000 });
    return result.status === 0 ? undefined : `jq cannot run here (${result.error?.message ?? `exit ${result.status}`}; Debian: apt-get install -y jq)`;
  }
  if (missingSystemCommand("unshare", "ip")) return missingSystemCommand("unshare", "ip");
  const result = spawnSync(requireSystemCommand("unshare"), netnsProbe(), { encoding: "utf8", timeout: 10_000 });
  if (result.error) return `unshare could not run: ${result.error.message}`;
  return result.status === 0 ? undefined : `unshare -n -m failed (exit ${result.status}, needs root): ${result.stderr.trim()}`;
}

/**
 * The temp folder the sandbox's uid must enter: the first above the harness's own `mcp-collide-*` folders (an
 * adapter process's temp folder is one, 0700), which the sandbox opens to that uid itself when the harness is root.
 */
function outerTemp(): string {
  let dir = tmpdir();
  while (basename(dir).startsWith("mcp-collide-") && dir !== dirname(dir)) dir = dirname(dir);
  return dir;
}

const probed = new Map<OptionalInstall, string | undefined>();

/** Undefined when `install` is here and usable, else why not (and how to install it). Probed once per process. */
export function probeInstall(install: OptionalInstall): string | undefined {
  if (!probed.has(install)) probed.set(install, probe(install));
  return probed.get(install);
}

const announced = new Set<string>();

/**
 * For a test that needs `installs`: undefined when all are here, else why not, for the test to skip with
 * (see {@link skipTitle}); the reason is also written to stderr once per process, so a skip is seen in
 * vitest's output. Throws instead when an install is missing that a `MCP_COLLIDE_REQUIRE_*` variable set
 * to 1 demands, so the test file fails.
 */
export function missingInstall(...installs: OptionalInstall[]): string | undefined {
  const missing = installs.flatMap((install) => {
    const why = probeInstall(install);
    return why === undefined ? [] : [{ install, why }];
  });
  if (missing.length === 0) return undefined;
  const demanded = missing.flatMap(({ install, why }) => requiredBy(install).filter((name) => process.env[name] === "1").map((name) => `${why} (${name}=1 requires ${install})`));
  if (demanded.length > 0) throw new Error(`a required install is missing: ${demanded.join("; ")}`);
  const reason = missing.map(({ why }) => why).join("; ");
  if (!announced.has(reason)) {
    announced.add(reason);
    process.stderr.write(`skipping what needs ${missing.map(({ install }) => install).join(" and ")}: ${reason}\n`);
  }
  return reason;
}

/** `title`, followed by `(skipped: why)` when `missing` says why it cannot run, so the skip names its reason. */
export function skipTitle(title: string, missing: string | undefined): string {
  return missing === undefined ? title : `${title} (skipped: ${missing})`;
}
