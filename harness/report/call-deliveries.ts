/**
 * Where each call of a case arrived, as the fake servers received it: a call is matched to the tools/call
 * deliveries of its world that carry exactly its arguments (a probe unique within the world), never to what
 * the host answered. Also how often each server was asked for its list.
 */
import { canonicalJson } from "../world/canonical-json.ts";
import type { Evidence, EvidenceStep } from "./report-model.ts";

type HostStep = Extract<EvidenceStep, { kind: "host" }>;

/** A tools/call one fake server received. */
export interface Delivery {
  world: number;
  server: string;
  tool: string;
  arguments: string;
  used: boolean;
}

/** `"alpha" / "search"`: a server and a wire name. */
export const pairText = (server: string, tool: string) => `${JSON.stringify(server)} / ${JSON.stringify(tool)}`;

/**
 * Where a call arrived: the unused deliveries with its exact arguments in its world. A call delivered several
 * times (a retry, a fan-out) takes every match, unless another call of the world has the same arguments
 * (`shared`): then each takes one, in order.
 */
export function routeOf(call: HostStep, world: number, deliveries: Delivery[], shared: boolean): string {
  const args = canonicalJson(((call.request ?? {}) as Record<string, unknown>).arguments ?? {});
  const matching = deliveries.filter((delivery) => delivery.world === world && !delivery.used && delivery.arguments === args);
  const taken = shared ? matching.slice(0, 1) : matching;
  for (const delivery of taken) delivery.used = true;
  if (taken.length === 0) return "no server";
  return taken.map((delivery) => pairText(delivery.server, delivery.tool)).sort().join(" + ");
}

/** How many calls of each world carry the same arguments, keyed by world and canonical arguments. */
export function callsByArguments(evidence: Evidence): Map<string, number> {
  const counts = new Map<string, number>();
  let world = 0;
  for (const step of evidence.steps) {
    if (step.kind === "world") world = step.world;
    if (step.kind !== "host" || step.method !== "call") continue;
    const key = `${world} ${canonicalJson(((step.request ?? {}) as Record<string, unknown>).arguments ?? {})}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Every tools/call each fake server received, with its world. */
export function deliveriesOf(evidence: Evidence): Delivery[] {
  return evidence.steps.flatMap((step) => step.kind !== "received" ? [] : step.messages
    .filter((message) => message.method === "tools/call")
    .map((message) => ({ world: step.world, server: step.server, tool: message.tool ?? "", arguments: canonicalJson(message.arguments ?? {}), used: false })));
}

/**
 * How each server of world `world` was asked for its tool list: the most requests on one connection, the most
 * distinct cursors other than "" one connection sent back, and whether any request carried the cursor "".
 */
export function listPaging(evidence: Evidence, world: number): Map<string, { requests: number; cursors: number; emptyCursor: boolean }> {
  const paging = new Map<string, { requests: number; cursors: number; emptyCursor: boolean }>();
  for (const step of evidence.steps) {
    if (step.kind !== "received" || step.world !== world) continue;
    const lists = step.messages.filter((message) => message.method === "tools/list");
    const connections = [...new Set(lists.map((message) => message.connection))];
    const on = (connection: number) => lists.filter((message) => message.connection === connection);
    paging.set(step.server, {
      requests: Math.max(0, ...connections.map((connection) => on(connection).length)),
      cursors: Math.max(0, ...connections.map((connection) => new Set(on(connection).flatMap((message) => (message.cursor ? [message.cursor] : []))).size)),
      emptyCursor: lists.some((message) => message.cursor === ""),
    });
  }
  return paging;
}

/** How many times each server of world `world` was asked for its tool list on one connection, at most. */
export function listRequests(evidence: Evidence, world: number): Map<string, number> {
  return new Map([...listPaging(evidence, world)].map(([server, { requests }]) => [server, requests]));
}
