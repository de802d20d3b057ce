import { defineConfig } from "vitest/config";

// The sanitiser scope's tests for mutation testing: the fast unit tests of the sanitiser and the
// redactor it builds on. The GitHub-double tests (neutralised-publishing) prove the wiring per
// publisher and would cost seconds per mutant.
export default defineConfig({
  test: {
    include: ["test/github/neutralise-output.test.ts", "test/runner/secret-redactor.test.ts"],
    pool: "forks",
    maxWorkers: 1,
    // A mutant that makes a loop spin ends here instead of holding a core.
    testTimeout: 10_000,
    hookTimeout: 10_000,
  },
});
