/**
 * Every generated tool carries its (server key, wire name) in its description, so the harness can tell
 * which tool a host shows under whatever name it chose, without trusting the host's own account.
 * Hosts may decorate a description; the marker is found anywhere inside it.
 */
const MARKER = "\u27e6id=";
const END = "\u27e7";

/** The (server, tool) pair a generated tool stands for. */
export interface ToolIdentity {
  server: string;
  tool: string;
}

/**
 * The description a generated tool advertises: human text plus the identity marker. Every character of the
 * pair outside ASCII is written as a JSON escape, so a host that normalises the text it passes on (NFC, NFKC)
 * still hands back the exact code points: a tool named `cafe\u0301` is never read back as `caf\u00e9`.
 */
export function describeTool(server: string, tool: string, text = "Fake tool"): string {
  const pair = JSON.stringify([server, tool]).replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return `${text} ${MARKER}${pair}${END}`;
}

/** Reads the identity marker back out of a description a host shows; undefined when absent or mangled. */
export function identityOf(description: string | undefined): ToolIdentity | undefined {
  if (!description) return undefined;
  const start = description.lastIndexOf(MARKER);
  if (start < 0) return undefined;
  const end = description.indexOf(END, start);
  if (end < 0) return undefined;
  try {
    const value: unknown = JSON.parse(description.slice(start + MARKER.length, end));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === "string" && typeof value[1] === "string") {
      return { server: value[0], tool: value[1] };
    }
  } catch {
    return undefined;
  }
  return undefined;
}
