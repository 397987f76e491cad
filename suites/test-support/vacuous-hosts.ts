/**
 * Hosts that give a clause nothing to judge, each in its own way, for suites/vacuity.test.ts: under the old
 * counting (a situation counted as soon as a world held it) each earned PASS on some clause without the
 * clause ever looking at what it is about. Each wraps the reference host and changes one thing.
 */
import { identityOf, type CallResult, type HostAdapter, type OpenResult, type RefreshResult } from "../../harness/index.ts";
import { createHost } from "../../reference/index.ts";

type Change = (inner: HostAdapter) => Partial<HostAdapter>;

/** The reference host (or the one-bug host `bug`) with some of its methods replaced. */
function changed(change: Change, bug?: string): () => HostAdapter {
  return () => {
    const inner = createHost(bug);
    const own = change(inner);
    return {
      initialize: () => inner.initialize(),
      open: (params) => inner.open(params),
      tools: (session) => inner.tools(session),
      call: (session, name, args) => inner.call(session, name, args),
      refresh: (session, server) => inner.refresh!(session, server),
      registerLocal: (session, name, shape) => inner.registerLocal!(session, name, shape),
      pin: (session) => inner.pin!(session),
      prompts: (session) => inner.prompts!(session),
      getPrompt: (session, name, args, namespace) => inner.getPrompt!(session, name, args, namespace),
      resources: (session) => inner.resources!(session),
      readResource: (session, uri, namespace) => inner.readResource!(session, uri, namespace),
      close: (session) => inner.close(session),
      shutdown: () => inner.shutdown(),
      ...own,
    };
  };
}

const refused: CallResult = { ok: false, error: { message: "refused" } };

/** Shows no prompt and no resource, and refuses every get and read. */
const showsNoContext: Partial<HostAdapter> = {
  prompts: async () => ({ prompts: [] }),
  getPrompt: async () => refused as Extract<CallResult, { ok: false }>,
  resources: async () => ({ resources: [], templates: [] }),
  readResource: async () => refused as Extract<CallResult, { ok: false }>,
};

/** Every test host by name. */
export const vacuousHosts = {
  /** Refuses every open as a whole (an error naming no server), shows nothing, answers every call with an error. */
  "refuses-everything": changed((inner) => ({
    async open(params): Promise<OpenResult> {
      const { session } = await inner.open({ servers: [] });
      return { session, outcome: { registered: Object.fromEntries(params.servers.map((server) => [server.key, []])), errors: [{ message: "the configuration was refused" }] }, diagnostics: [] };
    },
    tools: async () => ({ tools: [] }),
    call: async () => refused,
    refresh: async (): Promise<RefreshResult> => ({ outcome: { registered: {}, errors: [{ message: "the configuration was refused" }] }, diagnostics: [] }),
    registerLocal: async () => refused,
    ...showsNoContext,
  })),
  /**
   * Refuses every server on its own, with an error naming it and every tool it would have shown, and shows
   * nothing: each refusal looks like a careful host's, but it refuses a world with nothing to refuse too.
   */
  "refuses-every-server": changed((inner) => ({
    async open(params): Promise<OpenResult> {
      const opened = await inner.open(params);
      const shown = (await inner.tools(opened.session)).tools.map((tool) => identityOf(tool.description)).filter((id) => id !== undefined);
      await inner.close(opened.session);
      const { session } = await inner.open({ servers: [] });
      const errors = params.servers.map((server) => {
        const tools = shown.filter((id) => id.server === server.key).map((id) => JSON.stringify(id.tool));
        return { server: server.key, message: `server ${JSON.stringify(server.key)} was refused${tools.length > 0 ? `, with its tools ${tools.join(", ")}` : ""}` };
      });
      return { session, outcome: { registered: Object.fromEntries(params.servers.map((server) => [server.key, []])), errors }, diagnostics: [] };
    },
    tools: async () => ({ tools: [] }),
    call: async () => refused,
    registerLocal: async () => refused,
    ...showsNoContext,
  })),
  /** The reference, but it never reports an error (what it refuses it refuses silently). */
  silent: changed((inner) => ({
    async open(params) {
      const opened = await inner.open(params);
      return { ...opened, outcome: { ...opened.outcome, errors: [] } };
    },
    async refresh(session, server) {
      const refreshed = await inner.refresh!(session, server);
      return { ...refreshed, outcome: { ...refreshed.outcome, errors: [] } };
    },
  })),
  /** The reference, but every refresh fails, naming each server it was asked to refresh, and changes nothing. */
  "refresh-fails": changed((inner) => {
    const keys = new Map<string, string[]>();
    return {
      async open(params) {
        const opened = await inner.open(params);
        keys.set(opened.session, params.servers.map((server) => server.key));
        return opened;
      },
      refresh: async (session, server): Promise<RefreshResult> => ({
        outcome: { registered: {}, errors: (server === undefined ? keys.get(session) ?? [] : [server]).map((key) => ({ server: key, message: `server ${JSON.stringify(key)} could not be refreshed` })) },
        diagnostics: [],
      }),
    };
  }),
  /**
   * Never reports a request schema keyed by a tool the server does not advertise (options-by-visible-name),
   * but every open reports an error naming every configured server, whatever it holds.
   */
  "blames-everyone": changed((inner) => ({
    async open(params) {
      const opened = await inner.open(params);
      const blame = params.servers.map((server) => ({ server: server.key, message: `server ${JSON.stringify(server.key)} has a problem` }));
      return { ...opened, outcome: { ...opened.outcome, errors: [...opened.outcome.errors, ...blame] } };
    },
  }), "options-by-visible-name"),
  /**
   * Loads tools as the reference does, but refuses every server that lists prompts or resources, with an error
   * naming it, and shows none of them: each refusal looks like a careful host's (docker/mcp-gateway refuses two
   * servers of one prompt name, naming both), but it refuses a world of prompts with nothing to refuse too.
   */
  "refuses-context-servers": changed((inner) => {
    return {
      async open(params) {
        const opened = await inner.open(params);
        const shown = [...(await inner.prompts!(opened.session)).prompts, ...(await inner.resources!(opened.session)).resources];
        const owners = [...new Set(shown.map((entry) => entry.server).filter((key): key is string => key !== undefined))];
        const blamed = owners.map((key) => ({ server: key, message: `server ${JSON.stringify(key)}'s prompts and resources were refused` }));
        return { ...opened, outcome: { ...opened.outcome, errors: [...opened.outcome.errors, ...blamed] } };
      },
      prompts: async () => ({ prompts: [] }),
      resources: async () => ({ resources: [], templates: [] }),
    };
  }),
  /** The reference, but no call ever reaches a server: every one is refused before sending. */
  "refuses-every-call": changed(() => ({ call: async () => refused })),
} satisfies Record<string, () => HostAdapter>;

/** A test host's name. */
export type VacuousHost = keyof typeof vacuousHosts;
