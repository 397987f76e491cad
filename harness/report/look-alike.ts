/**
 * Names that look like other names. A report about tool names is read by eye, so a name that mixes scripts
 * (`ѕearch` with a Cyrillic `ѕ`) or holds a letter that renders like an ASCII one (fullwidth `ｓ`, a
 * mathematical `𝐬`, a Greek `ο`) is marked wherever a name is shown: it may pass for another name, to the
 * reader as to a model; so is a name in decomposed form (NFD), which renders like its composed twin. Invisible
 * and format characters are escaped apart (escape.ts); this is about the visible ones.
 */

/** Letters of other scripts that render like ASCII letters (Unicode's confusables, the common ones). */
const CONFUSABLE: Record<string, string> = {
  // Cyrillic
  а: "a", в: "b", е: "e", ё: "e", һ: "h", і: "i", ї: "i", ј: "j", к: "k", м: "m", н: "h", о: "o", п: "n", р: "p", с: "c", т: "t", у: "y", х: "x",
  ѕ: "s", ԁ: "d", ԛ: "q", ԝ: "w", ү: "y", ӏ: "l", ɡ: "g",
  А: "A", В: "B", Е: "E", К: "K", М: "M", Н: "H", О: "O", Р: "P", С: "C", Т: "T", У: "Y", Х: "X", І: "I", Ј: "J", Ѕ: "S", Ԁ: "D", Ԛ: "Q", Ԝ: "W", Ү: "Y", Ӏ: "I",
  // Greek
  α: "a", β: "b", γ: "y", ε: "e", ι: "i", κ: "k", ν: "v", ο: "o", ρ: "p", τ: "t", υ: "u", χ: "x", ω: "w",
  Α: "A", Β: "B", Ε: "E", Ζ: "Z", Η: "H", Ι: "I", Κ: "K", Μ: "M", Ν: "N", Ο: "O", Ρ: "P", Τ: "T", Υ: "Y", Χ: "X",
  // Latin letters that pass for others
  ı: "i", ȷ: "j", ℓ: "l", ſ: "s",
  // Armenian, Cherokee
  օ: "o", ս: "u", հ: "h", ո: "n", Ꭺ: "A", Ꮯ: "C", Ꭼ: "E", Ꮋ: "H", Ꭻ: "J", Ꮶ: "K", Ꮇ: "M", Ꮲ: "P", Ꮪ: "S", Ꭲ: "T", Ꮃ: "W",
};

const SCRIPTS = ["Latin", "Cyrillic", "Greek", "Armenian", "Cherokee", "Georgian", "Hebrew", "Arabic", "Han", "Hiragana", "Katakana", "Hangul"] as const;
const SCRIPT_OF = SCRIPTS.map((script) => [script, new RegExp(`\\p{Script=${script}}`, "u")] as const);

/** The character as ASCII when it renders like an ASCII letter or digit, else undefined. */
function asciiTwin(char: string): string | undefined {
  if (char <= "\u007f") return undefined;
  if (CONFUSABLE[char] !== undefined) return CONFUSABLE[char];
  const compatible = char.normalize("NFKC");
  return /^[A-Za-z0-9_-]+$/.test(compatible) ? compatible : undefined;
}

/** `name` with every letter that looks ASCII replaced by that ASCII letter: two names with one skeleton look alike. */
export function skeleton(name: string): string {
  return [...name].map((char) => asciiTwin(char) ?? char).join("");
}

const codePoint = (char: string) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;

/** The combining marks of a name that is not in NFC: each after the letter it decomposes, as `e + U+0301`. */
function decomposed(name: string): string | undefined {
  if (name === name.normalize("NFC")) return undefined;
  const marks = [...name.matchAll(/(\P{M})(\p{M}+)/gu)].filter(([pair]) => pair !== pair.normalize("NFC")).slice(0, 3)
    .map(([, base, marks]) => `${base} + ${[...marks!].map(codePoint).join(" + ")}`);
  return `decomposed (not NFC): ${marks.join(", ")} renders like the composed letter, another name`;
}

/**
 * Why `name` may pass for another name, or undefined: it is decomposed (`cafe` + U+0301 renders as the NFC
 * `café`, another name to MCP); it mixes scripts while some letter looks ASCII (`ѕearch`: Latin and Cyrillic);
 * or it could pass for an ASCII name outright (every letter looks ASCII: `ｓｅａｒｃｈ`, `раѕѕ`). A word written
 * in another script that holds letters with no ASCII twin (`поиск`, `查询`, `search_查询`) is not marked: it
 * passes for no other name, and marking every such word would drown the ones that do.
 */
export function lookAlike(name: string): string | undefined {
  const composed = decomposed(name);
  if (composed !== undefined) return composed;
  const chars = [...name];
  const twins = [...new Set(chars.filter((char) => asciiTwin(char) !== undefined))];
  if (twins.length === 0) return undefined;
  const scripts = SCRIPTS.filter((script) => chars.some((char) => SCRIPT_OF.find(([each]) => each === script)![1].test(char)));
  const shown = twins.slice(0, 3).map((char) => `${codePoint(char)} looks like "${asciiTwin(char)}"`).join(", ");
  if (scripts.length > 1) return `mixes ${scripts.join(" and ")} letters: ${shown}`;
  if (/^[\x20-\x7e]*$/.test(skeleton(name))) return `letters that look ASCII: ${shown}`;
  return undefined;
}

/** ` ⚠ look-alike (why)` for a name that may pass for another, else "" (for text and Markdown, after the name). */
export function lookAlikeNote(name: string): string {
  const why = lookAlike(name);
  return why === undefined ? "" : ` ⚠ look-alike (${why})`;
}
