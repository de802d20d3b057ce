// Mutation testing of the output sanitiser (issue #21, security scope; docs/security.md, "What we
// publish"): every rule it applies must be pinned by a test that fails without it.
// No TypeScript checker: @stryker-mutator/typescript-checker does not work with TypeScript 7.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "stryker/vitest.sanitiser.config.ts", related: false },
  mutate: ["src/github/neutralise-output.ts"],
  // Stryker rewrites tsconfig.json with the TypeScript API, which TypeScript 7 no longer has; vitest
  // does not read tsconfig.json, so the sandbox needs no rewrite: point at a file that is not there.
  tsconfigFile: "stryker/tsconfig-not-rewritten.json",
  ignorePatterns: ["dist", "lambda/infra/cdk.out", "bench/out", "reports", "coverage", "demo-output"],
  coverageAnalysis: "perTest",
  // The module-level patterns would rerun every test per mutant; the unit tests pin each one by name.
  ignoreStatic: true,
  concurrency: 2,
  timeoutFactor: 3,
  timeoutMS: 5000,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/sanitiser/index.html" },
  jsonReporter: { fileName: "reports/mutation/sanitiser/mutation.json" },
  incrementalFile: "reports/mutation/sanitiser/stryker-incremental.json",
  tempDirName: ".stryker-tmp/sanitiser",
  cleanTempDir: "always",
  thresholds: { high: 95, low: 90, break: 90 },
};
