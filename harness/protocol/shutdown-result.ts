import { z } from "zod";
import { DiagnosticSchema } from "./open-result.ts";

/**
 * Result of HAP/1 `shutdown`: `{}`, or (an extension) diagnostics about the whole run that belong in the
 * report, such as the outbound network attempts an agent CLI's isolation recorded.
 */
export const ShutdownResultSchema = z.object({ diagnostics: z.array(DiagnosticSchema).default([]) }).loose();
/** Result of HAP/1 `shutdown`. */
export type ShutdownResult = z.infer<typeof ShutdownResultSchema>;
