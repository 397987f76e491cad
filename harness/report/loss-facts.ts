/**
 * Policy (docs/defects.md says it to users): what a session's first list lost, read as facts. An advertised
 * tool not shown, with no error naming its server, is read by the first reading that fits it: cut onto a
 * shown name, stripped of what is outside ASCII onto one, refused by a provider's rule, taken by another
 * pair's name under the host's join, folded or sanitised onto one, the pages after an empty cursor, the
 * tail after the first N, then the characters its name holds, then its name alone. Where the records fit
 * another reading as well (a first page that ended at an empty cursor; one lost tool holding a `_`), that
 * reading goes with the fact (CaseFact.or) and the report's other findings decide (group-defects.ts).
 */
import { sanitisedName } from "../world/situations.ts";
import { facts as said, fill, heldCharacters, PROVIDER_NAME, strippedTo, type CaseFact } from "./fact-readings.ts";
import type { ShownTool } from "./session-records.ts";

/** A server of the main world as advertised, and how the host walked its pages. */
export interface Advertised {
  key: string;
  tools: string[];
  pageSize?: number;
  failing: boolean;
  /** Some list of its prompts, resources or templates answers with an error: its tools may load, the server does not load cleanly. */
  contextFailing?: boolean;
  /** The page (from 1) whose nextCursor is "". */
  emptyCursor?: number;
  /** The most distinct cursors other than "" one connection sent it back. */
  cursorsFollowed: number;
  /** Some tools/list request carried the cursor "". */
  sentEmptyCursor: boolean;
}

/** How a session's host names tools: what the loss readings need of defect-facts.ts's reading of its list. */
export interface Naming {
  join?: string;
  /** The names a pair would have under the host's join, else the usual joins. */
  fulls: (key: string, tool: string) => string[];
  /** A shown tool whose name is its full name cut. */
  cutOf: (tool: ShownTool) => boolean;
  /** Some shown name is not what its join gives it (the host cuts, folds, strips or sanitises). */
  transforms: boolean;
}

/**
 * The host followed `server`'s cursors up to the page whose nextCursor is "" and never sent "": it took the
 * empty cursor for the end. Past a first page the records show nothing else (it followed a cursor before);
 * on the first page they show a host that reads one page as well: `weak`.
 */
function stoppedAtEmptyCursor(server: Advertised): { weak: boolean } | undefined {
  if (server.emptyCursor === undefined || server.sentEmptyCursor || server.cursorsFollowed !== server.emptyCursor - 1) return undefined;
  return { weak: server.emptyCursor === 1 };
}

/** `fact`, also fitting the characters every one of `lost` holds (a host may drop names for their shape). */
function orHeld(fact: CaseFact, lost: readonly string[], extra: readonly CaseFact[] = []): CaseFact {
  const common = lost.length === 0 ? [] : heldCharacters(lost[0]!).filter((character) => lost.every((name) => name.includes(character)));
  const or = [...extra, ...common.map(said.holds)];
  return or.length > 0 ? { ...fact, or } : fact;
}

/** A server that failed to load and that no error names: unless the host stopped at an empty cursor before its failure. */
export function unnamedFailure(server: Advertised): CaseFact {
  const fact: CaseFact = { kind: "failing", key: "failing:unnamed", text: "names no error for a server that failed to load" };
  const stopped = stoppedAtEmptyCursor(server);
  return !stopped ? fact : stopped.weak ? { ...fact, or: [said.emptyCursor()] } : said.emptyCursor();
}

/** A whole open refused, the healthy servers' tools with it; the lost tools' shapes fit as well. */
export function wholeOpen(advertised: readonly Advertised[], named: (key: string) => boolean): CaseFact {
  const lost = advertised.filter((server) => !server.failing && !named(server.key)).flatMap((server) => server.tools);
  return orHeld({ kind: "lost", key: "lost:whole-open", text: "refuses the whole open, the healthy servers' tools with it" }, lost);
}

/** The loss facts of one server's `missing` tools, given what the session showed. */
export function lossFacts(server: Advertised, missing: readonly string[], surface: readonly ShownTool[], naming: Naming): Array<{ fact: CaseFact; tool?: string }> {
  const { join, fulls, cutOf, transforms } = naming;
  const shownNames = new Set(surface.map((tool) => tool.shown));
  const kept = server.tools.filter((tool) => !missing.includes(tool));
  const prefix = kept.length > 0 && server.tools.slice(0, kept.length).every((tool, index) => tool === kept[index]);
  const stopped = prefix ? stoppedAtEmptyCursor(server) : undefined;
  return missing.map((tool) => {
    const full = join === undefined ? undefined : fill(join, server.key, tool);
    const other = full !== undefined && shownNames.has(full);
    // Lost to a cut name: its own name cut onto a shown one, or its name taken by another pair's cut name.
    const cutTo = surface.find((shown) => cutOf(shown) && fulls(server.key, tool).some((name) => name.startsWith(shown.shown)));
    const stripped = fulls(server.key, tool).some((name) => [...shownNames].some((shown) => strippedTo(name, shown)));
    const folded = full !== undefined && [...shownNames].some((name) => name.normalize("NFKC").toLowerCase() === full.normalize("NFKC").toLowerCase());
    const sanitised = full !== undefined && [...shownNames].some((name) => name === sanitisedName(full));
    if (cutTo !== undefined) return { fact: said.cut(cutTo.shown.length) };
    if (stripped) return { fact: said.stripped() };
    // Refused by a provider's rule under the host's join, or under every usual join where it showed none.
    const refused = tool === "" || (full !== undefined ? [full] : fulls(server.key, tool)).every((name) => !PROVIDER_NAME.test(name));
    if (!transforms && refused && !other) {
      return { fact: orHeld({ kind: "lost", key: "lost:refused-name", text: "drops a tool whose name a provider's rule refuses" }, [tool]) };
    }
    if (other) return { fact: said.clash(join!) };
    if (folded) return { fact: { kind: "folded", key: `folded:${join}`, text: "folds names (case and compatibility forms), so tools meet on one name" } };
    if (sanitised) return { fact: { kind: "folded", key: `sanitised:${join}`, text: "sanitises names, so tools meet on one name" } };
    if (stopped && !stopped.weak) return { fact: said.emptyCursor() };
    if (prefix) {
      const page = server.pageSize !== undefined && kept.length === server.pageSize;
      const fact: CaseFact = { kind: "prefix", key: page ? "prefix:page" : `prefix:${kept.length}`, text: page ? "shows only the first page of a paged list" : `shows only the first ${kept.length} tools of a server` };
      return { fact: orHeld(fact, [tool], stopped ? [said.emptyCursor()] : []) };
    }
    return { fact: orHeld({ kind: "lost", key: `lost:${JSON.stringify(tool)}`, text: `loses a tool named ${JSON.stringify(tool)}` }, [tool]), tool };
  });
}

/**
 * Tools lost by name alone, two or more, all holding a character that no shown tool's own name holds (and
 * some tool shown): that character is the reading (the host drops names of that shape), in place of each name.
 */
export function heldReading(lost: Array<{ fact: CaseFact; tool?: string }>, surface: readonly ShownTool[]): CaseFact[] {
  const named = lost.filter((entry) => entry.tool !== undefined);
  const tools = [...new Set(named.map((entry) => entry.tool!))];
  // Against the names it did show: some, and none holding the character (else the character tells nothing).
  const shown = surface.flatMap((tool) => (tool.pair ? [tool.pair[1]] : []));
  const character = tools.length < 2 || shown.length === 0 ? undefined : heldCharacters(tools[0]!).find((held) => tools.every((tool) => tool.includes(held)) && !shown.some((tool) => tool.includes(held)));
  return lost.map((entry) => (character !== undefined && entry.tool !== undefined ? said.holds(character) : entry.fact));
}
