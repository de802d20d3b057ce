import { mkdir, mkdtemp, rename, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { builtInPolicy } from "../../../src/runner/policy/built-in-policy.js";
import { ToolPolicy } from "../../../src/runner/policy/tool-policy.js";
import { prepareSession } from "../../../src/runner/prepare-session.js";
import { CLAUDE_BIN } from "../../harness/claude-cli.js";

// Hostile: code the agent runs as the workspace's owner swaps the workspace itself for a link to a
// directory of the host's choosing. The policy's root is where the workspace really was when the
// session started; a link put in its place later must not carry the confinement along with it.
let base: string;
let workspace: string;
let hostSecrets: string;

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), "pinned-root-"));
  workspace = path.join(base, "workspace");
  hostSecrets = path.join(base, "host-secrets");
  await mkdir(path.join(workspace, "src"), { recursive: true });
  await writeFile(path.join(workspace, "src/a.ts"), "export {}");
  await mkdir(hostSecrets);
  await writeFile(path.join(hostSecrets, "token.txt"), "ghs_secret");
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

async function swapWorkspaceForLink(target: string): Promise<void> {
  await rename(workspace, path.join(base, "workspace-moved"));
  await symlink(target, workspace);
}

describe("the policy's workspace root is pinned at the session's first decision", () => {
  it("refuses a read through a workspace that was swapped for a link after the session began", async () => {
    const policy = builtInPolicy("review", { workspace });
    const before = await policy.evaluate({ tool_name: "Read", input: { file_path: "src/a.ts" } }, workspace);
    expect(before).toMatchObject({ behavior: "allow", ruleId: "read-workspace" });

    await swapWorkspaceForLink(hostSecrets);
    for (const file_path of [
      "token.txt",
      path.join(hostSecrets, "token.txt"),
      path.join(workspace, "token.txt"),
    ]) {
      const after = await policy.evaluate({ tool_name: "Read", input: { file_path } }, workspace);
      expect(after, file_path).toMatchObject({ behavior: "deny", ruleId: "default-deny" });
      expect(after.reason, file_path).toContain("outside the workspace");
    }
  });

  it("refuses an allowlisted command's argument through the swapped workspace", async () => {
    const policy = builtInPolicy("review", { workspace });
    await policy.pinRoot();
    await swapWorkspaceForLink(hostSecrets);
    const after = await policy.evaluate(
      { tool_name: "Bash", input: { command: "cat token.txt" } },
      workspace,
    );
    expect(after.behavior).toBe("deny");
    expect(after.reason).toContain("resolves outside the workspace");
  });

  it("still resolves a workspace that was a link when it was pinned, by its real place", async () => {
    const real = path.join(base, "real-checkout");
    await rename(workspace, real);
    await symlink(real, workspace);
    const policy = builtInPolicy("review", { workspace });
    await policy.pinRoot();
    const inside = await policy.evaluate(
      { tool_name: "Read", input: { file_path: path.join(real, "src/a.ts") } },
      workspace,
    );
    expect(inside).toMatchObject({ behavior: "allow", ruleId: "read-workspace" });
    const outside = await policy.evaluate(
      { tool_name: "Read", input: { file_path: path.join(hostSecrets, "token.txt") } },
      workspace,
    );
    expect(outside.behavior).toBe("deny");
  });

  it("pins each workspace it is asked about separately, so a policy shared by two roots keeps both apart", async () => {
    const other = await mkdtemp(path.join(tmpdir(), "pinned-root-other-"));
    try {
      await writeFile(path.join(other, "b.ts"), "export {}");
      const review = builtInPolicy("review", { workspace });
      const policy = new ToolPolicy({ name: review.name, rules: [...review.rules] });
      expect(
        (await policy.evaluate({ tool_name: "Read", input: { file_path: "src/a.ts" } }, workspace)).behavior,
      ).toBe("allow");
      expect(
        (await policy.evaluate({ tool_name: "Read", input: { file_path: "b.ts" } }, other)).behavior,
      ).toBe("allow");
      expect(
        (
          await policy.evaluate(
            { tool_name: "Read", input: { file_path: path.join(other, "b.ts") } },
            workspace,
          )
        ).behavior,
      ).toBe("deny");
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it("is pinned by the host when it prepares a session, before the agent has run anything", async () => {
    const prepared = await prepareSession({
      prompt: "x",
      cwd: workspace,
      claudePath: CLAUDE_BIN,
      policy: builtInPolicy("review", { workspace }),
      sourceEnv: { PATH: process.env.PATH ?? "" },
    });
    try {
      // The agent's first act, before any decision: its workspace becomes a link to the host's files.
      const agentCwd = prepared.cwd;
      await rename(agentCwd, `${agentCwd}-moved`);
      await symlink(hostSecrets, agentCwd);
      const first = await prepared.policy.evaluate(
        { tool_name: "Read", input: { file_path: "token.txt" } },
        prepared.cwd,
      );
      expect(first).toMatchObject({ behavior: "deny", ruleId: "default-deny" });
    } finally {
      await rm(prepared.tempRoot, { recursive: true, force: true });
    }
  });

  it("refuses to pin a policy that has no workspace, by name", () => {
    const bare = new ToolPolicy({ name: "bare", rules: [] });
    expect(() => bare.pinRoot()).toThrow(new TypeError('policy "bare" has no workspace to pin'));
  });
});
