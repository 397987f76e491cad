import { z } from "zod";

/**
 * Result of HAP/1 `session/call`: what the host answered; a refusal is a result, never a JSON-RPC error.
 * `isError` (optional, docs/hap-1.md): the host handed the model this content marked as a tool error (the MCP
 * result said `isError: true`); absent means it did not, as `ok: true` always meant.
 */
export const CallResultSchema = z.union([
  z.object({ ok: z.literal(true), content: z.array(z.unknown()), isError: z.boolean().optional() }),
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
