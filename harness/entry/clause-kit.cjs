// `require("mcp-collide/clauses")`: the clause kit needs ESM-only packages (execa), which Node 20 cannot
// require. Say how to load it instead of failing with a resolution error.
throw new Error(
  'mcp-collide/clauses is an ES module: in CommonJS load it with `const kit = await import("mcp-collide/clauses")` ' +
    "inside an async function (the adapter kit, require(\"mcp-collide\"), works with require).",
);
