/**
 * What of the machine an agent CLI's sandbox shows besides the system's folders (policy): the harness's
 * package (the fake stdio servers' shims live in it; a link of it that leads elsewhere, such as a worktree's
 * node_modules, is shown at its target too), Node's install, and the CLI's own install (the folder holding
 * the outermost node_modules its binary lies in, else its binary's folder). A socket file in any of them
 * could be connected to from inside (a read-only mount does not stop connect()), so they are searched for
 * socket files once per process, and a sandbox that would show one is refused, naming it: no daemon should
 * have its socket there. Folders named node_modules (npm fills them; no daemon listens in them) and .git are
 * not searched; a place too large to search is refused too.
 */
import { accessSync, constants, lstatSync, readdirSync, realpathSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, isAbsolute, join, resolve } from "node:path";
import { packageRoot } from "../../../harness/index.ts";

/** Most entries searched in one place before it is called too large to search. */
const MAX_ENTRIES = 200_000;

/** The executable `command` names: itself when it is a path, else the first on `path`. */
function located(command: string, path: string | undefined): string | undefined {
  if (command.includes("/")) return resolve(command);
  return (path ?? "").split(delimiter).filter(Boolean).map((folder) => join(folder, command)).find((file) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

const real = (place: string) => {
  try {
    return realpathSync(place);
  } catch {
    return undefined;
  }
};

/** The places besides the system's a sandbox running `bin` (found on `path` when not a path) shows, read-only. */
export function readablePlaces(bin: string | undefined, path = process.env.PATH): string[] {
  const places = new Set<string>();
  const root = real(packageRoot) ?? resolve(packageRoot);
  places.add(root);
  // A link in the package that leads out of it (a worktree's node_modules) is shown at its target.
  for (const link of [join(root, "node_modules"), join(root, "hosts/agent-clis/node_modules")]) {
    const target = lstatSync(link, { throwIfNoEntry: false })?.isSymbolicLink() ? real(link) : undefined;
    if (target) places.add(target);
  }
  // Node's install: …/bin/node → ….
  places.add(dirname(dirname(real(process.execPath) ?? process.execPath)));
  const file = bin === undefined ? undefined : located(bin, path);
  const binary = file === undefined ? undefined : real(file);
  if (file && binary) {
    const at = binary.indexOf("/node_modules/");
    places.add(at > 0 ? binary.slice(0, at) : dirname(binary));
    // The folder of the link it was named by (node_modules/.bin, a bin folder on PATH).
    if (file !== binary) places.add(real(dirname(file)) ?? dirname(file));
  }
  return [...places].filter((place) => isAbsolute(place));
}

/**
 * Socket files under `place` (links not followed, node_modules and .git not searched, nor the folders in
 * `hidden`, which the sandbox covers with a tmpfs of its own); `tooLarge` past the bound.
 */
function socketsUnder(place: string, hidden: readonly string[]): { sockets: string[]; tooLarge: boolean } {
  const sockets: string[] = [];
  let seen = 0;
  const pending = [place];
  while (pending.length > 0) {
    const folder = pending.pop()!;
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (++seen > MAX_ENTRIES) return { sockets, tooLarge: true };
      if (entry.isSocket()) sockets.push(join(folder, entry.name));
      else if (entry.isDirectory() && entry.name !== "node_modules" && entry.name !== ".git" && !hidden.includes(join(folder, entry.name))) pending.push(join(folder, entry.name));
    }
  }
  return { sockets, tooLarge: false };
}

const searched = new Map<string, { sockets: string[]; tooLarge: boolean }>();

/** The folders the sandbox covers with a private tmpfs: /tmp and the temp folder (their real paths). */
export function temporaryFolders(): string[] {
  return [...new Set(["/tmp", tmpdir()].map((folder) => real(folder) ?? folder))];
}

/** The system's folders, shown whatever they hold (the sandbox's root is built of them: netns-inside.cjs). */
export const SYSTEM_FOLDERS = ["/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc"] as const;

/** True when `place` is not searched: a system folder, or in a node_modules folder. */
const unsearched = (place: string) =>
  SYSTEM_FOLDERS.some((folder) => place === folder || place.startsWith(`${folder}/`)) || place.split("/").includes("node_modules");

/**
 * Undefined when none of `places` holds a socket file (searched once per process) outside the folders in
 * `hidden` that lie within them (the temp folders: the sandbox gives them a tmpfs of its own), else why the
 * sandbox cannot show them. System folders are not searched: they are shown whatever they hold.
 */
export function unsafePlaces(places: readonly string[], hidden: readonly string[] = temporaryFolders()): string | undefined {
  // A place inside a temp folder is bound back over its tmpfs (netns-inside.cjs), so it is searched like any other.
  for (const place of places.filter((each) => !unsearched(each))) {
    const key = JSON.stringify([place, hidden]);
    if (!searched.has(key)) searched.set(key, socketsUnder(place, hidden));
    const { sockets, tooLarge } = searched.get(key)!;
    if (tooLarge) return `${place} holds more than ${MAX_ENTRIES} entries, too many to search for socket files the CLI could connect to; put the CLI's binary in a folder of its own`;
    if (sockets.length > 0) return `${place} holds socket files a CLI in the sandbox could connect to (${sockets.slice(0, 3).join(", ")}${sockets.length > 3 ? ` and ${sockets.length - 3} more` : ""}); move them out`;
  }
  return undefined;
}
