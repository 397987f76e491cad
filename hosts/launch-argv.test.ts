import { describe, expect, it } from "vitest";
import { portableArgv, tsxNodeArgv } from "../harness/index.ts";
import { launchArgv, pendingHosts, realHosts } from "./hosts.ts";

describe("launchArgv", () => {
  it("starts every JavaScript host's adapter through the cached tsx loader", () => {
    const loader = tsxNodeArgv()[2]!;
    const javascript = [...realHosts, ...pendingHosts].filter((host) => host.argv.includes("tsx"));
    expect(javascript.length).toBeGreaterThan(10);
    for (const host of javascript) {
      expect(launchArgv(host.argv), host.id).toContain(loader);
      expect(launchArgv(host.argv), host.id).not.toContain("tsx");
    }
  });

  it("records the registry's own command: the loader made portable is `tsx` again", () => {
    for (const host of [...realHosts, ...pendingHosts]) expect(portableArgv(launchArgv(host.argv)), host.id).toEqual(host.argv);
  });

  it("leaves a `tsx` that is not the module of --import alone", () => {
    expect(launchArgv(["node", "tsx", "--import", "x.mjs", "tsx"])).toEqual(["node", "tsx", "--import", "x.mjs", "tsx"]);
  });
});
