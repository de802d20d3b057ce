import { execFileSync } from "node:child_process";
import { mkdir, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeAgentWorkspace } from "../../src/runner/isolation/agent-workspace.js";
import { leaveOutCredentialFiles } from "../../src/runner/isolation/workspace-credential-files.js";
import { makeTempDir } from "../harness/temp-dir.js";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const KEY = JSON.stringify({ type: "service_account", private_key: "-----BEGIN PRIVATE KEY-----\nK\n" });
const FEDERATION = JSON.stringify({ type: "external_account", audience: "//iam.googleapis.com/x" });

async function tempDir(prefix: string): Promise<string> {
  const dir = await makeTempDir(prefix);
  dirs.push(dir);
  return dir;
}

describe("leaveOutCredentialFiles", () => {
  it("removes the auth action's credentials files at the root, and nothing else named or shaped like them", async () => {
    const root = await tempDir("credential-files");
    await writeFile(path.join(root, "gha-creds-a1.json"), KEY);
    await writeFile(path.join(root, "gha-creds-b2.json"), FEDERATION);
    await writeFile(path.join(root, "gha-creds-c3.json"), '{"type":"fixture"}'); // a repository's own file
    await writeFile(path.join(root, "gha-creds-d4.json"), "not json");
    await writeFile(path.join(root, "gha-creds-e5.json"), `${KEY}${" ".repeat(70 * 1024)}`); // too large
    await writeFile(path.join(root, "service-account.json"), KEY); // another name
    await mkdir(path.join(root, "sub"));
    await writeFile(path.join(root, "sub", "gha-creds-f6.json"), KEY); // not at the root
    await symlink(path.join(root, "service-account.json"), path.join(root, "gha-creds-g7.json")); // a link
    expect(await leaveOutCredentialFiles(root)).toEqual(["gha-creds-a1.json", "gha-creds-b2.json"]);
    expect((await readdir(root)).sort()).toEqual([
      "gha-creds-c3.json",
      "gha-creds-d4.json",
      "gha-creds-e5.json",
      "gha-creds-g7.json",
      "service-account.json",
      "sub",
    ]);
    expect(await readdir(path.join(root, "sub"))).toEqual(["gha-creds-f6.json"]);
  });

  it("in a writable copy, the file the copy started without is no edit: the door's file stays after the edits come back", async () => {
    const door = await tempDir("credential-door");
    execFileSync("git", ["init", "-q"], { cwd: door });
    await writeFile(path.join(door, "a.txt"), "a\n");
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@e", "add", "a.txt"], { cwd: door });
    execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@e", "commit", "-qm", "a"], { cwd: door });
    await writeFile(path.join(door, "gha-creds-a1.json"), KEY);
    const into = path.join(await tempDir("credential-copy"), "workspace");
    const workspace = await makeAgentWorkspace({
      source: door,
      into,
      access: "write",
      shareInodes: false,
      hostEnv: { PATH: process.env.PATH },
    });
    expect(workspace.credentialFilesLeftOut).toEqual(["gha-creds-a1.json"]);
    await writeFile(path.join(into, "a.txt"), "edited\n");
    expect(await workspace.returnEdits()).toEqual(["a.txt"]);
    expect(await readFile(path.join(door, "gha-creds-a1.json"), "utf8")).toBe(KEY);
    expect(await readFile(path.join(door, "a.txt"), "utf8")).toBe("edited\n");
  });
});
