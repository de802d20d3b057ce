#!/usr/bin/env node
// Runs every mutation-testing scope in stryker/*.config.mjs, one after another (two cores: one
// scope at a time), and fails when any scope falls below its own `thresholds.break`.
// `npm run test:mutation -- policy` runs only the scopes whose file name contains "policy".
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const filters = process.argv.slice(2);
const scopes = readdirSync(path.join(root, "stryker"))
  .filter((name) => name.endsWith(".config.mjs"))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();
if (scopes.length === 0) {
  console.error(`no mutation scope matches ${filters.join(", ") || "stryker/*.config.mjs"}`);
  process.exit(2);
}
// Every Stryker test-runner process, and every worker thread its vitest starts, compiles vitest's
// own modules. Node's on-disk compile cache (V8 code cache, keyed by each file's content) lets them
// reuse that code: when every mutant run started a thread, the conclusion scope took 99 s instead of
// 111 s with it. It lives in node_modules/.cache, so `npm ci` starts it afresh.
const compileCache =
  process.env.NODE_COMPILE_CACHE || path.join(root, "node_modules", ".cache", "stryker-compile-cache");
const failed = [];
for (const scope of scopes) {
  console.log(`\n=== mutation scope ${scope} ===`);
  // A temp dir of the scope's own, removed when it ends: the tests' makeTempDir directories go with it
  // (each mutant run would leave its own in /tmp otherwise: 55 per run of the sanitiser scope). Done
  // here rather than in a setup file, which would add its work to every mutant run.
  const scopeTemp = mkdtempSync(path.join(tmpdir(), "stryker-scope-"));
  try {
    const run = spawnSync("npx", ["stryker", "run", path.join("stryker", scope)], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_COMPILE_CACHE: compileCache, TMPDIR: scopeTemp },
    });
    if (run.status !== 0) failed.push(scope);
  } finally {
    rmSync(scopeTemp, { recursive: true, force: true });
  }
}
if (failed.length > 0) {
  console.error(`mutation score below the break threshold (or the run failed) in: ${failed.join(", ")}`);
  process.exit(1);
}
