// Mutation testing of the protocol core (issue #21): the NDJSON decoder, the control channel state
// machine, the turn outcome rule, and the control payload checks. (The flag rules are pinned
// one by one against the binary's own messages in test/conformance/flag-rules.test.ts.) Only the pure unit
// and property tests run (stryker/vitest.protocol.config.ts), never the real-CLI sessions.
// No TypeScript checker: @stryker-mutator/typescript-checker does not work with TypeScript 7.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "stryker/vitest.protocol.config.ts", related: false },
  mutate: [
    "src/protocol/ndjson-decoder.ts",
    "src/protocol/control-channel.ts",
    "src/protocol/outcome-from-turn.ts",
    "src/protocol/control-payloads.ts",
  ],
  // Stryker rewrites tsconfig.json with the TypeScript API, which TypeScript 7 no longer has; vitest
  // does not read tsconfig.json, so the sandbox needs no rewrite: point at a file that is not there.
  tsconfigFile: "stryker/tsconfig-not-rewritten.json",
  ignorePatterns: ["dist", "lambda/infra/cdk.out", "bench/out", "reports", "coverage", "demo-output"],
  coverageAnalysis: "perTest",
  ignoreStatic: true,
  concurrency: 2,
  // Hanging mutants (a response that never settles, a scan that never ends) are cut off at 3x the
  // normal run plus 5 s.
  timeoutFactor: 3,
  timeoutMS: 5000,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/protocol/index.html" },
  jsonReporter: { fileName: "reports/mutation/protocol/mutation.json" },
  // Locally, `npx stryker run stryker/protocol.config.mjs --incremental` reruns only what changed.
  incrementalFile: "reports/mutation/protocol/stryker-incremental.json",
  tempDirName: ".stryker-tmp/protocol",
  cleanTempDir: "always",
  thresholds: { high: 90, low: 85, break: 85 },
};
