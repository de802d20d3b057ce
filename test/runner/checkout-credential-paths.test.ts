import { execFileSync } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  checkoutCredentialPaths,
  combineHiddenPaths,
} from "../../src/runner/isolation/checkout-credential-paths.js";
import { sshKeyFiles } from "../../src/runner/isolation/checkout-credentials.js";
import { runnerCredentialPaths } from "../../src/runner/isolation/runner-credential-paths.js";
import { makeTempDir } from "../harness/temp-dir.js";

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function checkout(): Promise<{ root: string; door: string }> {
  const root = await makeTempDir("credential-paths");
  dirs.push(root);
  const door = path.join(root, "app");
  await mkdir(door);
  execFileSync("git", ["init", "-q"], { cwd: door });
  return { root, door };
}

function setConfig(door: string, key: string, value: string): void {
  execFileSync("git", ["config", "--local", key, value], { cwd: door });
}

describe("checkoutCredentialPaths: where the door's checkout may keep the workflow's token", () => {
  it("is its .git and every existing file its config includes (absolute, relative to .git, under ~), outside .git", async () => {
    const { root, door } = await checkout();
    const home = path.join(root, "home");
    await mkdir(home);
    const absolute = path.join(root, "runner-temp-creds.config");
    await writeFile(absolute, "");
    await writeFile(path.join(home, "creds.config"), "");
    await writeFile(path.join(door, ".git", "inside.config"), "");
    setConfig(door, `includeIf.gitdir:${door}/.git/.path`, absolute);
    setConfig(door, "include.path", "~/creds.config");
    setConfig(door, "includeIf.onbranch:main.path", "inside.config"); // relative to .git: already hidden
    setConfig(door, "includeIf.gitdir:/elsewhere/.path", path.join(root, "missing.config"));
    expect(await checkoutCredentialPaths(door, home)).toEqual({
      paths: [path.join(door, ".git"), absolute, path.join(home, "creds.config")],
      description: "the checkout's .git and 2 files it includes",
    });
  });

  it("is the .git alone when nothing is included, and nothing where there is no .git", async () => {
    const { root, door } = await checkout();
    expect(await checkoutCredentialPaths(door, undefined)).toEqual({
      paths: [path.join(door, ".git")],
      description: "the checkout's .git",
    });
    const plain = path.join(root, "plain");
    await mkdir(plain);
    expect(await checkoutCredentialPaths(plain, undefined)).toBeUndefined();
  });
});

describe("runnerCredentialPaths: credential files of the runner's user and of the runner itself", () => {
  it("are the listed files that exist in HOME, and the runner's own beside its _work", async () => {
    const root = await makeTempDir("runner-credentials");
    dirs.push(root);
    const home = path.join(root, "home");
    const install = path.join(home, "actions-runner");
    await mkdir(path.join(home, ".config", "gh"), { recursive: true });
    await mkdir(path.join(install, "_work", "app"), { recursive: true });
    await writeFile(path.join(home, ".git-credentials"), "");
    await writeFile(path.join(home, "notes.txt"), "");
    await writeFile(path.join(install, ".credentials"), "");
    await writeFile(path.join(install, ".credentials_rsaparams"), "");
    await writeFile(path.join(install, ".runner"), "");
    expect(
      await runnerCredentialPaths({ home, runnerWorkspace: path.join(install, "_work", "app") }),
    ).toEqual({
      paths: [
        path.join(home, ".git-credentials"),
        path.join(home, ".config", "gh"),
        path.join(install, ".credentials"),
        path.join(install, ".credentials_rsaparams"),
      ],
      description: "2 credential files of the runner's HOME, the runner's own credentials",
    });
    // Not a runner's layout (no _work): only HOME; no HOME, or HOME at /: nothing from it.
    expect(await runnerCredentialPaths({ home, runnerWorkspace: path.join(install, "app") })).toMatchObject({
      description: "2 credential files of the runner's HOME",
    });
    expect(await runnerCredentialPaths({ home: "/", runnerWorkspace: undefined })).toBeUndefined();
    expect(await runnerCredentialPaths({ home: undefined, runnerWorkspace: undefined })).toBeUndefined();
    await rm(path.join(home, ".config"), { recursive: true });
    expect(await runnerCredentialPaths({ home, runnerWorkspace: undefined })).toMatchObject({
      description: "1 credential file of the runner's HOME",
    });
  });

  it("combineHiddenPaths joins what is there and drops what is empty", () => {
    expect(
      combineHiddenPaths(
        { paths: ["/a"], description: "A" },
        undefined,
        { paths: [], description: "none" },
        { paths: ["/b", "/c"], description: "B" },
      ),
    ).toEqual({ paths: ["/a", "/b", "/c"], description: "A, B" });
    expect(combineHiddenPaths(undefined, { paths: [], description: "none" })).toBeUndefined();
  });
});

describe("sshKeyFiles: the keys core.sshCommand names", () => {
  it("reads -i in each spelling, expands $NAME, ${NAME} and ~/, and leaves out what it cannot place", async () => {
    const { door } = await checkout();
    const config = path.join(door, ".git", "config");
    const add = (value: string) =>
      execFileSync("git", ["config", "--file", config, "--add", "core.sshCommand", value]);
    add(`"ssh" -i "$RUNNER_TEMP/a-key" -o UserKnownHostsFile="$RUNNER_TEMP/a-key_known_hosts"`);
    add("ssh -i${RUNNER_TEMP}/b-key -o StrictHostKeyChecking=yes");
    add("ssh -i '~/c key' -i relative-key -i $UNSET/d-key");
    expect(await sshKeyFiles(config, { RUNNER_TEMP: "/rt" }, "/home/r", { PATH: process.env.PATH })).toEqual([
      "/rt/a-key",
      "/rt/b-key",
      "/home/r/c key",
    ]);
    expect(await sshKeyFiles(config, {}, undefined, { PATH: process.env.PATH })).toEqual([]);
  });

  it("are hidden with the checkout's .git when they exist, and the description says they are named", async () => {
    const { root, door } = await checkout();
    await writeFile(path.join(root, "deploy-key"), "");
    setConfig(door, "core.sshCommand", `ssh -i "$RUNNER_TEMP/deploy-key" -i "$RUNNER_TEMP/gone"`);
    expect(await checkoutCredentialPaths(door, undefined, { RUNNER_TEMP: root })).toEqual({
      paths: [path.join(door, ".git"), path.join(root, "deploy-key")],
      description: "the checkout's .git and 1 file it includes or names",
    });
  });
});

describe("runnerCredentialPaths: the runner's file commands", () => {
  it("are RUNNER_TEMP's _runner_file_commands when it exists", async () => {
    const root = await makeTempDir("file-commands");
    dirs.push(root);
    expect(
      await runnerCredentialPaths({ home: undefined, runnerWorkspace: undefined, runnerTemp: root }),
    ).toBeUndefined();
    await mkdir(path.join(root, "_runner_file_commands"));
    expect(
      await runnerCredentialPaths({ home: undefined, runnerWorkspace: undefined, runnerTemp: root }),
    ).toEqual({
      paths: [path.join(root, "_runner_file_commands")],
      description: "the runner's file commands",
    });
    expect(
      await runnerCredentialPaths({ home: undefined, runnerWorkspace: undefined, runnerTemp: "relative" }),
    ).toBeUndefined();
  });
});

describe("runnerCredentialPaths: the runner's step scripts", () => {
  it("are the `<uuid>.<extension>` files the runner writes to RUNNER_TEMP for `run:` steps, and nothing else there", async () => {
    const root = await makeTempDir("step-scripts");
    dirs.push(root);
    const scripts = [
      "0b6d2f4e-8a1c-4c3e-9f7a-2d5b6c8e1a3f.sh",
      "1C7E3A5B-9D2F-4B6A-8E1C-3F5A7B9D2E4C.ps1",
      "2d8f4a6c-0e3b-4d7f-9a2c-4e6b8d0f3a5c.py",
      "3e9a5b7d-1f4c-4e8a-0b3d-5f7c9e1a4b6d.cmd",
    ];
    for (const name of [
      ...scripts,
      "notes.sh",
      "0b6d2f4e-8a1c-4c3e-9f7a-2d5b6c8e1a3f.txt",
      "git-credentials-1.config",
    ])
      await writeFile(path.join(root, name), "x");
    // A directory with a script's name is not a script.
    await mkdir(path.join(root, "4fab6c8e-2a5d-4f9b-1c4e-6a8d0f2b5c7e.sh"));
    expect(
      await runnerCredentialPaths({ home: undefined, runnerWorkspace: undefined, runnerTemp: root }),
    ).toEqual({
      paths: scripts.map((name) => path.join(root, name)).sort(),
      description: "the runner's step scripts (4)",
    });
  });
});
