import { defineConfig } from "vitest/config";

// Tests that spawn the real claude binary cost ~350 MB and ~1.8 s each, so files run in a small
// bounded pool (two forks on CI's two cores) instead of one worker per CPU thread.
export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    pool: "forks",
    maxWorkers: Number(process.env.TEST_MAX_WORKERS ?? 2),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ["default"],
  },
});
