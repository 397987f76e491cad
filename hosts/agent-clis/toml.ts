/** Just enough TOML to write a Codex config: basic strings, string arrays, inline string tables, quoted keys. */

/** A TOML basic string: `"..."` with every control character, quote and backslash escaped. */
export function tomlString(value: string): string {
  return `"${[...value].map((char) => {
    const code = char.codePointAt(0)!;
    if (char === '"') return '\\"';
    if (char === "\\") return "\\\\";
    if (code < 0x20 || code === 0x7f) return `\\u${code.toString(16).padStart(4, "0")}`;
    return char;
  }).join("")}"`;
}

/** `["a", "b"]` */
export function tomlArray(values: readonly string[]): string {
  return `[${values.map(tomlString).join(", ")}]`;
}

/** `{ "K" = "V" }` */
export function tomlInlineTable(values: Readonly<Record<string, string>>): string {
  return `{ ${Object.entries(values).map(([key, value]) => `${tomlString(key)} = ${tomlString(value)}`).join(", ")} }`;
}
