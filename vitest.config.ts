import { defineConfig } from "vitest/config";

// Tests that spawn the real claude binary cost ~350 MB and ~1.8 s each, so files run in a small
// bounded pool of forks. Four on CI's two cores, because the suite mostly waits (on the CLI, on
// loopback servers, on retry back-offs and visibility timeouts): with two forks it used 404 s of CPU
// in 375 s of wall time (54 % of two cores); with four, the same 2,461 tests took 257 s (82 %).
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    setupFiles: ["test/harness/remove-temp-dirs.ts"],
    pool: "forks",
    maxWorkers: Number(process.env.TEST_MAX_WORKERS ?? 4),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ["default"],
  },
});
