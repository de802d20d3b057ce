import { defineConfig } from "vitest/config";

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
