/**
 * A scripted server over stdio, for tests that make the host spawn a process:
 *   node --import tsx reference/test-support/stdio-server.ts KEY TOOL...
 * or, with no arguments, KEY and TOOL,... from the environment (STDIO_SERVER_KEY, STDIO_SERVER_TOOLS), so two
 * servers can share one command line and differ only in their environment.
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { scriptServer } from "./script-server.ts";

const [key = process.env.STDIO_SERVER_KEY ?? "stdio", ...named] = process.argv.slice(2);
const tools = named.length > 0 ? named : (process.env.STDIO_SERVER_TOOLS ?? "").split(",").filter(Boolean);
await scriptServer(key, { tools }, []).connect(new StdioServerTransport());
