import { describe, expect, it } from "vitest";
import { errorNamesServer, messageNames } from "./surface.ts";

describe("errorNamesServer: which server an error names", () => {
  it("takes the structured server field first, whatever the message says", () => {
    expect(errorNamesServer({ server: "beta", message: 'server "alpha" failed' }, "beta")).toBe(true);
    expect(errorNamesServer({ server: "beta", message: 'server "alpha" failed' }, "alpha")).toBe(false);
  });

  it("reads a message without one only where the key stands quoted", () => {
    for (const message of ['server "a" failed', "server 'a' failed", "server `a` failed", "[a] failed", "failed (a)", "server \u201ca\u201d failed", "<a>: failed"]) {
      expect(errorNamesServer({ message }, "a"), message).toBe(true);
    }
  });

  it("never finds a one-letter key inside prose or other words", () => {
    for (const message of ["a server failed", "failed to load a tool", "data unavailable", "a: connection refused", "alpha failed"]) {
      expect(errorNamesServer({ message }, "a"), message).toBe(false);
    }
  });

  it("finds a key with quotes or backslashes as a JSON string, and never an empty key in text", () => {
    expect(errorNamesServer({ message: `server ${JSON.stringify('we"ird\\key')} failed` }, 'we"ird\\key')).toBe(true);
    expect(errorNamesServer({ message: 'tool "" has no name' }, "")).toBe(false);
    expect(errorNamesServer({ server: "", message: "failed" }, "")).toBe(true);
  });

  it("names tools by the same rule, the empty name as \"\"", () => {
    expect(messageNames('missing: "c", "b_c"', "c")).toBe(true);
    expect(messageNames("could not register b_c", "c")).toBe(false);
    expect(messageNames('tool "" is empty', "")).toBe(true);
  });

  it("reads a quoted qualified name as naming both its server and its tool, never a part of a segment", () => {
    const codex = "tool call error: tool call failed for `alpha/request`";
    expect(messageNames(codex, "alpha")).toBe(true);
    expect(messageNames(codex, "request")).toBe(true);
    expect(messageNames('"beta:query" failed', "beta")).toBe(true);
    expect(messageNames(codex, "alph")).toBe(false);
    expect(messageNames(codex, "quest")).toBe(false);
    expect(messageNames("failed for alpha/request", "alpha")).toBe(false);
    expect(messageNames('"/request" failed', "")).toBe(false);
  });
});
