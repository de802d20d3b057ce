import { existsSync } from "node:fs";
import { readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { builtInPolicy, prepareSession } from "../../src/runner/index.js";
import { CLAUDE_BIN } from "../harness/claude-cli.js";
import { makeTempDir } from "../harness/temp-dir.js";

// A session whose preparation fails part-way leaves nothing behind: not the agent's copy of the
// checkout, not its home or config dirs. On a self-hosted runner or a warm Lambda, a leftover copy
// is the PR's code sitting in /tmp for the next job to find.
async function failingSessionOptions(extra: { workRoot?: string }) {
  const workspace = await makeTempDir("undo-checkout");
  await writeFile(path.join(workspace, "README.md"), "the checkout\n");
  // The config dir is a file: making it fails after the session's own directories exist.
  const configDir = path.join(await makeTempDir("undo-config"), "not-a-dir");
  await writeFile(configDir, "x");
  return {
    prompt: "x",
    cwd: workspace,
    claudePath: CLAUDE_BIN,
    policy: builtInPolicy("review", { workspace }),
    sourceEnv: { PATH: "/usr/bin:/bin" },
    configDir,
    ...extra,
  };
}

describe("prepareSession undoes what it made when a step fails", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("removes its temp root, with the copy of the checkout in it", async () => {
    const options = await failingSessionOptions({});
    const tmp = await makeTempDir("undo-tmpdir");
    vi.stubEnv("TMPDIR", tmp);
    await expect(prepareSession(options)).rejects.toThrow(/not-a-dir/);
    expect(await readdir(tmp)).toEqual([]);
  });

  it("removes the work root it was given, which it had emptied and filled", async () => {
    const workRoot = path.join(await makeTempDir("undo-workroot"), "agent");
    await expect(prepareSession(await failingSessionOptions({ workRoot }))).rejects.toThrow(/not-a-dir/);
    expect(existsSync(workRoot)).toBe(false);
  });
});
