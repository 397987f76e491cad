import * as fc from "fast-check";
import type { Arbitrary } from "fast-check";
import type { World } from "../world/world.ts";
import { keptFlags } from "./_internals/kept-flag.ts";
import { uniqueArrayAtLeast } from "./_internals/unique-array-at-least.ts";
import { buildWorld, worldShape } from "./_internals/world-shape.ts";
import type { Fragment } from "./_internals/world-shape.ts";
import { serverKey } from "./server-key.ts";
import { toolName } from "./tool-name.ts";
import type { WorldOptions } from "./world.ts";
import { assertWithinBound, MAX_SERVERS_PER_WORLD } from "./world-bounds.ts";

/**
 * Two names of one server that sanitise to one, `a_b`, under Claude Code's rule (`[^A-Za-z0-9_-]` to `_`) and
 * the OpenAI Agents SDK's stricter one alike: a host that sanitises instead of refusing keeps one of them.
 */
const sanitisedTwinGadget: readonly Fragment[] = [{ key: "alpha", tools: ["a.b", "a_b"] }];

/**
 * Small sets of servers built so that two distinct (key, tool) pairs meet under some naive naming, each
 * with the scheme it defeats. Plainest first: a counterexample shrinks toward the first gadget.
 */
export const separatorClashGadgets: readonly (readonly Fragment[])[] = [
  // `{key}_{tool}` gives `a_b_c` twice (Mastra, LangChain's prefix, Gemini CLI).
  [
    { key: "a_b", tools: ["c"] },
    { key: "a", tools: ["b_c"] },
  ],
  // `mcp__{key}__{tool}` gives `mcp__a__b__c` twice, and a router splitting on the first `__` (Goose,
  // Roo's forks) sends both to `a`.
  [
    { key: "a__b", tools: ["c"] },
    { key: "a", tools: ["b__c"] },
  ],
  // Both joins at once: `a__b` and `mcp__a___b`.
  [
    { key: "a_", tools: ["b"] },
    { key: "a", tools: ["_b"] },
  ],
  // Keys that sanitise to `store_refunds` (`[^A-Za-z0-9_-]` → `_`, Claude Code and the Agents SDK).
  [
    { key: "store.refunds", tools: ["issue_refund"] },
    { key: "store_refunds", tools: ["issue_refund"] },
  ],
  [
    { key: "store refunds", tools: ["issue_refund"] },
    { key: "store_refunds", tools: ["issue_refund"] },
  ],
  // Distinct under that rule, one label for a host keeping only `[a-z0-9]` (Continue): `read-only`/`read_only`.
  [
    { key: "store-refunds", tools: ["issue_refund"] },
    { key: "store_refunds", tools: ["issue_refund"] },
  ],
  // Keys equal ignoring case, for hosts that lowercase the label (VS Code, Goose).
  [
    { key: "Search", tools: ["request"] },
    { key: "search", tools: ["request"] },
  ],
  // Tool names equal ignoring case in two servers, for hosts that neither prefix nor keep case.
  [
    { key: "alpha", tools: ["search"] },
    { key: "beta", tools: ["Search"] },
  ],
  // A dotted join (`{key}.{tool}`, the old docs' `web1.example.com:search_web` family).
  [
    { key: "a.b", tools: ["c"] },
    { key: "a", tools: ["b.c"] },
  ],
  // A tool already starting with its prefix kept bare (Continue) meets the prefixed one: `alpha_search`.
  [{ key: "alpha", tools: ["search", "alpha_search"] }],
  // Two names of one server that sanitise to one (`a.b`, `a_b`): Claude Code, the OpenAI Agents SDK.
  sanitisedTwinGadget,
];

/** Options of {@link separatorClashWorld}. */
export interface SeparatorClashWorldOptions extends Pick<WorldOptions, "latency" | "identity" | "unreachable"> {
  /** Most gadgets combined in one world (default 3; at least one is always present). */
  maxGadgets?: number;
  /** Most extra pool servers added around the gadgets (default 2). */
  extraServers?: number;
  /**
   * Give every gadget server a plain tool of its own beside its clashing one (`search`, which joins to no
   * other name; each shrinks away alone). Default false. A host that settles a clash by keeping one of the
   * two then leaves the other's server partly registered, which is what surface/all-or-nothing judges;
   * without it the loser of the plainest gadget holds nothing else, and losing it all is not a part.
   */
  companions?: boolean;
}

/** The plain tool {@link SeparatorClashWorldOptions.companions} adds: no gadget joins onto it. */
const companionTool = "search";

/**
 * A world holding one or more clash gadgets (see {@link separatorClashGadgets}): separators in keys and
 * names, keys that sanitise to one label, case variants; plus a few plain pool servers around them.
 * Gadgets sharing a key (several use `a`) merge into one server, so keys stay unique. Shrinks toward the
 * first gadget alone: server `a_b` with tool `c` and server `a` with tool `b_c`.
 */
export function separatorClashWorld(options: SeparatorClashWorldOptions = {}): Arbitrary<World> {
  const maxGadgets = options.maxGadgets ?? 3;
  const extraServers = options.extraServers ?? 2;
  assertWithinBound("separatorClashWorld: servers", maxGadgets * 2 + extraServers, MAX_SERVERS_PER_WORLD);
  // The first gadget (the {key}_{tool} join of Mastra, LangChain's prefix and Gemini CLI, the commonest) three
  // times as often as each other one; shrinking still walks toward it. The sanitised twins as often: at weight 1,
  // names/injective caught a sanitising host in 75-90 % of seeds (npm run power, 20 seeds at three bases).
  const heavy = (gadget: readonly Fragment[]) => gadget === separatorClashGadgets[0] || gadget === sanitisedTwinGadget;
  const gadgetIndex = fc.oneof({ withCrossShrink: true }, ...separatorClashGadgets.map((gadget, index) => ({ arbitrary: fc.constant(index), weight: heavy(gadget) ? 3 : 1 })));
  const extra = fc.record({
    key: serverKey({ families: ["pool"] }),
    tools: fc.uniqueArray(toolName({ families: ["pool"] }), { minLength: 1, maxLength: 2 }),
  });
  const maxFragments = maxGadgets * Math.max(...separatorClashGadgets.map((gadget) => gadget.length));
  return fc
    .record({
      gadgets: uniqueArrayAtLeast(gadgetIndex, { minLength: 1, maxLength: maxGadgets }),
      extras: fc.uniqueArray(extra, { selector: (server) => server.key, maxLength: extraServers }),
      shape: worldShape(options, maxGadgets * 2 + extraServers),
      // Every gadget fragment is generated; shrinking may drop single fragments. Two gadgets sharing
      // server `a` can meet on a third name (a_b:c and a.b:c): without this, `a` could never go and the
      // counterexample would stop at three servers when two show the bug.
      kept: keptFlags(maxFragments),
      companions: options.companions === true ? keptFlags(maxFragments) : fc.constant([] as boolean[]),
    })
    .map(({ gadgets, extras, shape, kept, companions }) => {
      const fragments = gadgets.flatMap((index) => separatorClashGadgets[index] ?? [])
        .map((fragment, position) => (companions[position] === true ? { ...fragment, tools: [...fragment.tools, companionTool] } : fragment));
      const left = fragments.filter((_, position) => kept[position] !== false);
      // Dropping every gadget fragment is fine while pool servers remain (they may be what collides).
      return buildWorld([...(left.length > 0 || extras.length > 0 ? left : fragments), ...extras], shape);
    });
}
