import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { packageRoot } from "./builtin-host.ts";
import { regressionTestSource } from "./emit-regression-test.ts";

const base = {
  clause: { id: "names/injective", level: "MUST", summary: "never show one name for two pairs */ oops" },
  // Built by JSON.parse: in an object literal, "__proto__" would set the prototype instead of a key.
  value: JSON.parse(`{"servers":[{"key":"__proto__","tools":[{"name":"a\\u2028b\`\${x}\`"}]}],"__proto__":{"polluted":true}}`),
  transport: "http", expect: "pass" as const,
  origin: { hostName: "last-wins 0.1.0", seed: 1, path: "1:0", report: "out/report.json" },
};

describe("regressionTestSource", () => {
  it("imports the harness and the suites relative to where the test is written", () => {
    const source = regressionTestSource({ ...base, file: join(packageRoot, "suites", "regressions", "x.test.ts"), host: { builtin: "last-wins" } });
    expect(source).toContain('from "../../harness/index.ts"');
    expect(source).toContain('from "../index.ts"');
    expect(source).toContain('builtinHostArgv("last-wins")');
    expect(source).toContain('toBe("pass")');
  });

  it("embeds the case by value, exactly, even keys an object literal would misread", () => {
    const source = regressionTestSource({ ...base, file: join(packageRoot, "x.test.ts"), host: { argv: ["python3", "adapter.py"] } });
    const embedded = /const value: unknown = (JSON\.parse\(\[[\s\S]*?\]\.join\("\\n"\)\));/.exec(source)?.[1];
    expect(embedded).toBeDefined();
    // The expression uses only JSON.parse of string literals; evaluate it as the test file would.
    const value = new Function(`return ${embedded};`)();
    expect(value).toEqual(JSON.parse(JSON.stringify(base.value)));
    expect(Object.hasOwn(value, "__proto__")).toBe(true);
    expect(source).toContain('hapLauncher({ argv: ["python3","adapter.py"] })');
  });

  it("writes bidi, invisible and format characters as escapes, and the value keeps them", () => {
    const sneaky = JSON.parse(`{"servers":[{"key":"a\u202Eb","tools":[{"name":"x\u2066y\u200Bz\u00ADq\u{E0041}"}]}]}`);
    const source = regressionTestSource({ ...base, value: sneaky, file: join(packageRoot, "x.test.ts"), host: { builtin: "reference" },
      origin: { ...base.origin, hostName: "evil\u202Ehost", observed: "shown \u2067name\u2069" } });
    expect(source).not.toMatch(/[\p{Cf}\u2028\u2029]/u);
    expect(source).toContain("\\u202E");
    const embedded = /const value: unknown = (JSON\.parse\(\[[\s\S]*?\]\.join\("\\n"\)\));/.exec(source)?.[1];
    expect(new Function(`return ${embedded};`)()).toEqual(sneaky);
  });

  it("cannot be broken out of its header comment", () => {
    const source = regressionTestSource({ ...base, file: join(packageRoot, "x.test.ts"), host: { builtin: "reference" } });
    expect(source.indexOf("*/")).toBeGreaterThan(source.indexOf("by value: replaying"));
  });
});
