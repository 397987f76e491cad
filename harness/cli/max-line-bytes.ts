/** `--max-line-bytes N` of `run` and `repro`: the bound on one line an adapter writes (see line-reader.ts). */
import { z } from "zod";
import { DEFAULT_MAX_LINE_BYTES } from "../adapter/line-reader.ts";

/**
 * The option's schema: at least 1 KiB (a HAP/1 answer needs that much), at most 256 MiB (a line is decoded
 * and parsed whole, and V8 caps a string near 512 MiB).
 */
export const MaxLineBytesSchema = z.coerce.number().int().min(1024).max(256 * 1024 * 1024).default(DEFAULT_MAX_LINE_BYTES);
