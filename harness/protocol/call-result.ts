import { z } from "zod";

/**
 * Result of HAP/1 `session/call`: what the host answered; a refusal is a result, never a JSON-RPC error.
 * `isError` (optional, docs/hap-1.md): the host handed the model this content marked as a tool error (the MCP
 * result said `isError: true`); absent means it did not, as `ok: true` always meant. `undetermined`
 * (optional): why the adapter cannot tell whether the host handed the content on as a failure or as output
 * (an agent CLI on a model wire with no error flag, whose failure texts are not known): clauses that judge
 * whether a call failed leave such a call unjudged.
 */
export const CallResultSchema = z.union([
  z.object({ ok: z.literal(true), content: z.array(z.unknown()), isError: z.boolean().optional(), undetermined: z.string().min(1).optional() }),
  z.object({ ok: z.literal(false), error: z.object({ message: z.string() }) }),
]);
/** Result of HAP/1 `session/call`. */
export type CallResult = z.infer<typeof CallResultSchema>;

/** Result of HAP/1 `session/registerLocal`. */
export const RegisterLocalResultSchema = CallResultSchema.or(z.object({ ok: z.literal(true) }));
/** Result of HAP/1 `session/registerLocal`. */
export type RegisterLocalResult = z.infer<typeof RegisterLocalResultSchema>;

/** Result of HAP/1 `session/pin`: an opaque value per server key. */
export const PinResultSchema = z.object({ pins: z.record(z.string(), z.unknown()) });
/** Result of HAP/1 `session/pin`. */
export type PinResult = z.infer<typeof PinResultSchema>;
