import { execFile, execFileSync, spawn } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CLAUDE_BIN } from "../harness/claude-cli.js";
import { ScriptedMessagesApi, toolResultsOf } from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";

// A self-hosted runner without root or sudo: the agent shares the runner's user, and its test
// commands run in the CLI's Bash sandbox (required for open code there). The agent works in its own
// credential-free copy, but the door's checkout is on the same disk, readable by that user, and
// actions/checkout persisted the workflow token in its `.git/config` (v4, v5) or in a file under
// RUNNER_TEMP that `.git/config` includes (v6). A PR names the path in a test script; the sandbox
// let `cat` read it. Real CLI, real bubblewrap, the runner as a user without sudo.
vi.setConfig({ testTimeout: 120_000 });
const run = promisify(execFile);
const HOST_USER = "cpr-plain-host";
const SESSION = path.resolve(fileURLToPath(import.meta.url), "../fixtures/plain-host-session.ts");
const REPO_ROOT = path.resolve(fileURLToPath(import.meta.url), "../../..");
const TOKEN = `ghs_${"P".repeat(36)}`;
const BASIC = Buffer.from(`x-access-token:${TOKEN}`).toString("base64");
const INCLUDED_CANARY = `ghs_${"Q".repeat(36)}`;

let base: string;
beforeAll(async () => {
  await run("id", ["-u", HOST_USER]).catch(() =>
    run("useradd", ["--system", "--user-group", "--create-home", "--shell", "/bin/sh", HOST_USER]),
  );
  // Everything the test gives the host user lives under a directory of the test's own: only what is
  // inside it changes owner, never the temp dir it sits in.
  base = await makeTempDir("plain-host");
  await chmod(base, 0o755);
});
afterAll(async () => {
  await rm(base, { recursive: true, force: true });
});

function git(cwd: string, ...args: string[]): void {
  execFileSync(
    "git",
    ["-c", "safe.directory=*", "-c", "user.name=t", "-c", "user.email=t@example.com", ...args],
    {
      cwd,
    },
  );
}

/** The door's checkout as actions/checkout leaves it, and v6's credentials file under RUNNER_TEMP. */
async function persistedCheckout(): Promise<{ door: string; included: string; runnerTemp: string }> {
  const job = await mkdtemp(path.join(base, "job-"));
  const door = path.join(job, "work", "app");
  const runnerTemp = path.join(job, "runner-temp");
  await mkdir(door, { recursive: true });
  await mkdir(runnerTemp, { recursive: true });
  const included = path.join(runnerTemp, "git-credentials-0d1e.config");
  await writeFile(
    included,
    `[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic ${INCLUDED_CANARY}\n`,
    {
      mode: 0o600,
    },
  );
  await writeFile(path.join(door, "test.sh"), "echo tests\n");
  git(door, "init", "-q");
  git(door, "add", "test.sh");
  git(door, "commit", "-q", "-m", "first");
  git(door, "config", "--local", "http.https://github.com/.extraheader", `AUTHORIZATION: basic ${BASIC}`);
  git(door, "config", "--local", `includeIf.gitdir:${door}/.git/.path`, included);
  await run("chown", ["-R", `${HOST_USER}:${HOST_USER}`, job]);
  return { door, included, runnerTemp };
}

/** Runs the fixture as the host user (not root, no sudo) and returns its JSON line. */
function sessionAsPlainHost(config: Record<string, string | boolean>): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "setpriv",
      [
        `--reuid=${HOST_USER}`,
        `--regid=${HOST_USER}`,
        "--init-groups",
        "--",
        "env",
        `HOME=/home/${HOST_USER}`,
        `PATH=${process.env.PATH}`,
        process.execPath,
        "--import",
        "tsx",
        SESSION,
        JSON.stringify(config),
      ],
      { cwd: REPO_ROOT },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.stderr.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on("close", (code) => {
      const line = out.trim().split("\n").at(-1) ?? "";
      if (code !== 0 || !line.startsWith("{"))
        reject(new Error(`the host exited ${code}: ${err.slice(-2000)}`));
      else resolve(JSON.parse(line) as Record<string, unknown>);
    });
  });
}

describe("an agent on the runner's own user (no root, no sudo), in the Bash sandbox", () => {
  it("cannot read the door checkout's persisted token, in .git/config or in the file it includes; its test command still runs", async () => {
    const { door, included } = await persistedCheckout();
    const command = `sh -c 'cat ${door}/.git/config; cat ${included}; echo TESTS-RAN'`;
    const api = await ScriptedMessagesApi.start([
      { kind: "tool_use", name: "Bash", input: { command, description: "run the tests" }, id: "toolu_tests" },
      { kind: "text", text: "done" },
    ]);
    try {
      const seen = await sessionAsPlainHost({ apiUrl: api.url, door, claudePath: CLAUDE_BIN });
      expect(seen.exitCode, JSON.stringify(seen.failureReasons)).toBe(0);
      expect(seen.confinement).toContain("Bash sandbox: on");
      expect(seen.confinement).toContain("hidden from commands: the checkout's .git and 1 file it includes");
      const result = JSON.stringify(
        api.mainRequests.flatMap((r) => toolResultsOf(r)).find((r) => r.tool_use_id === "toolu_tests")
          ?.content,
      );
      expect(result).toContain("TESTS-RAN"); // the command ran, in the sandbox
      expect(result).not.toContain(BASIC);
      expect(result).not.toContain(INCLUDED_CANARY);
      expect(JSON.stringify(api.mainRequests)).not.toContain(TOKEN);
      // The door's checkout is as it was: hidden from the agent's commands, not changed.
      expect(await readFile(path.join(door, ".git", "config"), "utf8")).toContain(BASIC);
      expect(await readFile(included, "utf8")).toContain(INCLUDED_CANARY);
    } finally {
      await api.close();
    }
  });

  it("cannot read the credential files in the runner user's HOME (git, cloud, registry, Claude's own); a second layer: everything else there stays readable", async () => {
    const { door } = await persistedCheckout();
    const home = `/home/${HOST_USER}`;
    // Each credential file holds a canary of its own; notes.txt is an ordinary file.
    const planted: Record<string, string> = {
      ".git-credentials": "GIT-CREDENTIALS-CANARY",
      ".aws/credentials": "AWS-CREDENTIALS-CANARY",
      ".config/gh/hosts.yml": "GH-HOSTS-CANARY",
      ".claude/.credentials.json": "CLAUDE-OAUTH-CANARY",
      // An earlier step's `git config --global url."https://<token>@github.com/".insteadOf ...`, the
      // usual way to reach private Go modules or submodules.
      ".gitconfig": '[url "https://GITCONFIG-PAT-CANARY@github.com/"]\n\tinsteadOf = https://github.com/\n',
      ".vault-token": "VAULT-TOKEN-CANARY",
      ".pgpass": "db:5432:*:ci:PGPASS-CANARY",
      "notes.txt": "READABLE-NOTE",
    };
    for (const [file, text] of Object.entries(planted)) {
      await mkdir(path.dirname(path.join(home, file)), { recursive: true });
      await writeFile(path.join(home, file), text, { mode: 0o600 });
    }
    await run("chown", [
      "-R",
      `${HOST_USER}:${HOST_USER}`,
      ...Object.keys(planted).map((f) => path.join(home, f.split("/")[0] as string)),
    ]);
    const command = `sh -c 'cat ${Object.keys(planted)
      .map((f) => `${home}/${f}`)
      .join(" ")}; echo TESTS-RAN'`;
    const api = await ScriptedMessagesApi.start([
      { kind: "tool_use", name: "Bash", input: { command, description: "run the tests" }, id: "toolu_home" },
      { kind: "text", text: "done" },
    ]);
    try {
      const seen = await sessionAsPlainHost({ apiUrl: api.url, door, claudePath: CLAUDE_BIN });
      expect(seen.exitCode, JSON.stringify(seen.failureReasons)).toBe(0);
      expect(seen.confinement).toContain("7 credential files of the runner's HOME");
      const result = JSON.stringify(
        api.mainRequests.flatMap((r) => toolResultsOf(r)).find((r) => r.tool_use_id === "toolu_home")
          ?.content,
      );
      expect(result).toContain("TESTS-RAN");
      expect(result).toContain("READABLE-NOTE"); // a denylist, not the whole HOME: said in docs/security.md
      for (const [file, canary] of Object.entries(planted)) {
        if (file !== "notes.txt") expect(result, file).not.toContain(canary);
      }
    } finally {
      await api.close();
      for (const file of Object.keys(planted))
        await rm(path.join(home, file.split("/")[0] as string), { recursive: true, force: true });
    }
  });

  it("cannot read the SSH key actions/checkout's ssh-key input left under RUNNER_TEMP, the runner's file-command files there, nor a cloud key in the door", async () => {
    const { door, runnerTemp } = await persistedCheckout();
    // As actions/checkout does with ssh-key: the key under RUNNER_TEMP, named by core.sshCommand.
    const key = path.join(runnerTemp, "5b8c1e2a-key");
    await writeFile(key, "-----BEGIN OPENSSH PRIVATE KEY-----\nSSH-KEY-CANARY\n", { mode: 0o600 });
    git(
      door,
      "config",
      "--local",
      "core.sshCommand",
      `"ssh" -i "$RUNNER_TEMP/5b8c1e2a-key" -o UserKnownHostsFile="$RUNNER_TEMP/5b8c1e2a-key_known_hosts"`,
    );
    // What an earlier step wrote with `echo TOKEN=... >> $GITHUB_ENV`.
    const fileCommands = path.join(runnerTemp, "_runner_file_commands");
    await mkdir(fileCommands);
    await writeFile(path.join(fileCommands, "set_env_0c4f"), "DEPLOY_TOKEN=FILE-COMMAND-CANARY\n", {
      mode: 0o644,
    });
    // And an earlier `run:` step's script, as the runner wrote it to RUNNER_TEMP with its
    // `${{ secrets.X }}` expressions already replaced by their values (0644, kept until the job ends).
    const stepScript = path.join(runnerTemp, "0b6d2f4e-8a1c-4c3e-9f7a-2d5b6c8e1a3f.sh");
    await writeFile(stepScript, "curl -H 'Authorization: Bearer STEP-SCRIPT-CANARY' https://example.com\n", {
      mode: 0o644,
    });
    // And google-github-actions/auth's credentials file, at the door's root.
    const cloud = path.join(door, "gha-creds-77aa.json");
    await writeFile(cloud, JSON.stringify({ type: "service_account", private_key: "CLOUD-KEY-CANARY" }));
    await run("chown", ["-R", `${HOST_USER}:${HOST_USER}`, runnerTemp, cloud]);
    const command = `sh -c 'cat ${key} ${fileCommands}/set_env_0c4f ${cloud} ${stepScript}; ls ${runnerTemp}; echo TESTS-RAN'`;
    const api = await ScriptedMessagesApi.start([
      { kind: "tool_use", name: "Bash", input: { command, description: "run the tests" }, id: "toolu_ssh" },
      { kind: "text", text: "done" },
    ]);
    try {
      const seen = await sessionAsPlainHost({ apiUrl: api.url, door, claudePath: CLAUDE_BIN, runnerTemp });
      expect(seen.exitCode, JSON.stringify(seen.failureReasons)).toBe(0);
      expect(seen.confinement).toContain("the checkout's .git and 2 files it includes or names");
      expect(seen.confinement).toContain("the runner's file commands");
      const result = JSON.stringify(
        api.mainRequests.flatMap((r) => toolResultsOf(r)).find((r) => r.tool_use_id === "toolu_ssh")?.content,
      );
      expect(result).toContain("TESTS-RAN");
      expect(result).not.toContain("SSH-KEY-CANARY");
      expect(result).not.toContain("FILE-COMMAND-CANARY");
      expect(result).not.toContain("CLOUD-KEY-CANARY");
      expect(result).not.toContain("STEP-SCRIPT-CANARY");
      expect(seen.confinement).toContain("1 cloud credentials file at its root");
      expect(seen.confinement).toContain("the runner's step scripts (1)");
    } finally {
      await api.close();
    }
  });
  it("cannot have the CLI read them for it: a CLAUDE.md or a skill its command links to them is never loaded", async () => {
    // The sandbox confines the command, not the CLI. 2.1.235 reads a directory's CLAUDE.md,
    // CLAUDE.local.md, .claude/CLAUDE.md and .claude/skills/*/SKILL.md itself, as the runner's user,
    // when the agent reads a file there, and follows a link there to any file that user can read:
    // the persisted token reached the model this way. The command plants the links in the agent's
    // own copy (the sandbox lets it write there), then the agent reads a file next to them. Without
    // the fix, all five reached the model.
    const { door, included } = await persistedCheckout();
    const home = `/home/${HOST_USER}`;
    const canaries = { local: "LOCAL-MD-CANARY", dotClaude: "DOT-CLAUDE-MD-CANARY", skill: "SKILL-CANARY" };
    for (const [name, canary] of Object.entries(canaries)) {
      await writeFile(path.join(home, `canary-${name}`), `${canary}\n`, { mode: 0o600 });
      await run("chown", [`${HOST_USER}:${HOST_USER}`, path.join(home, `canary-${name}`)]);
    }
    const plant = [
      "mkdir -p a b c/.claude/skills/notes",
      "for d in a b c; do echo hi > $d/x.txt; done",
      `ln -s ${door}/.git/config a/CLAUDE.md`,
      `ln -s ${included} b/CLAUDE.md`,
      `ln -s ${home}/canary-local c/CLAUDE.local.md`,
      `ln -s ${home}/canary-dotClaude c/.claude/CLAUDE.md`,
      `ln -s ${home}/canary-skill c/.claude/skills/notes/SKILL.md`,
      "echo PLANTED",
    ].join(" && ");
    const api = await ScriptedMessagesApi.start([
      {
        kind: "tool_use",
        name: "Bash",
        input: { command: `sh -c '${plant}'`, description: "t" },
        id: "toolu_plant",
      },
      ...["a", "b", "c"].map((dir) => ({
        kind: "tool_use" as const,
        name: "Read",
        input: { file_path: `${dir}/x.txt` },
        id: `toolu_read_${dir}`,
      })),
      // The CLI lists a skill it found a turn or so later: one more call, so the list is sent again.
      { kind: "tool_use", name: "Read", input: { file_path: "a/x.txt" }, id: "toolu_read_again" },
      { kind: "text", text: "done" },
    ]);
    try {
      const seen = await sessionAsPlainHost({
        apiUrl: api.url,
        door,
        claudePath: CLAUDE_BIN,
        fileTools: true,
      });
      expect(seen.exitCode, JSON.stringify(seen.failureReasons)).toBe(0);
      expect(seen.confinement).toContain("no project configuration (CLAUDE.md, skills, hooks)");
      const results = api.mainRequests.flatMap((r) => toolResultsOf(r));
      const resultOf = (id: string) => JSON.stringify(results.find((r) => r.tool_use_id === id)?.content);
      expect(resultOf("toolu_plant")).toContain("PLANTED");
      for (const dir of ["a", "b", "c"]) expect(resultOf(`toolu_read_${dir}`)).toContain("hi");
      // Every request the model received, the CLI's own context (CLAUDE.md, skills) included.
      const traffic = JSON.stringify(api.mainRequests.map((r) => r.body));
      const reached = (canary: string) => traffic.includes(canary);
      expect({
        persistedToken: reached(BASIC),
        includedToken: reached(INCLUDED_CANARY),
        localMd: reached(canaries.local),
        dotClaudeMd: reached(canaries.dotClaude),
        skill: reached(canaries.skill),
      }).toEqual({
        persistedToken: false,
        includedToken: false,
        localMd: false,
        dotClaudeMd: false,
        skill: false,
      });
    } finally {
      await api.close();
      for (const name of Object.keys(canaries)) await rm(path.join(home, `canary-${name}`), { force: true });
    }
  });
  it("keeps the repository's CLAUDE.md where its commands are allowlisted (no open code): nothing it runs can leave a link", async () => {
    const { door } = await persistedCheckout();
    await writeFile(path.join(door, "CLAUDE.md"), "REPOSITORY-INSTRUCTIONS-MARKER\n");
    await run("chown", [`${HOST_USER}:${HOST_USER}`, path.join(door, "CLAUDE.md")]);
    git(door, "add", "CLAUDE.md");
    git(door, "commit", "-q", "-m", "instructions");
    const api = await ScriptedMessagesApi.start([
      {
        kind: "tool_use",
        name: "Bash",
        input: { command: "cat test.sh", description: "t" },
        id: "toolu_cat",
      },
      { kind: "text", text: "done" },
    ]);
    try {
      const seen = await sessionAsPlainHost({
        apiUrl: api.url,
        door,
        claudePath: CLAUDE_BIN,
        closedCommands: true,
      });
      expect(seen.exitCode, JSON.stringify(seen.failureReasons)).toBe(0);
      expect(seen.confinement).not.toContain("no project configuration");
      expect(JSON.stringify(api.mainRequests.map((r) => r.body))).toContain("REPOSITORY-INSTRUCTIONS-MARKER");
    } finally {
      await api.close();
    }
  });
});
