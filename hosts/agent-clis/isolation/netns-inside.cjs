"use strict";
/*
 * Builds an agent CLI's sandbox from inside, then gets out of the way (see netns-sandbox.ts for the whole).
 * It runs once per CLI process, as a child of the sandbox's first process (a shell, PID 1), as uid 0 of a
 * fresh user namespace owned by an unprivileged uid, in fresh network, mount, PID, IPC and UTS namespaces.
 * It
 * - brings up loopback, the network namespace's only interface: nothing the CLI does can leave the machine;
 * - builds the CLI's root from nothing, on a tmpfs, and pivots into it, detaching the machine's tree: the
 *   system's folders (/usr, /bin, /lib*, /sbin, /etc) and the places in `readable` (the harness's package, the
 *   CLI's install, Node's) bound read-only at their own paths; a fresh /proc and /sys; a /dev holding only
 *   null, zero, full, random, urandom, tty, a pts of its own and a private /dev/shm; private tmpfs on /tmp,
 *   the temp folder and /var/tmp; an empty, read-only /run (and /var/run); /etc/resolv.conf replaced; and the
 *   places in `writable` (the session's home and working directory) bound back writable. Nothing else of the
 *   machine is there to reach: no /home, /root, /var, /run/user, /mnt, no socket file of any daemon;
 * - opens, inside the namespace, every listener the CLI may talk to (127.0.0.1:<port> for each bridged
 *   port, the stdio relay's socket at its own path in the private temp folder, the refusing proxy on
 *   127.0.0.1:<proxyPort>, the DNS stub on 127.0.0.1:53) and hands each to the harness over the IPC channel
 *   its launch opened, then exits once the harness has them: the bridges and the outbound record live in the
 *   harness's process, outside every namespace the CLI is in.
 * The shell then closes the channel and becomes `setpriv` with no capabilities at all (empty bounding set,
 * no_new_privs), which starts the CLI and reaps for it: no process of the sandbox holds a capability, a
 * descriptor of the harness's, or a debug port while the CLI runs.
 * Any step that fails ends the sandbox before the CLI starts (fail closed): exit 2, saying which.
 * argv: <config JSON: {root, ports, unix, proxyPort, writable, tmp, readable, system, commands}>. Plain CommonJS, node: modules only.
 */
const { execFileSync } = require("node:child_process");
const dgram = require("node:dgram");
const fs = require("node:fs");
const net = require("node:net");
const path = require("node:path");

const [configText] = process.argv.slice(2);
if (!configText || typeof process.send !== "function") {
  process.stderr.write("usage: netns-inside <config JSON>, with an IPC channel to the harness\n");
  process.exit(2);
}
const { root, ports, unix, proxyPort, writable, tmp, readable, system, commands } = JSON.parse(configText);
/** The device nodes a program may expect; every other device of the machine stays out. */
const DEVICES = ["null", "zero", "full", "random", "urandom", "tty"];

/** True when `place` lies in `folder` (or is it). */
const inside = (place, folder) => place === folder || place.startsWith(folder.endsWith("/") ? folder : `${folder}/`);
const at = (place) => path.join(root, place);

function refuse(what, error) {
  const said = error && error.stderr ? ` (${String(error.stderr).trim()})` : "";
  process.stderr.write(`sandbox: ${what} failed, so the CLI was not started: ${error instanceof Error ? error.message.split("\n")[0] : error}${said}\n`);
  process.exit(2);
}
const run = (command, ...args) => execFileSync(commands[command], args, { stdio: ["ignore", "ignore", "pipe"] });
// --no-canonicalize: the paths given are the paths meant; nothing is resolved through the machine's tree.
const mount = (...args) => run("mount", "--no-canonicalize", ...args);
const tmpfs = (place, options) => mount("-t", "tmpfs", "-o", options, "tmpfs", place);

/** `place` (absolute, in the new root) with every link resolved within the new root, not the machine's. */
function resolveInRoot(place) {
  const pending = place.split("/").filter(Boolean);
  const done = [];
  for (let hops = 0; pending.length > 0; ) {
    const name = pending.shift();
    if (name === ".") continue;
    if (name === "..") {
      done.pop();
      continue;
    }
    let target;
    try {
      target = fs.readlinkSync(at(`/${[...done, name].join("/")}`));
    } catch {
      done.push(name); // not a link (or not there yet: made below)
      continue;
    }
    if (++hops > 40) throw new Error(`too many links resolving ${place}`);
    if (target.startsWith("/")) done.length = 0;
    pending.unshift(...target.split("/").filter(Boolean));
  }
  return `/${done.join("/")}`;
}

/** The machine's mounts under the new root (targets as this process sees them), from /proc/self/mountinfo. */
function mountsUnderRoot() {
  return fs.readFileSync("/proc/self/mountinfo", "utf8").split("\n").filter(Boolean).map((line) => {
    const fields = line.split(" ");
    return { target: fields[4].replace(/\\(\d{3})/g, (_, octal) => String.fromCharCode(parseInt(octal, 8))), options: fields[5].split(",") };
  }).filter(({ target }) => inside(target, root) && target !== root);
}

try {
  run("ip", "link", "set", "lo", "up");
  tmpfs(root, "mode=755,nosuid,nodev");
  // The system's folders, read-only at their own paths (a link stays a link).
  for (const place of system) {
    const info = fs.lstatSync(place, { throwIfNoEntry: false });
    if (!info) continue;
    if (info.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(place), at(place));
    else if (info.isDirectory()) {
      fs.mkdirSync(at(place));
      mount("--rbind", place, at(place));
    }
  }
  fs.mkdirSync(at("/proc"));
  mount("--rbind", "/proc", at("/proc"));
  fs.mkdirSync(at("/sys"));
  try {
    mount("-t", "sysfs", "sysfs", at("/sys"));
  } catch {
    tmpfs(at("/sys"), "ro,mode=755"); // no sysfs of our own: none at all rather than the machine's
  }
  // /dev: a handful of nodes bound from the machine's, a pts of its own, a private shm; nothing else.
  fs.mkdirSync(at("/dev"));
  tmpfs(at("/dev"), "mode=755,nosuid");
  for (const name of DEVICES) {
    if (!fs.existsSync(`/dev/${name}`)) continue;
    fs.writeFileSync(at(`/dev/${name}`), "");
    mount("--bind", `/dev/${name}`, at(`/dev/${name}`));
  }
  for (const [name, target] of [["fd", "/proc/self/fd"], ["stdin", "/proc/self/fd/0"], ["stdout", "/proc/self/fd/1"], ["stderr", "/proc/self/fd/2"]]) fs.symlinkSync(target, at(`/dev/${name}`));
  fs.mkdirSync(at("/dev/pts"));
  try {
    mount("-t", "devpts", "-o", "newinstance,ptmxmode=0666,mode=620", "devpts", at("/dev/pts"));
    fs.symlinkSync("pts/ptmx", at("/dev/ptmx"));
  } catch {
    // No pts of its own: a CLI that wants a terminal gets none, rather than the machine's.
  }
  fs.mkdirSync(at("/dev/shm"));
  tmpfs(at("/dev/shm"), "mode=1777,nosuid,nodev");
  // An empty /run (every daemon's sockets live there: the system bus, the container engine, the user's session).
  fs.mkdirSync(at("/run"));
  tmpfs(at("/run"), "mode=755,nosuid,nodev");
  fs.mkdirSync(at("/var/tmp"), { recursive: true });
  tmpfs(at("/var/tmp"), "mode=1777,nosuid,nodev");
  fs.symlinkSync("../run", at("/var/run"));
  // Every place below is found within the new root (resolveInRoot): a link met on the way must not lead a
  // mkdir or a mount out to the machine's tree, which is still this process's root until the pivot.
  // A folder before what lies in it (a temp folder inside the package, the package inside /tmp), so no mount hides another.
  const places = [...tmp.map((place) => ({ place, temp: true })), ...readable.map((place) => ({ place, temp: false }))]
    .map((entry) => ({ ...entry, within: resolveInRoot(entry.place) }))
    .sort((a, b) => a.within.split("/").length - b.within.split("/").length);
  const bound = [...system];
  for (const { place, temp, within } of places) {
    if (temp) {
      fs.mkdirSync(at(within), { recursive: true });
      tmpfs(at(within), "mode=1777,nosuid,nodev");
      continue;
    }
    if (bound.some((folder) => inside(within, folder)) || !fs.existsSync(place)) continue;
    fs.mkdirSync(at(within), { recursive: true });
    mount("--rbind", place, at(within));
    bound.push(within);
  }
  // resolv.conf: the stub's, wherever the machine's link leads (systemd-resolved's is under /run).
  const resolv = resolveInRoot("/etc/resolv.conf");
  const staged = at(`${tmp[0]}/.resolv.conf.${process.pid}`);
  fs.writeFileSync(staged, "nameserver 127.0.0.1\noptions attempts:1 timeout:1\n");
  if (!fs.existsSync(at(resolv))) {
    fs.mkdirSync(path.dirname(at(resolv)), { recursive: true });
    fs.writeFileSync(at(resolv), "");
  }
  mount("--bind", staged, at(resolv));
  fs.unlinkSync(staged);
  // Everything mounted so far is read-only but what must be written: the private tmpfs, /proc and /sys (their own).
  const ours = new Set([...tmp.map(resolveInRoot), "/var/tmp", "/dev/shm", "/dev/pts"].map(at));
  for (const { target, options } of mountsUnderRoot()) {
    if (ours.has(target) || inside(target, at("/proc")) || inside(target, at("/sys")) || options.includes("ro")) continue;
    try {
      mount("-o", "remount,bind,ro", target);
    } catch (error) {
      // A mount hidden under another one cannot be reached, so it need not be read-only; any other stays writable: refuse.
      if (fs.existsSync(target)) throw new Error(`cannot make ${target} read-only: ${error.stderr?.toString().trim() || error.message}`);
    }
  }
  for (const place of writable) {
    const target = at(resolveInRoot(place));
    if (!fs.existsSync(target)) fs.mkdirSync(target, { recursive: true });
    mount("--bind", place, target);
  }
  fs.mkdirSync(at("/.machine"));
  process.chdir(root);
  run("pivot_root", ".", ".machine");
  process.chdir("/");
  run("umount", "-l", "/.machine");
  fs.rmdirSync("/.machine");
  mount("-o", "remount,bind,ro", "/");
} catch (error) {
  refuse("building the sandbox", error);
}

/** Every listener the CLI may talk to, opened here (in the namespace) for the harness to serve. */
const listening = [];
const listen = (kind, extra, server, ...address) => listening.push(new Promise((resolve, reject) => {
  server.once("error", reject);
  server.listen(...address, () => resolve({ message: { kind, ...extra }, handle: server }));
}));
for (const port of ports) listen("port", { port }, net.createServer(), port, "127.0.0.1");
unix.forEach((place, index) => {
  fs.mkdirSync(path.dirname(place), { recursive: true, mode: 0o700 });
  listen("unix", { index }, net.createServer(), place);
});
listen("proxy", {}, net.createServer(), proxyPort, "127.0.0.1");
listening.push(new Promise((resolve, reject) => {
  const dns = dgram.createSocket("udp4");
  dns.once("error", reject);
  dns.bind(53, "127.0.0.1", () => resolve({ message: { kind: "dns" }, handle: dns }));
}));

Promise.all(listening).then(async (opened) => {
  for (const { message, handle } of opened) await new Promise((resolve, reject) => process.send(message, handle, (error) => (error ? reject(error) : resolve())));
  process.once("message", () => process.exit(0)); // the harness holds them all: the CLI may start
  process.send({ kind: "ready" });
}).catch((error) => refuse("opening the listeners", error));
