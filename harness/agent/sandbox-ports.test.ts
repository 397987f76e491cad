import { describe, expect, it } from "vitest";
import { portsOf } from "./isolation/netns-sandbox.ts";

describe("the agent CLI sandbox's bridges", () => {
  it("bridge exactly the loopback ports the provider and the servers' transports name", () => {
    expect(portsOf(["http://127.0.0.1:9999", "http://127.0.0.1:4100/mcp/tok", "http://example.invalid:81/"], ["/x/shim.cjs", "127.0.0.1:4200", "10.0.0.1:5"])).toEqual([4100, 4200, 9999]);
  });
});
