// What a bundle gets for `import … from "node:http"`: the zip functions' (ZIP_ALIAS in
// lambda/infra/node-function-defaults.ts) and dist/ (scripts/build.mjs). Node's own http module, handed over as CommonJS so that
// Node does not build its ES module facade, which reads every export and so loads undici for the
// lazy `WebSocket` getter. process.getBuiltinModule, unlike require("node:http"), is not itself
// rewritten by the alias.
module.exports = process.getBuiltinModule("node:http");
