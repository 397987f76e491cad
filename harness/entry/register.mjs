// `node --import mcp-collide/register my-adapter.ts`: runs a TypeScript adapter (ES module or CommonJS) with
// the tsx that mcp-collide itself uses, so an adapter's project needs nothing else installed.
import "tsx";
