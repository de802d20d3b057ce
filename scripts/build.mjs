// Bundles the doors (Action, CLI, Lambda handlers) into dist/ with esbuild.
// dist/ is committed because GitHub runs actions straight from the repository; `.ci/run` rebuilds
// and fails when the committed dist/ differs from a fresh build.

import { existsSync, rmSync } from "node:fs";
import { build } from "esbuild";

const entries = {
  index: "src/action/main.ts",
  cli: "src/cli/main.ts",
  "lambda/webhook": "lambda/webhook/handler.ts",
  "lambda/worker": "lambda/worker/handler.ts",
  "lambda/schedule": "lambda/schedule/handler.ts",
};
const present = Object.fromEntries(Object.entries(entries).filter(([, file]) => existsSync(file)));

rmSync("dist", { recursive: true, force: true });
await build({
  entryPoints: present,
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
});
console.log(`built ${Object.keys(present).length} bundles: ${Object.keys(present).join(", ")}`);
