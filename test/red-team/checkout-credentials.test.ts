import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, lstatSync } from "node:fs";
import { mkdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { runSession } from "../../src/runner/index.js";
import { makeAgentWorkspace } from "../../src/runner/isolation/agent-workspace.js";
import { toolResultsOf } from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";
import { type ScriptedSession, scriptedSession } from "../runner/scripted-session.js";

// actions/checkout persists the workflow token in the checkout by default, as
// `http.https://github.com/.extraheader = AUTHORIZATION: basic base64(x-access-token:<token>)`:
// base64, so no token pattern sees it. The agent reads the checkout; it must not read that.
vi.setConfig({ testTimeout: 120_000 });

const TOKEN = `ghs_${"C".repeat(36)}`;
const BASIC = Buffer.from(`x-access-token:${TOKEN}`).toString("base64");

function git(cwd: string, ...args: string[]): string {
  // fsmonitor off for the test's own git: the checkouts below set a hostile core.fsmonitor.
  return execFileSync(
    "git",
    ["-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "core.fsmonitor=false", ...args],
    {
      cwd,
      encoding: "utf8",
    },
  );
}

/** A checkout as actions/checkout leaves it with persist-credentials on (its default). */
function persistCredentials(dir: string): void {
  git(dir, "init", "-q");
  git(dir, "commit", "-q", "--allow-empty", "-m", "first commit of the checkout");
  git(dir, "config", "--local", "http.https://github.com/.extraheader", `AUTHORIZATION: basic ${BASIC}`);
  git(dir, "remote", "add", "origin", `https://x-access-token:${TOKEN}@github.com/octo-org/app`);
  git(dir, "config", "--local", "credential.helper", "store --file /tmp/creds");
  git(dir, "config", "--local", "includeIf.gitdir:/.path", "/tmp/checkout-credentials.config");
}

let session: ScriptedSession | undefined;
afterEach(async () => {
  await session?.cleanup();
  session = undefined;
});

describe("the checkout's persisted git credentials", () => {
  it("never reach the agent, which works in its own copy; the host's checkout is left as it was (real CLI)", async () => {
    session = await scriptedSession([
      { kind: "tool_use", name: "Bash", input: { command: "cat .git/config" } },
      { kind: "tool_use", name: "Bash", input: { command: "grep -r AUTHORIZATION ." } },
      { kind: "tool_use", name: "Read", input: { file_path: ".git/config" } },
      // The agent's own git still works on the checkout.
      { kind: "tool_use", name: "Bash", input: { command: "git log --oneline -1" } },
      { kind: "text", text: "done" },
    ]);
    const ws = session.workspace;
    persistCredentials(ws);
    const configPath = path.join(ws, ".git", "config");
    const before = await readFile(configPath);

    const outcome = await runSession({ ...session.options(), maxTurns: 8 }).outcome;
    expect(outcome.exitCode, outcome.resultText).toBe(0);
    const results = toolResultsOf(session.api.mainRequests.at(-1)!).map((r) => JSON.stringify(r.content));
    expect(results[0]).toContain("[core]");
    expect(results[3]).toContain("first commit of the checkout");

    const everything = JSON.stringify(
      session.api.requests.map((r) => ({ body: r.body, headers: r.headers })),
    );
    for (const secret of [
      TOKEN,
      BASIC,
      "extraheader",
      "store --file /tmp/creds",
      "checkout-credentials.config",
    ]) {
      expect(everything.includes(secret), `${secret} reached the model`).toBe(false);
    }
    expect(everything).toContain("https://github.com/octo-org/app");
    // The host's checkout is as the workflow left it.
    expect(await readFile(configPath)).toEqual(before);
  });
});

describe("makeAgentWorkspace: the agent's own copy of the checkout", () => {
  const hostEnv = { PATH: process.env.PATH };

  async function checkoutWithCredentials(): Promise<string> {
    const dir = await makeTempDir("checkout-credentials");
    persistCredentials(dir);
    git(dir, "config", "--local", "core.fsmonitor", "sh pwn.sh");
    git(dir, "config", "--local", "core.worktree", dir);
    await writeFile(path.join(dir, "tracked.txt"), "one\n");
    git(dir, "add", "tracked.txt");
    git(dir, "commit", "-q", "-m", "tracked");
    await writeFile(path.join(dir, ".git", "hooks", "post-checkout"), "#!/bin/sh\necho hook\n", {
      mode: 0o755,
    });
    await writeFile(
      path.join(dir, ".git", "FETCH_HEAD"),
      `abc\t\tbranch of https://x:${TOKEN}@github.com/o/r\n`,
    );
    // A submodule's git directory (it has HEAD) and a stray one (it does not), each with the header.
    const header = `[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic ${BASIC}\n[core]\n\tbare = false\n`;
    await mkdir(path.join(dir, ".git", "modules", "libs", "sub"), { recursive: true });
    await writeFile(path.join(dir, ".git", "modules", "libs", "sub", "HEAD"), "ref: refs/heads/main\n");
    await writeFile(path.join(dir, ".git", "modules", "libs", "sub", "config"), header);
    await mkdir(path.join(dir, ".git", "modules", "stray"), { recursive: true });
    await writeFile(path.join(dir, ".git", "modules", "stray", "config"), header);
    // A credential store some tool keeps in .git, and a branch named like a config file.
    await writeFile(path.join(dir, ".git", "credentials"), `https://x-access-token:${TOKEN}@github.com\n`);
    git(dir, "branch", "config");
    await writeFile(path.join(dir, "uncommitted.txt"), "work in progress\n");
    return dir;
  }

  for (const shareInodes of [false, true]) {
    it(`holds no credential anywhere, keeps the tree and the history (${shareInodes ? "hard links" : "copies"})`, async () => {
      const source = await checkoutWithCredentials();
      const sourceConfig = await readFile(path.join(source, ".git", "config"));
      const into = path.join(await makeTempDir("agent-copy"), "workspace");
      const copy = await makeAgentWorkspace({ source, into, access: "read", shareInodes, hostEnv });

      expect(copy.dir).toBe(into);
      expect(copy.keptOut.sort()).toEqual([
        "core.fsmonitor",
        "core.worktree",
        "credential.helper",
        "http.https://github.com/.extraheader",
        "http.https://github.com/.extraheader (modules/libs/sub/config)",
        "includeif.gitdir:/.path",
        "remote.origin.url (user and password)",
      ]);
      const found = spawnSync("grep", ["-rIl", "-e", TOKEN, "-e", BASIC, "-e", "extraheader", into], {
        encoding: "utf8",
      });
      expect(found.stdout).toBe("");
      expect(found.status).toBe(1);
      expect(git(into, "config", "--get", "remote.origin.url").trim()).toBe(
        "https://github.com/octo-org/app",
      );
      expect(git(into, "log", "--format=%s").trim().split("\n")).toEqual([
        "tracked",
        "first commit of the checkout",
      ]);
      expect(await readFile(path.join(into, "uncommitted.txt"), "utf8")).toBe("work in progress\n");
      for (const gone of ["hooks", "FETCH_HEAD", "logs"])
        expect(existsSync(path.join(into, ".git", gone))).toBe(false);
      // The source checkout is untouched, its config byte for byte.
      expect(await readFile(path.join(source, ".git", "config"))).toEqual(sourceConfig);
      expect(existsSync(path.join(source, ".git", "hooks", "post-checkout"))).toBe(true);
      if (shareInodes) {
        expect(lstatSync(path.join(into, "tracked.txt")).ino).toBe(
          lstatSync(path.join(source, "tracked.txt")).ino,
        );
        expect(lstatSync(path.join(into, ".git", "config")).ino).not.toBe(
          lstatSync(path.join(source, ".git", "config")).ino,
        );
      }
    });
  }

  it("brings a writable copy's edits back to the checkout, through the host's own .git only", async () => {
    const source = await checkoutWithCredentials();
    const into = path.join(await makeTempDir("agent-copy"), "workspace");
    const copy = await makeAgentWorkspace({ source, into, access: "write", shareInodes: false, hostEnv });
    await writeFile(path.join(into, "tracked.txt"), "two\n");
    await writeFile(path.join(into, "added.txt"), "new\n");
    await rm(path.join(into, "uncommitted.txt"));
    await symlink("tracked.txt", path.join(into, "link"));
    // What the agent may write in its copy's .git runs nothing when the host brings the edits back.
    const marker = path.join(await makeTempDir("pwn"), "ran");
    git(into, "config", "core.fsmonitor", `touch ${marker}`);
    await writeFile(path.join(into, ".git", "hooks-pwn"), "x");

    expect((await copy.returnEdits()).sort()).toEqual([
      "added.txt",
      "link",
      "tracked.txt",
      "uncommitted.txt",
    ]);
    expect(await readFile(path.join(source, "tracked.txt"), "utf8")).toBe("two\n");
    expect(await readFile(path.join(source, "added.txt"), "utf8")).toBe("new\n");
    expect(existsSync(path.join(source, "uncommitted.txt"))).toBe(false);
    expect(lstatSync(path.join(source, "link")).isSymbolicLink()).toBe(true);
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(path.join(source, ".git", "hooks-pwn"))).toBe(false);
    expect(await readFile(path.join(source, ".git", "config"), "utf8")).toContain("fsmonitor = sh pwn.sh");
    // A read-only copy brings nothing back.
    const readOnly = await makeAgentWorkspace({
      source,
      into: path.join(await makeTempDir("agent-copy"), "workspace"),
      access: "read",
      shareInodes: false,
      hostEnv,
    });
    expect(await readOnly.returnEdits()).toEqual([]);
  });

  it("refuses a checkout whose .git is a file (a linked worktree), naming why", async () => {
    const source = await checkoutWithCredentials();
    const linked = path.join(await makeTempDir("linked"), "wt");
    git(source, "worktree", "add", "-q", "--detach", linked);
    await expect(
      makeAgentWorkspace({
        source: linked,
        into: path.join(linked, "..", "copy"),
        access: "read",
        shareInodes: false,
        hostEnv,
      }),
    ).rejects.toThrow(/is not a directory \(a linked worktree or a submodule\)/);
  });
});
