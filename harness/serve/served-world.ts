/**
 * One served world: its fake servers on 127.0.0.1 (stdio through the shim, or streamable HTTP), the change a
 * drifting world makes once an app has listed it, and, where asked, the fake model provider, whose every model
 * turn is answered at once with a line naming the tools it offered (so the person at the app sees the merged
 * list too). Everything stops on `stop`, which hands back the records serve judges.
 */
import { randomBytes } from "node:crypto";
import { ModelProvider, startFakeServerHost, type FakeServerHost, type FakeWorld, type ProviderTool } from "../../fake-servers/index.ts";
import type { ServedEndpoint } from "./host-configs.ts";
import type { ServedWorldSpec } from "./serve-catalogue.ts";
import type { ServedRecords } from "./served-records.ts";

/** The provider front ends an app can be pointed at, and the base URL each takes. */
export const PROVIDER_FRONT_ENDS = ["anthropic", "openai-responses", "chat-completions"] as const;
/** A provider front end serve can be asked for. */
export type ProviderFrontEnd = (typeof PROVIDER_FRONT_ENDS)[number];

/** How long after an app first listed a drifting server its change is made: the app has settled on its list. */
const DRIFT_SETTLE_MS = 500;

/** A running served world. */
export interface ServedWorld {
  endpoints: ServedEndpoint[];
  /** The fake provider, when asked: its base URL for the chosen front end and the API key it expects. */
  provider?: { baseUrl: string; apiKey: string; frontEnd: ProviderFrontEnd };
  /** Called once a drifting server has changed and notified. */
  onDrift(listener: (what: string) => void): void;
  /** Stops every server (and the provider) and returns what they recorded. Idempotent. */
  stop(): Promise<ServedRecords>;
}

/** Starts `spec`'s servers over `transport`, and the provider when `provider` is given. */
export async function startServedWorld(
  spec: ServedWorldSpec,
  options: { transport: "stdio" | "http"; provider?: ProviderFrontEnd; listChangedTimeoutMs: number },
): Promise<ServedWorld> {
  const host: FakeServerHost = await startFakeServerHost();
  let model: ModelProvider | undefined;
  let fake: FakeWorld<"stdio" | "http">;
  try {
    fake = await host.startWorld(spec.world.servers, options.transport, { quiet: spec.drift === undefined });
    if (options.provider) model = await ModelProvider.start();
  } catch (error) {
    await model?.close();
    await host.close();
    throw error;
  }
  const clock = () => performance.now() - fake.startedAt;
  const modelTurns: Array<{ at: number; tools: ProviderTool[] }> = [];
  const apiKey = randomBytes(16).toString("hex");
  if (model) {
    model.expect("app", apiKey);
    const provider = model;
    void (async () => {
      for (;;) {
        const turn = await provider.nextTurn("app", 2 ** 31 - 1).catch(() => undefined);
        if (!turn) return;
        modelTurns.push({ at: clock(), tools: turn.content.tools });
        const names = turn.content.tools.map((tool) => (tool.namespace ? `${tool.namespace}.${tool.name}` : tool.name));
        try {
          turn.answer({ type: "text", text: `mcp-collide serve: this turn offered ${names.length} tool(s): ${names.join(", ")}` });
        } catch {
          // A front end that cannot say this reply: the turn stays held until the provider closes.
        }
      }
    })();
  }
  let notified: ServedRecords["notified"];
  const listeners: Array<(what: string) => void> = [];
  let timer: NodeJS.Timeout | undefined;
  const drift = spec.drift;
  if (drift) {
    let listedAt: number | undefined;
    timer = setInterval(() => {
      if (notified || fake.listings(drift.server).length === 0) return;
      listedAt ??= clock();
      if (clock() - listedAt < DRIFT_SETTLE_MS) return;
      clearInterval(timer);
      void (async () => {
        for (const step of drift.steps) await fake.apply(drift.server, step);
        notified = { server: drift.server, at: clock(), tools: fake.tools(drift.server).map((tool) => tool.name) };
        for (const listener of listeners) listener(drift.what);
      })();
    }, 50);
  }
  let stopped: Promise<ServedRecords> | undefined;
  const stop = async (): Promise<ServedRecords> => {
    clearInterval(timer);
    const records = [...fake.records];
    const now = clock();
    try {
      await model?.close();
    } finally {
      await fake.close();
      await host.close();
    }
    return {
      world: spec.world, records, modelTurns, listChangedTimeoutMs: options.listChangedTimeoutMs,
      ...(notified ? { notified, upAfterNotifyMs: now - notified.at } : {}),
    };
  };
  const frontEnd = options.provider;
  return {
    endpoints: fake.endpoints.map(({ key, transport }) => ({ key, transport })),
    ...(model && frontEnd ? { provider: { baseUrl: frontEnd === "anthropic" ? model.origin : `${model.origin}/v1`, apiKey, frontEnd } } : {}),
    onDrift: (listener) => listeners.push(listener),
    stop: () => (stopped ??= stop()),
  };
}
