import { chmod, chown, mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import type { AgentUser } from "../../src/runner/isolation/agent-user.js";
import { agentReadable, closeSourceCredentials } from "../../src/runner/isolation/close-source-checkout.js";
import { systemHostCommands } from "../../src/runner/isolation/host-commands.js";
import { decideIsolation } from "../../src/runner/isolation/isolation-decision.js";
import { makeTempDir } from "../harness/temp-dir.js";

// The runner's credentials closed to the agent's own user, as the kernel sees it (this suite runs as
// root, and the agent is the real `claude-agent` user): what it could read is closed for the session
// and given back after; what stays readable after closing stops the session, with nothing left closed.
let user: AgentUser;
beforeAll(async () => {
  const decision = await decideIsolation({
    agentUser: "claude-agent",
    untrusted: true,
    onNoIsolation: "fail",
  });
  if (decision.kind !== "separate-user") throw new Error(decision.summary);
  user = decision.user;
});

/** A world-traversable directory of the test's own with world-readable files in it, as a runner leaves them. */
async function runnerFiles(names: string[]): Promise<{ dir: string; files: string[] }> {
  const dir = await makeTempDir("close-runner");
  await chmod(dir, 0o755);
  const files: string[] = [];
  for (const name of names) {
    const file = path.join(dir, name);
    await writeFile(file, "SECRET\n", { mode: 0o644 });
    files.push(file);
  }
  return { dir, files };
}

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe("closeSourceCredentials: the runner's own credentials, for an agent with a user of its own", () => {
  it("closes each one the agent could read, in one check for dozens, and gives each its mode back", async () => {
    const scripts = Array.from(
      { length: 40 },
      (_, i) => `${String(i).padStart(8, "0")}-0000-4000-8000-000000000000.sh`,
    );
    const { dir, files } = await runnerFiles(scripts);
    // One the agent could never read stays as it is: nothing to close.
    const closedAlready = path.join(dir, "private");
    await writeFile(closedAlready, "x", { mode: 0o600 });
    const noCheckout = await makeTempDir("close-no-checkout");
    expect((await agentReadable([...files, closedAlready], user)).size).toBe(40);

    const closed = await closeSourceCredentials(noCheckout, user, systemHostCommands(), undefined, {}, [
      ...files,
      closedAlready,
    ]);
    expect(closed.closed.sort()).toEqual([...files].sort());
    expect(await agentReadable([...files, closedAlready], user)).toEqual(new Set());
    for (const file of files) expect(await modeOf(file)).toBe(0o600);

    await closed.restore();
    for (const file of files) expect(await modeOf(file)).toBe(0o644);
    expect(await modeOf(closedAlready)).toBe(0o600);
  });

  it("stops the session when one stays readable after closing (the agent owns it), and leaves nothing closed", async () => {
    const { dir, files } = await runnerFiles(["credentials", "set_env_1"]);
    const owned = path.join(dir, "owned-by-the-agent");
    await writeFile(owned, "x", { mode: 0o644 });
    await chown(owned, user.uid, user.gid);
    const noCheckout = await makeTempDir("close-no-checkout");

    await expect(
      closeSourceCredentials(noCheckout, user, systemHostCommands(), undefined, {}, [...files, owned]),
    ).rejects.toThrow(`${owned} holds credentials and stays readable by ${user.name} after closing ${owned}`);
    for (const file of files) expect(await modeOf(file)).toBe(0o644);
    expect(await modeOf(owned)).toBe(0o644);
  });

  it("with a checkout, closes its .git with the runner's files; without credentials to close, changes nothing", async () => {
    const door = await makeTempDir("close-door");
    await chmod(door, 0o755);
    await mkdir(path.join(door, ".git"), { mode: 0o755 });
    await writeFile(path.join(door, ".git", "config"), "[core]\n", { mode: 0o644 });
    const { files } = await runnerFiles(["set_env_2"]);

    const closed = await closeSourceCredentials(door, user, systemHostCommands(), undefined, {}, files);
    expect(closed.closed.sort()).toEqual([path.join(door, ".git"), ...files].sort());
    await closed.restore();
    expect(await modeOf(path.join(door, ".git"))).toBe(0o755);

    const nothing = await closeSourceCredentials(
      await makeTempDir("close-empty"),
      user,
      systemHostCommands(),
      undefined,
      {},
    );
    expect(nothing.closed).toEqual([]);
  });

  it("leaves open a credential location that holds the CLI the agent runs (an old install under ~/.claude/local)", async () => {
    const home = await makeTempDir("close-home");
    await chmod(home, 0o755);
    const claudeDir = path.join(home, ".claude");
    await mkdir(path.join(claudeDir, "local"), { recursive: true, mode: 0o755 });
    await writeFile(path.join(claudeDir, "local", "claude"), "#!/bin/sh\n", { mode: 0o755 });
    const { files } = await runnerFiles(["set_env_3"]);
    const noCheckout = await makeTempDir("close-no-checkout");

    const closed = await closeSourceCredentials(
      noCheckout,
      user,
      systemHostCommands(),
      home,
      {},
      [claudeDir, ...files],
      path.join(claudeDir, "local", "claude"),
    );
    expect(closed.closed).toEqual(files);
    expect(await modeOf(claudeDir)).toBe(0o755);
    await closed.restore();
  });
});
