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
import {
  planBashSandbox,
  probeBubblewrap,
  retryHelperRace,
  type SandboxProbe,
} from "../../src/runner/isolation/bash-sandbox.js";
import { decideIsolation } from "../../src/runner/isolation/isolation-decision.js";
import { CLAUDE_BIN } from "../harness/claude-cli.js";

/** Outside the checkout and the temp dirs, so the agent's PATH keeps it (agent-search-path.ts). */
const NO_BWRAP_PATH = "/nonexistent/claude-pr-runner-test/bin";

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

  it("hides the paths it is given from every command, and names them; never where its file layer is off", async () => {
    const hidden = {
      paths: ["/w/app/.git", "/rt/creds.config"],
      description: "the checkout's .git and 1 file it includes",
    };
    const plan = await planBashSandbox(
      { allowedDomains: [] },
      undefined,
      "/usr/bin",
      true,
      works,
      undefined,
      hidden,
    );
    expect(plan.summary).toBe(
      "Bash sandbox: on (bubblewrap; network: none; hidden from commands: the checkout's .git and 1 file it includes)",
    );
    expect(plan.enabled && plan.settings.sandbox).toMatchObject({
      filesystem: { denyRead: ["/w/app/.git", "/rt/creds.config"] },
    });
    const none = await planBashSandbox(
      { allowedDomains: [] },
      undefined,
      "/usr/bin",
      true,
      works,
      undefined,
      {
        paths: [],
        description: "nothing",
      },
    );
    expect(none.summary).toBe("Bash sandbox: on (bubblewrap; network: none)");
    expect(none.enabled && none.settings.sandbox).not.toHaveProperty("filesystem");
    await expect(
      planBashSandbox({ allowedDomains: [] }, user, "/usr/bin", false, works, undefined, hidden),
    ).rejects.toThrow(/only where the sandbox's file layer runs/);
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

describe("retryHelperRace: the CLI's seccomp helper sometimes fails to make its user namespace", () => {
  const race = { status: 1, stderr: "apply-seccomp: unshare(CLONE_NEWUSER): Invalid argument\n" };
  const ran = { status: 0, stderr: "" };
  const other = { status: 1, stderr: "bwrap: setting up uid map: Permission denied\n" };

  it("tries again after that failure, up to three times in all", () => {
    const outcomes = [race, race, ran];
    let calls = 0;
    expect(retryHelperRace(() => outcomes[calls++] as typeof ran)).toBe(ran);
    expect(calls).toBe(3);
    calls = 0;
    expect(retryHelperRace(() => (calls++, race))).toBe(race);
    expect(calls).toBe(3);
  });

  it("takes any other outcome at once", () => {
    let calls = 0;
    expect(retryHelperRace(() => (calls++, other))).toBe(other);
    expect(retryHelperRace(() => (calls++, ran))).toBe(ran);
    expect(calls).toBe(2);
  });
});

describe("probeBubblewrap: the sandbox as the CLI runs it, through the CLI binary's own seccomp helper", () => {
  it("as root sharing the host's uid, the helper cannot start: off, with the reason and the way out", async () => {
    // Claude Code 2.1.235 runs each sandboxed command as `bwrap --unshare-user --cap-drop ALL ... apply-seccomp`;
    // as root that fails ("write /proc/self/uid_map: Operation not permitted") on every command.
    // The suite runs as root, as the isolation tests need (test/runner/run-session.isolation.test.ts).
    expect(process.getuid?.()).toBe(0);
    const probed = await probeBubblewrap(undefined, process.env.PATH ?? "", CLAUDE_BIN);
    expect(probed).toEqual({
      ok: false,
      reason: expect.stringMatching(
        /^bubblewrap cannot run a command here \(apply-seccomp: write \/proc\/self\/uid_map: Operation not permitted\); the agent runs as root: give it a user of its own \(agent_user\)/,
      ),
    });
    // Without the CLI's helper, the same bwrap starts: the old probe said "on" here.
    expect(await probeBubblewrap(undefined, process.env.PATH ?? "", undefined)).toEqual({ ok: true });
  });

  it("as the agent's own user, the helper runs the command", async () => {
    const decision = await decideIsolation({
      agentUser: "claude-agent",
      untrusted: true,
      onNoIsolation: "fail",
    });
    if (decision.kind !== "separate-user") throw new Error(decision.summary);
    expect(await probeBubblewrap(decision.user, process.env.PATH ?? "", CLAUDE_BIN)).toEqual({ ok: true });
  });
});

describe("mergeRunnerSettings with enforced keys", () => {
  it("the runner's sandbox wins over the user's, and the ask rule stays", async () => {
    const json = await mergeRunnerSettings(
      { sandbox: { enabled: false }, model: "x" },
      { sandbox: { enabled: true } },
    );
    expect(JSON.parse(json)).toMatchObject({
      model: "x",
      sandbox: { enabled: true },
      permissions: { ask: ["*"] },
    });
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
        // A PATH without bwrap (a directory that does not exist): the same lookup the CLI would make.
        sourceEnv: { PATH: NO_BWRAP_PATH },
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

  it("an agent on the host's user may run open code only in the sandbox: the autofix's test commands stop it, a review's allowlist does not", async () => {
    const workspace = await mkdtemp(path.join(tmpdir(), "sandbox-open-code-"));
    try {
      const session = (policy: ReturnType<typeof builtInPolicy>, extra: Record<string, unknown> = {}) =>
        prepareSession({
          prompt: "x",
          cwd: workspace,
          claudePath: CLAUDE_BIN,
          policy,
          sourceEnv: { PATH: NO_BWRAP_PATH },
          bashSandbox: { allowedDomains: [], requiredForOpenCode: true },
          ...extra,
        });
      const autofix = builtInPolicy("autofix", { workspace, testCommands: ["npm test"] });
      await expect(session(autofix)).rejects.toThrow(
        "the agent would share this host's user, and rules test-commands let it run code the policy cannot see into (test commands, any command line), which could read the host's processes and files; that needs the Bash sandbox, and Bash sandbox: off (bubblewrap (bwrap) is not installed).",
      );
      // Without Bash there is no open code to contain; a review's commands are each confined.
      for (const prepared of [
        await session(autofix, { withoutBash: true }),
        await session(builtInPolicy("review", { workspace })),
      ]) {
        await prepared.finish();
        await rm(prepared.tempRoot, { recursive: true, force: true });
      }
    } finally {
      await rm(workspace, { recursive: true, force: true });
    }
  });
});
