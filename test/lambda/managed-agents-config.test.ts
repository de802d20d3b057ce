import { describe, expect, it } from "vitest";
import { settleConfigFromEnv } from "../../lambda/managed-agents/managed-agents-config.js";
import { ManagedAgentsConfigError } from "../../lambda/managed-agents/managed-agents-config-error.js";
import { jobRuntimeConfigFromEnv } from "../../lambda/worker/job-runtime-config.js";

const SETTLE_ENV = {
  GITHUB_APP_ID: "12345",
  GITHUB_APP_PRIVATE_KEY: "secretsmanager:app-key",
  ALLOWED_INSTALLATIONS: "77",
  SESSIONS_TABLE_NAME: "sessions",
  MANAGED_AGENTS_API_KEY_SECRET: "secretsmanager:ma-key",
};

describe("settleConfigFromEnv: the worker's review rules", () => {
  it("defaults to fail_on error and no extra globs, like the worker", () => {
    expect(settleConfigFromEnv(SETTLE_ENV)).toMatchObject({ failOn: "error", include: [], exclude: [] });
  });

  it("reads FAIL_ON, INCLUDE and EXCLUDE exactly as the worker does", () => {
    const env = {
      ...SETTLE_ENV,
      FAIL_ON: " Warning ",
      INCLUDE: "src/**\nlib/**, app/**",
      EXCLUDE: "src/legacy/**,!**/package-lock.json",
    };
    const settle = settleConfigFromEnv(env);
    expect(settle).toMatchObject({
      failOn: "warning",
      include: ["src/**", "lib/**", "app/**"],
      exclude: ["src/legacy/**", "!**/package-lock.json"],
    });
    const worker = jobRuntimeConfigFromEnv(env);
    expect({ failOn: settle.failOn, include: settle.include, exclude: settle.exclude }).toEqual({
      failOn: worker.failOn,
      include: worker.include,
      exclude: worker.exclude,
    });
  });

  it("refuses a FAIL_ON it does not know with its own typed error", () => {
    const read = () => settleConfigFromEnv({ ...SETTLE_ENV, FAIL_ON: "notice" });
    expect(read).toThrow(ManagedAgentsConfigError);
    expect(read).toThrow('FAIL_ON must be one of error, warning, never; got "notice"');
  });
});

describe("settleConfigFromEnv: whose markers count", () => {
  it("the App's BOT_NAME (default claude-pr-runner[bot]) plus SELF_LOGINS, as on the worker", () => {
    expect(settleConfigFromEnv(SETTLE_ENV).ownLogins).toEqual(["claude-pr-runner[bot]"]);
    const env = { ...SETTLE_ENV, BOT_NAME: "my-app[bot]", SELF_LOGINS: "my-app[bot] old-app[bot]" };
    expect(settleConfigFromEnv(env).ownLogins).toEqual(["my-app[bot]", "my-app[bot]", "old-app[bot]"]);
  });
});
