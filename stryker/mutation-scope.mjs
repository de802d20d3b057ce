// What every mutation-testing scope shares. A scope is one file, stryker/<name>.config.mjs, whose
// default export is `mutationScope({ ... })`; scripts/run-mutation.mjs runs each such file (see
// stryker/README.md). Stryker's vitest runner takes only a vitest config *file*, so the scope's test
// selection travels to the one shared file, stryker/vitest.scope.config.ts, in an environment
// variable that the test-runner processes inherit.
// No TypeScript checker: @stryker-mutator/typescript-checker does not work with TypeScript 7.

/** The environment variable that carries a scope's test selection to stryker/vitest.scope.config.ts. */
export const SCOPE_TESTS_VARIABLE = "STRYKER_SCOPE_TESTS";

/**
 * @param {object} scope
 * @param {string} scope.name  names the reports (reports/mutation/<name>/) and the sandbox folder
 * @param {string[]} scope.mutate  the source files whose mutants must be killed
 * @param {string[]} scope.tests  the fast unit tests that kill them (never real-CLI sessions: seconds per mutant)
 * @param {number} scope.breakAt  the score below which the run fails; "high" is 5 points above it
 * @param {string} [scope.skipTests]  a regular expression of test names not to run
 * @param {Record<string, string>} [scope.testEnv]  environment for the tests (e.g. fewer property runs)
 * @param {number} [scope.testTimeoutMs]  per test (3 s by default: every scope's tests finish well
 *   within it); a mutant that leaves a promise pending fails here, quicker than Stryker's timeout
 * @returns {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export function mutationScope({ name, mutate, tests, breakAt, skipTests, testEnv, testTimeoutMs = 3_000 }) {
  process.env[SCOPE_TESTS_VARIABLE] = JSON.stringify({
    include: tests,
    skipTests,
    env: testEnv ?? {},
    testTimeoutMs,
  });
  const reports = `reports/mutation/${name}`;
  return {
    testRunner: "vitest",
    vitest: { configFile: "stryker/vitest.scope.config.ts", related: false },
    mutate,
    // Stryker rewrites tsconfig.json with the TypeScript API, which TypeScript 7 no longer has; vitest
    // does not read tsconfig.json, so the sandbox needs no rewrite: point at a file that is not there.
    tsconfigFile: "stryker/tsconfig-not-rewritten.json",
    ignorePatterns: ["dist", "lambda/infra/cdk.out", "bench/out", "reports", "coverage", "demo-output"],
    coverageAnalysis: "perTest",
    // Module-level constants (rule tables, patterns) would rerun every test file, imports included, per
    // mutant; each scope's tests pin those entries by name instead.
    ignoreStatic: true,
    // Three test-runner processes on two cores. Each mutant run is a vitest session in a worker
    // thread that the scope's pool keeps across runs (stryker/reused-threads-pool.mjs); with vitest's
    // own pool, which starts a thread per run, all nine scopes took 574-612 s, and now 172 s, with the
    // same status for every one of the 5,165 mutants. Two runners took 181 s: the protocol scope, whose
    // pending-promise mutants wait out a 2 s test timeout, 59 s instead of 47 s. Four gained nothing on
    // the scopes bound by CPU.
    concurrency: 3,
    // Hanging mutants (an endless loop, a response that never settles) are cut off at 3x the normal
    // run plus 5 s.
    timeoutFactor: 3,
    timeoutMS: 5000,
    reporters: ["clear-text", "progress", "html", "json"],
    htmlReporter: { fileName: `${reports}/index.html` },
    jsonReporter: { fileName: `${reports}/mutation.json` },
    // Locally, `npx stryker run stryker/<name>.config.mjs --incremental` reruns only what changed.
    incrementalFile: `${reports}/stryker-incremental.json`,
    tempDirName: `.stryker-tmp/${name}`,
    cleanTempDir: "always",
    thresholds: { high: breakAt + 5, low: breakAt, break: breakAt },
  };
}
