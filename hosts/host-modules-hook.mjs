/**
 * The resolve hook behind host-modules.mjs: a bare import from a file under hosts/ of a package the
 * override folder lists among its dependencies resolves as if imported from that folder.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const dir = process.env.MCP_COLLIDE_HOST_MODULES ?? "";
const hostsUrl = new URL("./", import.meta.url).href;
const overridden = new Set(Object.keys(JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).dependencies ?? {}));
const from = pathToFileURL(join(dir, "package.json")).href;

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`; undefined for a relative, absolute or node: specifier. */
function packageOf(specifier) {
  if (/^(\.|\/|[a-z]+:)/i.test(specifier)) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** Node's resolve hook. */
export async function resolve(specifier, context, next) {
  const name = packageOf(specifier);
  const parent = context.parentURL ?? "";
  if (name && overridden.has(name) && parent.startsWith(hostsUrl) && !fileURLToPath(parent).includes("/node_modules/")) {
    return next(specifier, { ...context, parentURL: from });
  }
  return next(specifier, context);
}
