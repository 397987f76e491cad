// `require("mcp-collide")` (CommonJS, including a TypeScript adapter that tsx compiles to CommonJS): the
// adapter kit, harness/adapter-kit.ts, compiled on the fly by tsx. Its imports (zod and the protocol
// files) all load under require, so no build step and no require(esm) are needed on Node 20.
const { require: requireTs } = require("tsx/cjs/api");

module.exports = requireTs("../adapter-kit.ts", __filename);
