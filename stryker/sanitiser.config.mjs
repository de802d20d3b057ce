// Mutation testing for the output sanitiser (docs/security.md, "What we publish"): every rule it
// applies must be pinned by a test that fails without it.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.config.ts", related: false },
  checkers: [],
  // Vitest transpiles on its own; Stryker's tsconfig rewriting needs the JS TypeScript API, which
  // TypeScript 7 (native) no longer ships, so point it at a file that does not exist.
  tsconfigFile: "stryker/no-tsconfig.json",
  mutate: ["src/github/neutralise-output.ts"],
  testFiles: ["test/github/neutralise-output.test.ts", "test/runner/secret-redactor.test.ts"],
  coverageAnalysis: "perTest",
  concurrency: 1,
  thresholds: { high: 95, low: 90, break: 90 },
  reporters: ["clear-text", "progress", "html"],
  htmlReporter: { fileName: "reports/mutation/sanitiser/index.html" },
  tempDirName: ".stryker-tmp/sanitiser",
  cleanTempDir: "always",
};
