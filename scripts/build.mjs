// Bundles the Action and the CLI into dist/ with esbuild (index.js, cli.js and their shared chunks/).
// dist/ is committed because GitHub runs actions straight from the repository; `.ci/run` rebuilds
// and fails when the committed dist/ differs from a fresh build. The Lambda handlers are not bundled
// here: the CDK stack bundles its zip functions from source at synth time (zipFunctionCode in
// lambda/infra/node-function-defaults.ts) and the worker image runs its own esbuild
// (lambda/worker/Dockerfile).

import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { build } from "esbuild";

const entries = {
  index: "src/action/main.ts",
  cli: "src/cli/main.ts",
};

/**
 * Static imports of node:http get Node's CommonJS module (scripts/node-http-builtin.cjs): the ES module
 * facade Node 24 builds for it loads undici for its lazy WebSocket getter, about 30 ms of CPU and
 * 10 MB at every start (bench:startup). Dynamic imports (the AWS SDK's instance-metadata lookup) stay
 * Node's own: redirected, they would become a chunk read from disk on first use, possibly after the
 * agent has started, and every chunk a job needs is loaded before that (docs/runner.md).
 */
const staticNodeHttpAsCommonJs = {
  name: "static-node-http-as-commonjs",
  setup(build) {
    build.onResolve({ filter: /^(node:)?http$/ }, (args) =>
      args.kind === "import-statement" ? { path: resolve("scripts/node-http-builtin.cjs") } : undefined,
    );
  },
};

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: entries,
  outdir: "dist",
  bundle: true,
  platform: "node",
  target: "node24",
  format: "esm",
  sourcemap: false,
  legalComments: "none",
  logLevel: "warning",
  // Some CommonJS dependencies call require(); give the ESM bundle a real one.
  banner: {
    js: "import { createRequire as __cprCreateRequire } from 'node:module'; const require = __cprCreateRequire(import.meta.url);",
  },
  outExtension: { ".js": ".js" },
  plugins: [staticNodeHttpAsCommonJs],
  // Each dynamic import (the S3 store, the artifacts client, the Managed Agents engine, the provider
  // libraries) gets files of its own under dist/chunks, which Node reads only when that import runs;
  // in one file, V8 compiled all of it at every start (bench:startup). Both entries share the chunks.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
});
console.log(`built ${Object.keys(entries).length} bundles: ${Object.keys(entries).join(", ")}`);
