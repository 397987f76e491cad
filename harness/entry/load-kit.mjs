// The package's entry points load TypeScript sources with no build step: tsx, registered in a namespace of
// its own, so it compiles only what these entry points import and leaves the rest of the process (an
// adapter's own loaders, another tsx) as it was.
import { register } from "tsx/esm/api";

let api;

/** Imports a TypeScript module of this package, given relative to this folder. */
export function loadKit(specifier) {
  api ??= register({ namespace: "mcp-collide" });
  return api.import(specifier, import.meta.url);
}
