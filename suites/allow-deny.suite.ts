/**
 * Clause `surface/allow-deny`: a server contributes what its allow list names and its deny list does not
 * (tesserix "Declaring what a server contributes"). Worlds are collision-free, so only the lists are judged.
 */
import fc from "fast-check";
import {
  defineClause, errorNamesServer, worldOf, lifecycleWorld, messageNames, toolNamePool, withLifecycleWorld, type ServerOptions, type World,
} from "../harness/index.ts";
import { identify, quoted } from "./support/lifecycle.ts";

/** One server's lists: none, `*`, or a subset for allow; a subset for deny (only where allow is not a subset: tesserix refuses overlap). */
interface Lists {
  allow: "absent" | "star" | "subset";
  /** Per tool position: in the allow subset. */
  allowMask: boolean[];
  /** Per tool position: in the deny list. */
  denyMask: boolean[];
  /** Add to the allow subset a name the server does not advertise. */
  ghost: boolean;
}

interface AllowDenyCase {
  world: World;
  /** Per server position. */
  lists: Lists[];
}

const MAX_TOOLS = 3;
const mask = fc.array(fc.boolean(), { minLength: MAX_TOOLS, maxLength: MAX_TOOLS });
const lists: fc.Arbitrary<Lists> = fc.record({ allow: fc.constantFrom("absent" as const, "star" as const, "subset" as const), allowMask: mask, denyMask: mask, ghost: fc.boolean() });

/** What one server is configured with under `value`, what it may show, and its ghost entry if any. */
function configure(world: World, value: AllowDenyCase, index: number): { options: ServerOptions; allowed: string[]; ghost?: string; denies: boolean; narrows: boolean } {
  const server = world.servers[index]!;
  const names = server.tools.map((tool) => tool.name);
  const { allow, allowMask, denyMask, ghost } = value.lists[index]!;
  if (allow === "subset") {
    const chosen = names.filter((_, j) => allowMask[j]);
    const extra = ghost ? toolNamePool.find((name) => !names.includes(name)) : undefined;
    return { options: { allow: extra === undefined ? chosen : [...chosen, extra] }, allowed: chosen, ghost: extra, denies: false, narrows: chosen.length < names.length };
  }
  const deny = names.filter((_, j) => denyMask[j]);
  const options: ServerOptions = { ...(allow === "star" ? { allow: ["*"] } : {}), ...(deny.length > 0 ? { deny } : {}) };
  return { options, allowed: names.filter((name) => !deny.includes(name)), denies: deny.length > 0, narrows: deny.length > 0 };
}

export const allowDeny = defineClause({
  id: "surface/allow-deny",
  level: "MUST",
  summary: "expose only what a server's allow list names and its deny list does not; report an allow entry the server does not advertise as an error",
  why:
    "An allow list admits only the tools an operator reviewed, and a deny list wins over it. A host that " +
    "ignores the deny list exposes exactly what was excluded; an allow entry naming a tool the server " +
    "does not have is a typo or a renamed tool, worth an error rather than silence.",
  needs: ["allowDeny"],
  checkSituations: {
    "deny-listed": "a server's deny list named a tool it advertises",
    "allow-subset": "a server's allow list admitted only some of its tools",
    "ghost-allow": "an allow list named a tool the server does not advertise",
  },
  sources: ["tesserix allow/deny"],
  notApplicable: (env) => (env.capabilities.allowDeny ? undefined : "the host does not declare allowDeny"),
  arbitrary: () => fc.record({
    world: lifecycleWorld({ maxServers: 2, minTools: 2, maxTools: MAX_TOOLS }),
    lists: fc.array(lists, { minLength: 2, maxLength: 2 }),
  }),
  // alpha (request, search) with one list each time, beta (query, call) with none.
  coverage: () => ([
    ["deny-listed", "deny: search", { allow: "absent", allowMask: [false, false, false], denyMask: [false, true, false], ghost: false }],
    ["deny-listed", "allow: *, deny: request", { allow: "star", allowMask: [false, false, false], denyMask: [true, false, false], ghost: false }],
    ["allow-subset", "allow: request", { allow: "subset", allowMask: [true, false, false], denyMask: [false, false, false], ghost: false }],
    ["ghost-allow", "allow: request, search and a name alpha does not advertise", { allow: "subset", allowMask: [true, true, false], denyMask: [false, false, false], ghost: true }],
  ] as const).map(([hazard, lists, alpha]) => ({
    hazard,
    title: `alpha: request, search (${lists}) · beta: query, call`,
    value: {
      world: worldOf(["alpha", ["request", "search"]], ["beta", ["query", "call"]]),
      lists: [{ ...alpha, allowMask: [...alpha.allowMask], denyMask: [...alpha.denyMask] }, { allow: "absent" as const, allowMask: [false, false, false], denyMask: [false, false, false], ghost: false }],
    },
  })),
  worlds: (value: AllowDenyCase) => [value.world],
  requires: ["deny-listed", "allow-subset", "ghost-allow"],
  check: (env, value) =>
    withLifecycleWorld(env, value.world, async (live) => {
      const configured = value.world.servers.map((server, index) => ({ key: server.key, ...configure(value.world, value, index) }));
      const session = await live.open({ config: Object.fromEntries(configured.map(({ key, options }) => [key, options])) });
      const shown = await identify(session, await session.tools());
      const errors = session.opened.outcome.errors;
      const problems: string[] = [];
      const judged = new Set<string>();
      const blamedForGhost: string[] = [];
      for (const { key, options, allowed, ghost, denies, narrows } of configured) {
        // A list is judged where the server still shows something it allows: a host that drops the whole
        // server shows nothing it should not, and says nothing about its lists.
        const kept = shown.some((tool) => tool.server === key && allowed.includes(tool.tool));
        if (denies && kept) judged.add("deny-listed");
        if (narrows && options.allow !== undefined && kept) judged.add("allow-subset");
        const extra = shown.filter((tool) => tool.server === key && !allowed.includes(tool.tool));
        if (extra.length > 0) problems.push(`"${key}" (allow ${JSON.stringify(options.allow ?? "absent")}, deny ${JSON.stringify(options.deny ?? [])}) shows ${quoted(extra.map((tool) => tool.tool))}`);
        if (ghost !== undefined) {
          if (!errors.some((error) => errorNamesServer(error, key) || messageNames(error.message, ghost))) {
            problems.push(`no error names "${key}" or its allow entry "${ghost}", which it does not advertise`);
          } else if (errors.some((error) => messageNames(error.message, ghost))) judged.add("ghost-allow");
          else blamedForGhost.push(key);
        }
      }
      // An error naming the server only is about its allow entry when the same open without that entry
      // brings no such error: a host that blames every server at every open tells nothing.
      if (blamedForGhost.length > 0 && problems.length === 0) {
        await session.close();
        const plain = await live.open({ config: Object.fromEntries(configured.map(({ key, options, ghost }) => [key, ghost === undefined ? options : { ...options, allow: options.allow?.filter((entry) => entry !== ghost) }])) });
        if (!plain.opened.outcome.errors.some((error) => blamedForGhost.some((key) => errorNamesServer(error, key)))) judged.add("ghost-allow");
      }
      if (problems.length === 0) return { ok: true, judged: [...judged] };
      return { ok: false, expected: "each server shows only what its allow list names and its deny list does not, and an unknown allow entry is an error naming the server or the entry (quoted)", observed: problems.join("; "), judged: [...judged] };
    }),
});

/** The `surface/allow-deny` clause (a `surface/*` clause of its own file). */
export const allowDenyClauses = [allowDeny];
