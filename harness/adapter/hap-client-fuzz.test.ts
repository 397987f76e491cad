/**
 * Fuzz: the HAP/1 client meets random and adversarial adapter output (valid and near-valid answers, wrong
 * ids, junk JSON, invalid UTF-8, control bytes, blank lines, CRLF, deep nesting, lines over the bound, lines
 * cut off by an exit or a closed stdout) and must settle every request as a valid result or an
 * AdapterError: never a crash, never an unhandled error, never a result from garbage. Bounded by a fixed
 * number of runs (each one adapter process), not by a clock; a second property drives the line reader
 * in-process with arbitrary chunkings of the same bytes.
 */
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InitializeResultSchema, type InitializeResult } from "../protocol/initialize-result.ts";
import { selfTestSeed } from "../runner/self-test-seed.ts";
import { AdapterError } from "./adapter-error.ts";
import { HapClient } from "./hap-client.ts";
import { readLines } from "./line-reader.ts";
import { paced } from "../pace.ts";

const adapter = fileURLToPath(new URL("./test-support/scripted-adapter.mjs", import.meta.url));
const MAX = 4096;

type Step = { hex: string } | { text: string } | { repeat: string; times: number };
type End = { close: true } | { exit: number };

const validInit = fc.record({
  protocolVersion: fc.constant("1"),
  host: fc.record({ name: fc.string({ minLength: 1, maxLength: 20 }), version: fc.string({ maxLength: 8 }) }),
  transports: fc.subarray(["stdio", "http", "memory"], { minLength: 1 }),
  capabilities: fc.record({ refresh: fc.boolean(), registerLocal: fc.subarray(["object", "name", "callable", "dict"]) }, { requiredKeys: [] }),
});
const line = (value: unknown) => `${JSON.stringify(value)}\n`;
const response = (id: unknown, result: unknown) => ({ jsonrpc: "2.0", id, result });

/** One adversarial piece of output, as the steps that write it. */
const piece: fc.Arbitrary<Step[]> = fc.oneof(
  validInit.map((result) => [{ text: line(response(1, result)) }]),
  fc.tuple(validInit, fc.constantFrom(2, 0, -1, "1", null, 1.5)).map(([result, id]) => [{ text: line(response(id, result)) }]),
  fc.jsonValue().map((result) => [{ text: line(response(1, result)) }]),
  validInit.map((result) => [{ text: line({ ...response(1, result), error: { code: 1, message: "both" } }) }]),
  fc.string().map((message) => [{ text: line({ jsonrpc: "2.0", id: 1, error: { code: -32000, message } }) }]),
  fc.jsonValue().map((value) => [{ text: line(value) }]),
  fc.string({ unit: "binary" }).map((text) => [{ text: `${text}\n` }]),
  fc.uint8Array({ maxLength: 64 }).map((bytes) => [{ hex: Buffer.from(bytes).toString("hex") }]),
  fc.constantFrom("\n", "\r\n", "   \n", "\t\r\n", "\u0000\n", "\uFEFF\n").map((text) => [{ text }]),
  fc.integer({ min: 1, max: 200_000 }).map((depth) => [{ repeat: "[", times: depth }, { repeat: "]", times: depth }, { text: "\n" }]),
  fc.integer({ min: MAX - 2, max: MAX * 3 }).map((length) => [{ repeat: "a", times: length }, { text: "\n" }]),
  validInit.map((result) => [{ text: `${JSON.stringify(response(1, result)).replace(/}$/, "")}` }]),
);
const end: fc.Arbitrary<End> = fc.oneof(fc.constant({ close: true as const }), fc.integer({ min: 0, max: 3 }).map((exit) => ({ exit })));

const bytesOf = (step: Step) =>
  "hex" in step ? Buffer.from(step.hex, "hex") : "text" in step ? Buffer.from(step.text, "utf8") : Buffer.from(step.repeat.repeat(step.times), "utf8");

/**
 * What the client must make of `bytes` as the answer to request 1, worked out independently: the first
 * non-blank line within the bound decides; a line past the bound, or no whole line at all, is an error.
 */
function oracle(bytes: Buffer): InitializeResult | "error" {
  let start = 0;
  for (;;) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline === -1 ? bytes.length : newline;
    if (end - start > MAX || newline === -1) return "error";
    const text = bytes.subarray(start, end).toString("utf8").replace(/\r$/, "");
    start = newline + 1;
    if (text.trim() === "") continue;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return "error";
    }
    if (typeof message !== "object" || message === null || Array.isArray(message)) return "error";
    const fields = message as Record<string, unknown>;
    if (fields.jsonrpc !== "2.0" || fields.id !== 1 || !("result" in fields) || "error" in fields) return "error";
    const parsed = InitializeResultSchema.safeParse(fields.result);
    return parsed.success ? parsed.data : "error";
  }
}

describe("HapClient fuzz", () => {
  it("settles initialize as a valid result or an AdapterError, whatever the adapter writes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { minLength: 0, maxLength: 4 }), end, async (pieces, last) => {
        const steps = pieces.flat();
        const expected = oracle(Buffer.concat(steps.map(bytesOf)));
        const script = Buffer.from(JSON.stringify([...steps, last])).toString("base64");
        const client = new HapClient({
          argv: [process.execPath, adapter], env: { ...process.env, MCP_COLLIDE_SCRIPT: script } as Record<string, string>,
          requestTimeoutMs: paced(600_000), maxLineBytes: MAX,
        });
        try {
          const outcome = await client.initialize().then((value) => ({ value }), (error: unknown) => ({ error }));
          if (expected === "error") {
            expect("error" in outcome && outcome.error).toBeInstanceOf(AdapterError);
            expect(client.isBroken).toBe(true);
          } else {
            expect(outcome).toEqual({ value: expected });
          }
        } finally {
          await client.shutdown(2000);
        }
      }),
      { seed: selfTestSeed(12), numRuns: 40 },
    );
  }, paced(120_000));

  it("reads the same lines however the bytes are chunked, and never holds a line past the bound", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(piece, { maxLength: 6 }), fc.array(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 20 }), async (pieces, cuts) => {
        const bytes = Buffer.concat(pieces.flat().map(bytesOf));
        const stream = new PassThrough();
        const seen: string[] = [];
        let overflow: number | undefined;
        let ended = false;
        readLines(stream, MAX, { line: (text) => seen.push(text), overflow: (n) => (overflow = n), end: () => (ended = true) });
        for (let at = 0, index = 0; at < bytes.length; index++) {
          const size = cuts[index % cuts.length]!;
          stream.write(bytes.subarray(at, at + size));
          at += size;
        }
        stream.end();
        await new Promise((resolve) => setImmediate(resolve));
        // Independently: lines up to the first one past the bound, then an overflow; else every whole line.
        const want: string[] = [];
        let tooLong = false;
        for (let start = 0; start <= bytes.length;) {
          const newline = bytes.indexOf(0x0a, start);
          const stop = newline === -1 ? bytes.length : newline;
          if (stop - start > MAX) {
            tooLong = true;
            break;
          }
          if (newline === -1) break;
          want.push(bytes.subarray(start, stop).toString("utf8").replace(/\r$/, ""));
          start = newline + 1;
        }
        expect(seen).toEqual(want);
        expect(overflow !== undefined).toBe(tooLong);
        if (overflow !== undefined) expect(overflow).toBeLessThanOrEqual(MAX + 5000);
        expect(ended).toBe(!tooLong);
      }),
      { seed: selfTestSeed(13), numRuns: 200 },
    );
  }, paced(60_000));
});
