import { execFileSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { chmod, mkdir, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { makeTempDir } from "../harness/temp-dir.js";

/**
 * A checkout as a hostile pull request would leave it: tracked scripts that leave a marker when
 * anything runs them, links to /proc and out of the workspace, and a secret next door.
 */
export interface HostileWorkspace {
  workspace: string;
  /** A directory outside the workspace holding `secret.txt`. */
  outside: string;
  /** Text only `outside/secret.txt` contains. */
  outsideSecret: string;
  /** Markers the planted scripts left (empty when no code ran). */
  markers(): string[];
  cleanup(): Promise<void>;
}

/** `git: false` skips making it a repository (policy decisions alone never run git). */
export async function plantHostileWorkspace(options: { git?: boolean } = {}): Promise<HostileWorkspace> {
  const workspace = await makeTempDir("red-team-ws");
  const outside = await makeTempDir("red-team-out");
  const markerDir = await makeTempDir("red-team-markers");
  const outsideSecret = `OUTSIDE-SECRET-${process.pid}-d41d8cd9`;
  // Each script leaves a marker named after itself; `sh FILE`, `./FILE` or a pager all run it.
  const script = (name: string) => `#!/bin/sh\ntouch '${path.join(markerDir, name)}'\n`;
  await mkdir(path.join(workspace, "src"));
  await writeFile(path.join(workspace, "src/a.ts"), "export const answer = 42;\n");
  await writeFile(path.join(workspace, "pwn.sh"), script("pwn.sh"));
  await chmod(path.join(workspace, "pwn.sh"), 0o755);
  // Named like options and commands, so a word read as a program or pager finds a script.
  await writeFile(path.join(workspace, "sh"), script("sh"));
  await chmod(path.join(workspace, "sh"), 0o755);
  await writeFile(path.join(workspace, "patterns.txt"), "answer\n");
  await writeFile(path.join(outside, "secret.txt"), `${outsideSecret}\n`);
  await symlink("/proc/self/environ", path.join(workspace, "notes"));
  await symlink("/proc", path.join(workspace, "pp"));
  await symlink(outside, path.join(workspace, "escape"));
  await symlink(path.join(outside, "secret.txt"), path.join(workspace, "secret-link"));
  await symlink("src/a.ts", path.join(workspace, "inside-link"));
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.name=pr", "-c", "user.email=pr@example.com", ...args], {
      cwd: workspace,
      stdio: "ignore",
    });
  if (options.git !== false) {
    git("init", "-q");
    git("add", "-A");
    git("commit", "-qm", "hostile pull request");
  }
  return {
    workspace,
    outside,
    outsideSecret,
    markers: () => (existsSync(markerDir) ? readdirSync(markerDir) : []),
    cleanup: async () => {
      for (const dir of [workspace, outside, markerDir]) await rm(dir, { recursive: true, force: true });
    },
  };
}
