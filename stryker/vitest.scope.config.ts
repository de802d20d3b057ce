import { defineConfig } from "vitest/config";
import { REUSED_THREADS_POOL_NAME, reusedThreadsPool } from "./reused-threads-pool.mjs";

// The vitest config of every mutation-testing scope: the scope's own fast tests, one fork, short
// timeouts. The selection comes from the scope file (stryker/mutation-scope.mjs) through the
// environment, because Stryker's vitest runner accepts only a config file.
const variable = "STRYKER_SCOPE_TESTS";
const selection = process.env[variable];
if (!selection) {
  throw new Error(
    `${variable} is not set: run a scope with \`npx stryker run stryker/<name>.config.mjs\` or \`npm run test:mutation\``,
  );
}
const { include, skipTests, env, testTimeoutMs } = JSON.parse(selection) as {
  include: string[];
  skipTests?: string;
  env: Record<string, string>;
  testTimeoutMs: number;
};

export default defineConfig({
  // Stryker's vitest runner passes `pool: "threads"` over any config file's pool; this hook runs after
  // that, once the project is resolved, and puts in the pool that keeps its threads across mutant
  // runs (stryker/reused-threads-pool.mjs). A plain `vitest run --config` of this file uses it too.
  plugins: [
    {
      name: "stryker-reused-threads-pool",
      configureVitest({ project }) {
        if (process.env.STRYKER_FRESH_THREADS === "1") return;
        project.config.pool = REUSED_THREADS_POOL_NAME;
        project.config.poolRunner = reusedThreadsPool();
      },
    },
  ],
  test: {
    include,
    ...(skipTests ? { testNamePattern: new RegExp(`^(?!.*(${skipTests}))`) } : {}),
    env,
    pool: "forks",
    maxWorkers: 1,
    testTimeout: testTimeoutMs,
    hookTimeout: testTimeoutMs,
  },
});
