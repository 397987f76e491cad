import { z } from "zod";

/**
 * Where a host put an error or diagnostic (optional, HAP/1 extension): `api` (returned to its caller),
 * `stdout`/`stderr` (printed: a CLI user sees it), `log-file` (written to a file the user must go and read).
 * What only a log file holds was not told to the user: see {@link userSees}.
 */
export const ChannelSchema = z.enum(["api", "stdout", "stderr", "log-file"]);
/** Where a host put an error or diagnostic. */
export type Channel = z.infer<typeof ChannelSchema>;

/** An error the host gave its caller; `server` is set where the host said which server. */
export const HostErrorSchema = z.object({ server: z.string().optional(), message: z.string(), channel: ChannelSchema.optional() });
/** An error the host gave its caller. */
export type HostError = z.infer<typeof HostErrorSchema>;

/** Something the host logged during a call. */
export const DiagnosticSchema = z.object({ level: z.string(), message: z.string(), channel: ChannelSchema.optional() });
/** Something the host logged during a call. */
export type Diagnostic = z.infer<typeof DiagnosticSchema>;

/**
 * True unless the entry came only from a log file: the clauses that ask whether the user was told (an error
 * naming a server, an exclusion said) count only what a user sees. No channel means the host's own API.
 */
export function userSees(entry: { channel?: Channel }): boolean {
  return entry.channel !== "log-file";
}

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
