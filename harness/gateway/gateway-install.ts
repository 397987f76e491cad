/**
 * Where a gateway module's gateway is installed: the package its manifest names, as Node would find it from
 * the module's folder (the nearest `node_modules/<package>` walking up), and the file its `bin` names there.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { z } from "zod";
import type { GatewayManifest } from "./gateway-module.ts";

const PackageJsonSchema = z.looseObject({ version: z.string(), bin: z.union([z.string(), z.record(z.string(), z.string())]).optional() });

/** The installed gateway: its executable and its package's version. */
export interface InstalledGateway {
  bin: string;
  version: string;
}

/** The gateway `manifest` names, installed beside the module in `folder`; throws saying what to install when it is not. */
export function installedGateway(manifest: Pick<GatewayManifest, "package" | "bin">, folder: string): InstalledGateway {
  for (let dir = resolve(folder); ; dir = dirname(dir)) {
    const root = join(dir, "node_modules", ...manifest.package.split("/"));
    const file = join(root, "package.json");
    if (existsSync(file)) {
      const parsed = PackageJsonSchema.parse(JSON.parse(readFileSync(file, "utf8")));
      const named = typeof parsed.bin === "string" ? parsed.bin : parsed.bin?.[manifest.bin];
      if (named === undefined) throw new Error(`${manifest.package} ${parsed.version} (${root}) has no bin named ${JSON.stringify(manifest.bin)}`);
      return { bin: join(root, named), version: parsed.version };
    }
    if (dir === dirname(dir)) break;
  }
  throw new Error(`${manifest.package} is not installed beside ${folder} (npm install --save-exact ${manifest.package} there)`);
}
