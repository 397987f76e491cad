/**
 * `mcp-collide init --example NAME [DIR]`: writes one of the real-host adapters of hosts/ (shipped in the
 * package) into DIR as a standalone adapter: its imports of the repository's harness become "mcp-collide",
 * and the helpers it shares with the other examples (real-host-adapter, local-tool, offline-env) are written
 * beside it. TypeScript examples become `.mts` files, ES modules whatever the project's "type" (each ends in a
 * top-level await, and several hosts ship only ES modules). The host's own packages are the user's to install.
 */
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { writeFileAtomic } from "../report/atomic-write.ts";
import { shellQuote } from "../runner/repro-command.ts";
import { packageRoot } from "./builtin-host.ts";
import { claimTargets, typed } from "./init-targets.ts";

/** An example adapter: where it lives in the package, and the host packages it drives. */
export interface Example {
  lang: "ts" | "python";
  /** The packages to install beside it (npm for ts, none for the standard-library Python host). */
  packages: string[];
  /** What it drives, as "the example adapter for ..." ends. */
  summary: string;
  /** The modules of its own folder its adapter imports (`./NAME.ts`), written beside it as `NAME.mts`. */
  modules?: string[];
}

/** The examples `--example` names, each a folder of hosts/. */
export const examples: Readonly<Record<string, Example>> = {
  "openai-agents": { lang: "ts", packages: ["@openai/agents-core"], summary: "the OpenAI Agents SDK (a scripted Model.getResponse drives its Runner)" },
  "vercel-ai": { lang: "ts", packages: ["ai", "@ai-sdk/mcp"], summary: "the Vercel AI SDK (a MockLanguageModelV3 sees the tools and emits the calls)" },
  langchain: { lang: "ts", packages: ["@langchain/mcp-adapters", "@langchain/core", "@langchain/langgraph"], summary: "LangChain's MultiServerMCPClient (tools as convertToOpenAITool gives them, calls through a ToolNode)" },
  mastra: { lang: "ts", packages: ["@mastra/mcp", "@mastra/core", "zod"], summary: "Mastra's MCPClient with an Agent" },
  genkit: { lang: "ts", packages: ["genkit", "@genkit-ai/mcp"], summary: "Genkit's MCP host (a scripted model sees the request's tools)", modules: ["genkit-context", "genkit-model"] },
  "mcp-use": { lang: "ts", packages: ["mcp-use", "@langchain/core"], summary: "mcp-use's MCPClient with its LangChain adapter" },
  voltagent: { lang: "ts", packages: ["@voltagent/core", "ai", "zod"], summary: "VoltAgent's MCPConfiguration with an Agent" },
  "python-host": { lang: "python", packages: [], summary: "a standard-library Python host, on the Python kit" },
};

const hosts = join(packageRoot, "hosts");

/** The files an example writes: [source in the package, name in DIR, rewrite imports?], its adapter first. */
export function exampleFiles(name: string, example: Example): Array<[string, string, boolean]> {
  if (example.lang === "python") {
    return [
      [join(hosts, name, "adapter.py"), `mcp_collide_${name.replace(/-/g, "_")}_adapter.py`, false],
      [join(hosts, name, "mcp_host.py"), "mcp_host.py", false],
      [join(packageRoot, "harness", "kit", "python", "mcp_collide_hap.py"), "mcp_collide_hap.py", false],
    ];
  }
  return [
    [join(hosts, name, "adapter.ts"), `mcp-collide-${name}-adapter.mts`, true],
    ...(example.modules ?? []).map((module): [string, string, boolean] => [join(hosts, name, `${module}.ts`), `${module}.mts`, true]),
    [join(hosts, "real-host-adapter.ts"), "real-host-adapter.mts", true],
    [join(hosts, "local-tool.ts"), "local-tool.mts", true],
    // Switches a host's telemetry off before it loads; the examples whose host phones home import it first.
    [join(hosts, "offline-env.ts"), "offline-env.mts", true],
  ];
}

/** The example's source with the repository's imports turned into the package's and its neighbours'. */
export function standalone(source: string): string {
  return source
    .replace(/(["'])(?:\.\.\/)+harness\/index\.ts\1/g, '"mcp-collide"')
    .replace(/(["'])\.\.\/(real-host-adapter|local-tool|offline-env)\.ts\1/g, '"./$2.mts"')
    // A module of the example's own folder (Example.modules), written beside it.
    .replace(/(["'])\.\/([\w-]+)\.ts\1/g, '"./$2.mts"');
}

/** Writes example `name` into `directory`; returns the exit code, having said what it wrote or why not. */
export async function writeExample(name: string, directory: string, force: boolean, out: NodeJS.WritableStream, err: NodeJS.WritableStream): Promise<number> {
  const example = Object.hasOwn(examples, name) ? examples[name] : undefined;
  if (!example) {
    err.write(`mcp-collide init: unknown --example ${JSON.stringify(name)}; the examples: ${Object.keys(examples).join(", ")}\n`);
    return 2;
  }
  const files = exampleFiles(name, example);
  if (!(await claimTargets(files.map(([, file]) => join(directory, file)), force, err))) return 2;
  await mkdir(directory, { recursive: true });
  // Temp file + rename, never following a link: one planted after the check above is replaced, not written through.
  for (const [source, file, rewrite] of files) {
    const text = await readFile(source, "utf8");
    await writeFileAtomic(join(directory, file), rewrite ? standalone(text) : text);
  }
  const adapter = typed(join(directory, files[0]![1]));
  const command = (example.lang === "python" ? ["python3", adapter] : ["node", "--import", "mcp-collide/register", adapter]).map(shellQuote).join(" ");
  out.write(
    `wrote ${files.map(([, file]) => typed(join(directory, file))).join(", ")}: the example adapter for ${example.summary}, standalone\n` +
      (example.packages.length > 0 ? `install the host it drives first: npm i -D ${example.packages.join(" ")}\n` : "") +
      "\n" +
      `  npx mcp-collide check-adapter -- ${command}\n` +
      `  npx mcp-collide run -- ${command}\n`,
  );
  return 0;
}
