/**
 * What a gateway told its operator, read from its console (policy). A gateway's client learns of a server it
 * could not load only if the gateway says so over MCP; its operator reads its console. So, as an agent CLI's
 * printed errors count as told to its user, a gateway's printed lines that name a configured server beside a
 * failure word count as errors told on that channel (`stdout` or `stderr`), and the rest of its console is the
 * open's diagnostics. A module whose gateway prints structured lines (JSON logs) says how to read them
 * (GatewayModule.errorsOf), and may set `server` where the line carries it in a field.
 */
import type { Channel, Diagnostic, HostError } from "../protocol/open-result.ts";
import { messageNames } from "../runner/surface.ts";
import type { GatewayOutput } from "./gateway-module.ts";

/** Words that make a line naming a server an error about it. */
const FAILURE = /\b(?:fail(?:ed|s|ure)?|errors?|could not|cannot|can't|unable|refused|timed? ?out|unreachable|crash(?:ed)?|invalid|disconnected)\b/i;
/** Longest line kept, in characters. */
const MAX_LINE = 2_000;
/** Most lines kept per stream. */
const MAX_LINES = 50;

/** The non-empty lines of `text`, each clipped. */
export function outputLines(text: string): string[] {
  return text.split("\n").map((line) => line.trimEnd()).filter((line) => line.trim() !== "").map((line) => (line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line));
}

/** The default of GatewayModule.errorsOf: each console line that quotes a configured key beside a failure word. */
export function serverErrorLines(output: GatewayOutput, keys: readonly string[]): HostError[] {
  const errors: HostError[] = [];
  for (const channel of ["stdout", "stderr"] as const satisfies readonly Channel[]) {
    for (const line of outputLines(output[channel])) {
      if (errors.length >= MAX_LINES) return errors;
      if (FAILURE.test(line) && keys.some((key) => key !== "" && messageNames(line, key))) errors.push({ message: line, channel });
    }
  }
  return errors;
}

/** The last lines of the gateway's console as diagnostics, each with its channel. */
export function consoleDiagnostics(output: GatewayOutput): Diagnostic[] {
  return (["stdout", "stderr"] as const).flatMap((channel) => outputLines(output[channel]).slice(-MAX_LINES).map((message) => ({ level: "info", message, channel })));
}
