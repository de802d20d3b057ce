// Mutation testing of the tool policy (issue #21, security scope): the decision logic, the shell
// word splitter, option parsing, path confinement and the symlink sweep. The allowlist tables
// (coreutils-, git-allowlists.ts, find-primaries.ts) are data, not logic: a test compares them with
// the installed tools' own option lists, and the red-team corpus pins every entry it attacks.
// No TypeScript checker: @stryker-mutator/typescript-checker does not work with TypeScript 7.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "stryker/vitest.policy.config.ts", related: false },
  mutate: [
    "src/runner/policy/tool-policy.ts",
    "src/runner/policy/built-in-policy.ts",
    "src/runner/policy/shell-words.ts",
    "src/runner/policy/confine-path.ts",
    "src/runner/policy/confine-argument.ts",
    "src/runner/policy/option-grammar.ts",
    "src/runner/policy/check-allowlisted-command.ts",
    "src/runner/policy/find-allowlist.ts",
    "src/runner/policy/command-allowlists.ts",
    "src/sandbox/drop-escaping-symlinks.ts",
  ],
  // Stryker rewrites tsconfig.json with the TypeScript API, which TypeScript 7 no longer has; vitest
  // does not read tsconfig.json, so the sandbox needs no rewrite: point at a file that is not there.
  tsconfigFile: "stryker/tsconfig-not-rewritten.json",
  ignorePatterns: ["dist", "lambda/infra/cdk.out", "bench/out", "reports", "coverage", "demo-output"],
  coverageAnalysis: "perTest",
  // Module-level constants (the built-in rules, the option lists) would rerun every test file,
  // imports included, per mutant; their entries are pinned by the red-team table instead.
  ignoreStatic: true,
  concurrency: 2,
  // Hanging mutants (an endless loop) are cut off at 3x the normal run plus 5 s.
  timeoutFactor: 3,
  timeoutMS: 5000,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/policy/index.html" },
  jsonReporter: { fileName: "reports/mutation/policy/mutation.json" },
  // Locally, `npx stryker run stryker/policy.config.mjs --incremental` reruns only what changed.
  incrementalFile: "reports/mutation/policy/stryker-incremental.json",
  tempDirName: ".stryker-tmp/policy",
  cleanTempDir: "always",
  thresholds: { high: 95, low: 90, break: 90 },
};
