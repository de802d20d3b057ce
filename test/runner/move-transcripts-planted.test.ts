import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { projectSlug } from "../../src/protocol/index.js";
import { moveTranscripts } from "../../src/runner/isolation/agent-workspace.js";

// After a session the host files its transcripts back under the checkout's path: it removes the
// target project directory and renames the agent's into its place, inside the session's config
// directory. That directory was the agent's while it ran, so its `projects` directory may be a link
// the agent left, pointing anywhere the host can write: the removal and the rename would then act
// on the host's own files. The host acts only on a real `projects` directory and says why otherwise.

describe("filing transcripts back when the agent left a link for `projects`", () => {
  let dir: string;
  let configDir: string;
  const agentCwd = "/tmp/session/workspace";
  const sourceCwd = "/home/runner/work/app/app";
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "move-transcripts-"));
    configDir = join(dir, "config");
    await mkdir(configDir);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("moves a real project directory as before", async () => {
    await mkdir(join(configDir, "projects", projectSlug(agentCwd)), { recursive: true });
    await writeFile(join(configDir, "projects", projectSlug(agentCwd), "s.jsonl"), "t");
    await moveTranscripts(configDir, agentCwd, sourceCwd);
    expect(await readFile(join(configDir, "projects", projectSlug(sourceCwd), "s.jsonl"), "utf8")).toBe("t");
  });

  it("refuses a link for `projects`: the host's directories it points to are neither removed nor filled", async () => {
    const hostDir = join(dir, "host-owned");
    await mkdir(join(hostDir, projectSlug(sourceCwd)), { recursive: true });
    await writeFile(join(hostDir, projectSlug(sourceCwd), "precious"), "keep me");
    await mkdir(join(hostDir, projectSlug(agentCwd)));
    await symlink(hostDir, join(configDir, "projects"));

    await expect(moveTranscripts(configDir, agentCwd, sourceCwd)).rejects.toThrow(
      /projects is not a directory of its own \(a symbolic link\)/,
    );
    expect(await readFile(join(hostDir, projectSlug(sourceCwd), "precious"), "utf8")).toBe("keep me");
    expect((await stat(join(hostDir, projectSlug(agentCwd)))).isDirectory()).toBe(true);
  });

  it("does nothing when there is no `projects` directory at all", async () => {
    await expect(moveTranscripts(configDir, agentCwd, sourceCwd)).resolves.toBeUndefined();
  });
});
