import { chown, mkdir, stat } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { handOverToAgent } from "../../src/runner/isolation/agent-files.js";
import type { AgentUser } from "../../src/runner/isolation/agent-user.js";
import type { CommandResult, HostCommands } from "../../src/runner/isolation/host-commands.js";
import { makeTempDir } from "../harness/temp-dir.js";

// The hand-over's helper commands, recorded at the command boundary (each one is a fork of the host,
// through sudo on GitHub's runners), on real directories whose modes the host sets itself.
const agent: AgentUser = { name: "claude-agent", uid: 4242, gid: 4343, via: "root" };

function recordingHost(uid: number, gid: number): { host: HostCommands; calls: string[][] } {
  const calls: string[][] = [];
  const host: HostCommands = {
    isRoot: uid === 0,
    uid,
    gid,
    run: async (command, args): Promise<CommandResult> => {
      calls.push([command, ...args]);
      return { code: 0, stdout: "", stderr: "" };
    },
  };
  return { host, calls };
}

async function session(): Promise<{ privateDirs: string[]; workspace: string }> {
  const root = await makeTempDir("agent-files");
  const privateDirs = ["home", "config", "tmp"].map((name) => path.join(root, name));
  for (const dir of privateDirs) await mkdir(dir, { mode: 0o755 });
  const workspace = path.join(root, "workspace");
  await mkdir(workspace, { mode: 0o755 });
  return { privateDirs, workspace };
}

describe("handOverToAgent", () => {
  it("makes the private directories 0700 itself, then hands them over in one chown, and takes everything back in one when the checkout is the host's", async () => {
    const { privateDirs, workspace } = await session();
    const { host, calls } = recordingHost(0, 0);
    const files = await handOverToAgent({
      user: agent,
      host,
      privateDirs,
      workspace,
      workspaceAccess: "write",
    });
    for (const dir of privateDirs) expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect(calls).toEqual([
      ["chown", "-R", "-h", "4242:4343", "--", ...privateDirs],
      ["chown", "-R", "-h", "4242:4343", "--", workspace],
    ]);
    calls.length = 0;
    await files.reclaim();
    expect(calls).toEqual([["chown", "-R", "-h", "--from=4242", "0:0", "--", ...privateDirs, workspace]]);
  });

  it("gives the agent's files in a checkout another user owns back to that user, and the rest to the host", async () => {
    const { privateDirs, workspace } = await session();
    await chown(workspace, 1234, 1235);
    const { host, calls } = recordingHost(0, 0);
    const files = await handOverToAgent({
      user: agent,
      host,
      privateDirs,
      workspace,
      workspaceAccess: "read",
    });
    // A review's copy stays the host's: only the private directories change hands.
    expect(calls).toEqual([["chown", "-R", "-h", "4242:4343", "--", ...privateDirs]]);
    calls.length = 0;
    await files.reclaim();
    expect(calls).toEqual([
      ["chown", "-R", "-h", "--from=4242", "0:0", "--", ...privateDirs],
      ["chown", "-R", "-h", "--from=4242", "1234:1235", "--", workspace],
    ]);
  });

  it("goes through sudo -n when the host is not root, and fails with the helper's own words", async () => {
    const { privateDirs, workspace } = await session();
    // The directories are the host's own (this process's uid), so it still sets their modes itself.
    const uid = process.getuid?.() ?? 0;
    const calls: string[][] = [];
    const host: HostCommands = {
      isRoot: false,
      uid,
      gid: process.getgid?.() ?? 0,
      run: async (command, args) => {
        calls.push([command, ...args]);
        return { code: 1, stdout: "", stderr: "chown: changing ownership: Operation not permitted\n" };
      },
    };
    await expect(
      handOverToAgent({ user: agent, host, privateDirs, workspace, workspaceAccess: "read" }),
    ).rejects.toThrow(
      /^chown -R -h 4242:4343 -- .* failed \(1\): chown: changing ownership: Operation not permitted$/,
    );
    expect(calls).toEqual([["sudo", "-n", "chown", "-R", "-h", "4242:4343", "--", ...privateDirs]]);
    for (const dir of privateDirs) expect((await stat(dir)).mode & 0o777).toBe(0o700);
  });
});
