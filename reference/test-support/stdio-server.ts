/**
 * A scripted server over stdio, for tests that make the host spawn a process:
 *   node --import tsx reference/test-support/stdio-server.ts KEY TOOL...
 */
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { scriptServer } from "./script-server.ts";

const [key = "stdio", ...tools] = process.argv.slice(2);
await scriptServer(key, { tools }, []).connect(new StdioServerTransport());
