import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  builtInPolicy,
  mergeRunnerSettings,
  prepareSession,
  RunnerConfigError,
} from "../../src/runner/index.js";
import { planBashSandbox, type SandboxProbe } from "../../src/runner/isolation/bash-sandbox.js";
import { CLAUDE_BIN } from "../harness/claude-cli.js";

const works: SandboxProbe = async () => ({ ok: true });
const user = { name: "claude-agent", uid: 990, gid: 990, via: "root" as const };

describe("planBashSandbox", () => {
  it("keeps Bash under the policy, refuses unsandboxed escapes and allows no network by default", async () => {
    const plan = await planBashSandbox({ allowedDomains: [] }, user, "/usr/bin", true, works);
    expect(plan).toEqual({
      enabled: true,
      summary: "Bash sandbox: on (bubblewrap; network: none)",
      settings: {
        sandbox: {
          enabled: true,
          failIfUnavailable: true,
          autoAllowBashIfSandboxed: false,
          allowUnsandboxedCommands: false,
          network: { allowedDomains: [], strictAllowlist: true },
        },
      },
    });
  });

  it("leaves files to the uid when the workspace is read-only for it, and names allowed hosts", async () => {
    const plan = await planBashSandbox(
      { allowedDomains: ["registry.npmjs.org"] },
      user,
      "/usr/bin",
      false,
      works,
    );
    expect(plan.summary).toBe(
      "Bash sandbox: on (bubblewrap; network: registry.npmjs.org; files: left to the uid)",
    );
    expect(plan.enabled && plan.settings.sandbox).toMatchObject({
      filesystem: { disabled: true },
      network: { allowedDomains: ["registry.npmjs.org"], strictAllowlist: true },
    });
  });

  it("is off, with the probe's reason, where bubblewrap cannot start", async () => {
    const plan = await planBashSandbox({ allowedDomains: [] }, user, "/usr/bin", true, async () => ({
      ok: false,
      reason: "bubblewrap (bwrap) is not installed",
    }));
    expect(plan).toEqual({
      enabled: false,
      summary: "Bash sandbox: off (bubblewrap (bwrap) is not installed)",
    });
  });
});

describe("mergeRunnerSettings with enforced keys", () => {
  it("the runner's sandbox wins over the user's, and the ask rule stays", async () => {
    const json = await mergeRunnerSettings(
      { sandbox: { enabled: false }, model: "x" },
      { sandbox: { enabled: true } },
    );
    expect(JSON.parse(json)).toEqual({ model: "x", sandbox: { enabled: true }, permissions: { ask: ["*"] } });
  });
});

describe("a required sandbox", () => {
  it("fails the session before anything starts where bubblewrap is missing, with the reason", async () => {
    const workspace = await mkdtemp(path.join(tmpdir(), "sandbox-required-"));
    try {
      const prepared = prepareSession({
        prompt: "x",
        cwd: workspace,
        claudePath: CLAUDE_BIN,
        policy: builtInPolicy("review", { workspace }),
        // A PATH without bwrap: the same lookup the CLI would make.
        sourceEnv: { PATH: workspace },
        bashSandbox: { allowedDomains: [], required: true },
      });
      await expect(prepared).rejects.toBeInstanceOf(RunnerConfigError);
      await expect(prepared).rejects.toThrow(
        "the Bash sandbox is required: Bash sandbox: off (bubblewrap (bwrap) is not installed)",
      );
    } finally {
      await rm(workspace, { recursive: true, force: true });
    }
  });
});
