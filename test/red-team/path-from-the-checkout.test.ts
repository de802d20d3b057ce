// The environment the CLI runs in carries the runner's PATH. 2.1.235 finds what it starts itself
// through it, outside the tool policy and the Bash sandbox: `bwrap` and `socat` for every sandboxed
// command, `git` at start, `ps` and `grep` (IDE detection); and as root the runner's own launch found
// `unshare`, then `mount` and `setpriv`, the same way. A PATH entry that is relative (`node_modules/.bin`),
// empty (a leading or trailing `:`, the working directory) or inside the checkout
// (`$GITHUB_WORKSPACE/node_modules/.bin`, which many JavaScript workflows add) names files a PR
// commits: the PR's `bwrap` ran every "sandboxed" command itself, and its `unshare` ran as root.
import { execFile } from "node:child_process";
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { runSession, ToolPolicy } from "../../src/runner/index.js";
import type { AgentUser } from "../../src/runner/isolation/agent-user.js";
import { decideIsolation } from "../../src/runner/isolation/isolation-decision.js";
import { toolResultsOf } from "../harness/scripted-messages-api.js";
import { type ScriptedSession, scriptedSession } from "../runner/scripted-session.js";

/** What the CLI, the runner's launch and the runner's own helpers start by name. */
const STARTED_BY_NAME = [
  ...["bwrap", "socat", "unshare", "mount", "setpriv", "git", "ps", "grep", "env"],
  ...["cp", "chown", "chmod", "sh", "sudo", "kill"],
];

let agent: AgentUser;
beforeAll(async () => {
  const decision = await decideIsolation({
    agentUser: "claude-agent",
    untrusted: true,
    onNoIsolation: "fail",
  });
  if (decision.kind !== "separate-user") throw new Error(decision.summary);
  agent = decision.user;
});

let s: ScriptedSession | undefined;
let witness: string | undefined;
afterEach(async () => {
  await s?.cleanup();
  s = undefined;
  if (witness) await rm(witness, { recursive: true, force: true });
  witness = undefined;
});

/** Stand-ins a PR commits: each notes that it ran (outside /tmp, which the agent has its own of), then runs the real one. */
async function plantStandIns(dir: string, log: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const name of STARTED_BY_NAME) {
    const file = path.join(dir, name);
    await writeFile(file, `#!/bin/sh\necho "${name} uid=$(id -u)" >> ${log}\nexec /usr/bin/${name} "$@"\n`);
    await chmod(file, 0o755);
  }
}

/** A session whose one Bash call reads README.md; returns where the stand-ins note that they ran. */
async function startCatSession(): Promise<string> {
  witness = await mkdtemp("/var/lib/cpr-path-witness-");
  await chmod(witness, 0o777);
  s = await scriptedSession([
    {
      kind: "tool_use",
      name: "Bash",
      input: { command: "cat README.md", description: "read" },
      id: "toolu_cat",
    },
    { kind: "text", text: "done" },
  ]);
  await writeFile(path.join(s.workspace, "README.md"), "PATH-TEST-README\n");
  return path.join(witness, "ran");
}

/** Runs it as the agent's own user, in the required Bash sandbox, with `cat` allowed. */
function runCatSession(sourcePath?: string) {
  const session = s as ScriptedSession;
  const base = session.options();
  return runSession({
    ...base,
    policy: new ToolPolicy({
      name: "path-test",
      rules: [
        { id: "cat", effect: "allow", tools: ["Bash"], commandPrefixes: ["cat"], confineArguments: false },
      ],
    }),
    ...(sourcePath === undefined ? {} : { sourceEnv: { ...base.sourceEnv, PATH: sourcePath } }),
    agentUser: agent,
    bashSandbox: { allowedDomains: [], required: true },
  }).outcome;
}

const ranStandIns = (log: string) => readFile(log, "utf8").catch(() => "");
/** What the model got back from its tool calls. */
const toolResults = () =>
  JSON.stringify((s as ScriptedSession).api.mainRequests.flatMap((request) => toolResultsOf(request)));

describe("a PATH that names the checkout (real CLI, the agent's own user, Bash sandbox)", () => {
  it.each([
    ["a relative entry", (_checkout: string) => "node_modules/.bin", "node_modules/.bin"],
    ["an empty entry (the working directory)", (_checkout: string) => "", "."],
    [
      "an entry inside the door's checkout",
      (checkout: string) => path.join(checkout, "node_modules/.bin"),
      "node_modules/.bin",
    ],
  ])("runs nothing the PR committed: %s", async (_name, entry, plantedIn) => {
    const log = await startCatSession();
    const workspace = (s as ScriptedSession).workspace;
    await plantStandIns(path.join(workspace, plantedIn), log);
    const outcome = await runCatSession(`${entry(workspace)}:${process.env.PATH}`);
    expect(outcome.exitCode).toBe(0);
    expect(await ranStandIns(log)).toBe("");
    // The command ran, in the real sandbox.
    expect(toolResults()).toContain("PATH-TEST-README");
    expect(outcome.notes.join("\n")).toMatch(/PATH entr(y|ies) left out/);
  });

  it("runs nothing the PR committed when the runner's own PATH names the checkout: its helpers run as root, its git as the host", async () => {
    const log = await startCatSession();
    const workspace = (s as ScriptedSession).workspace;
    // A checkout, whose git config the host reads with git while it makes the agent's copy.
    await promisify(execFile)("git", ["init", "-q", workspace]);
    await plantStandIns(path.join(workspace, "node_modules/.bin"), log);
    const runnerPath = process.env.PATH;
    // The door passes the runner's environment on, and its helpers (cp, chown, sh) run in it.
    process.env.PATH = `${path.join(workspace, "node_modules/.bin")}:${runnerPath}`;
    try {
      const outcome = await runCatSession(process.env.PATH);
      expect(outcome.exitCode).toBe(0);
    } finally {
      process.env.PATH = runnerPath;
    }
    expect(await ranStandIns(log)).toBe("");
  });

  it("runs nothing the PR committed when the checkout's own settings set env.PATH", async () => {
    // A project's .claude/settings.json may set `env`; 2.1.235 then finds bwrap, socat, ps and grep
    // through that PATH (measured). Here the checkout's settings name its node_modules/.bin.
    const log = await startCatSession();
    const workspace = (s as ScriptedSession).workspace;
    await mkdir(path.join(workspace, ".claude"));
    await writeFile(
      path.join(workspace, ".claude/settings.json"),
      JSON.stringify({ env: { PATH: `node_modules/.bin:${process.env.PATH}` } }),
    );
    await plantStandIns(path.join(workspace, "node_modules/.bin"), log);
    const outcome = await runCatSession();
    expect(outcome.exitCode).toBe(0);
    expect(await ranStandIns(log)).toBe("");
    expect(toolResults()).toContain("PATH-TEST-README");
  });
});
