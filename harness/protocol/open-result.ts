import { z } from "zod";

/** An error the host gave its caller; `server` is set where the host said which server. */
export const HostErrorSchema = z.object({ server: z.string().optional(), message: z.string() });
/** An error the host gave its caller. */
export type HostError = z.infer<typeof HostErrorSchema>;

/** Something the host logged during a call. */
export const DiagnosticSchema = z.object({ level: z.string(), message: z.string() });
/** Something the host logged during a call. */
export type Diagnostic = z.infer<typeof DiagnosticSchema>;

/** What loading servers came to, per the host's own API (a host may lie; suites check it). */
export const OutcomeSchema = z.object({
  registered: z.record(z.string(), z.array(z.string())),
  errors: z.array(HostErrorSchema),
});
/** What loading servers came to, per the host's own API. */
export type Outcome = z.infer<typeof OutcomeSchema>;

/** Result of HAP/1 `session/open`. */
export const OpenResultSchema = z.object({
  session: z.string().min(1),
  outcome: OutcomeSchema,
  diagnostics: z.array(DiagnosticSchema).default([]),
});
/** Result of HAP/1 `session/open`. */
export type OpenResult = z.infer<typeof OpenResultSchema>;

/** Result of HAP/1 `session/refresh`. */
export const RefreshResultSchema = z.object({
  outcome: OutcomeSchema,
  diagnostics: z.array(DiagnosticSchema).default([]),
});
/** Result of HAP/1 `session/refresh`. */
export type RefreshResult = z.infer<typeof RefreshResultSchema>;
