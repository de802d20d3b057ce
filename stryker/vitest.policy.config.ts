import { defineConfig } from "vitest/config";

// The policy scope's tests for mutation testing: the fast unit tests of the policy and the symlink
// sweep only. The real-CLI red-team session covers the same decisions end to end but costs ~25 s per
// run, far too much to repeat for every mutant; its cases are decided here by red-team-decisions.
export default defineConfig({
  test: {
    include: ["test/runner/policy/**/*.test.ts", "test/sandbox/drop-escaping-symlinks.test.ts"],
    pool: "forks",
    maxWorkers: 1,
    // A mutant that makes a loop spin ends here instead of holding a core.
    testTimeout: 10_000,
    hookTimeout: 10_000,
  },
});
