import { spawn } from "node:child_process";
import { chmod, mkdir, mkdtemp, realpath, rm, stat, symlink, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { runSession, ToolPolicy } from "../../src/runner/index.js";
import type { AgentUser } from "../../src/runner/isolation/agent-user.js";
import { decideIsolation } from "../../src/runner/isolation/isolation-decision.js";
import { CLAUDE_BIN } from "../harness/claude-cli.js";
import { type RecordedRequest, type ScriptedReply, toolResultsOf } from "../harness/scripted-messages-api.js";
import { type ScriptedSession, scriptedSession } from "./scripted-session.js";

/**
 * The agent as another uid, through the real CLI. This machine runs the suite as root, like the
 * isolation acceptance asks; every test compares with the same session on the host's uid, so a
 * test fails when the separation stops working rather than passing for the wrong reason.
 */
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
afterEach(async () => {
  await s?.cleanup();
  s = undefined;
});

/** Lets exactly the commands the test needs run (the built-in policies would refuse them). */
function allowCommands(...prefixes: string[]): ToolPolicy {
  return new ToolPolicy({
    name: "isolation-test",
    rules: [
      {
        id: "allow-probe",
        effect: "allow",
        tools: ["Bash"],
        commandPrefixes: prefixes,
        confineArguments: false,
      },
    ],
  });
}

/** The pids of processes whose command line is exactly `commandLine`. */
function pgrep(commandLine: string): Promise<string[]> {
  return new Promise((resolve) => {
    const child = spawn("pgrep", ["-x", "-f", commandLine]);
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on("close", () => resolve(out.split("\n").filter(Boolean)));
  });
}

function bash(command: string, id: string): ScriptedReply {
  return { kind: "tool_use", name: "Bash", input: { command, description: "probe" }, id };
}

function toolResultTextOf(request: RecordedRequest, id: string): string {
  const result = toolResultsOf(request).find((r) => r.tool_use_id === id);
  if (!result) throw new Error(`no tool result for ${id}`);
  return JSON.stringify(result.content);
}

function toolResultText(session: ScriptedSession, id: string): string {
  const results = session.api.mainRequests.flatMap((request) => toolResultsOf(request));
  const result = results.find((r) => r.tool_use_id === id);
  if (!result) throw new Error(`no tool result for ${id}`);
  return JSON.stringify(result.content);
}

describe("the agent under its own uid (real CLI, as root)", () => {
  it("cannot read a host process's /proc/<pid>/environ; the secret never reaches the model", async () => {
    // A host process holding a secret in its environment, as the runner's worker holds GITHUB_TOKEN.
    const hostSecret = `host-only-secret-${process.pid}-7c1f`;
    const host = spawn("sleep", ["120"], { env: { PATH: process.env.PATH, HOST_SECRET: hostSecret } });
    try {
      const command = `cat /proc/${host.pid}/environ`;
      // Each layer alone: the uid (the kernel refuses), then the uid in its own PID namespace (the
      // host's processes are not even listed), against the host's uid.
      for (const as of ["host", "uid", "uid+pid-namespace"] as const) {
        s = await scriptedSession([bash(command, "toolu_environ"), { kind: "text", text: "done" }]);
        const outcome = await runSession({
          ...s.options(),
          policy: allowCommands("cat"),
          ...(as === "uid" ? { agentUser: { ...agent, pidNamespace: undefined } } : {}),
          ...(as === "uid+pid-namespace" ? { agentUser: agent } : {}),
        }).outcome;
        expect(outcome.exitCode).toBe(0);
        const nextRequest = JSON.stringify(s.api.mainRequests[1]?.body);
        if (as !== "host") {
          expect(nextRequest).not.toContain(hostSecret);
          expect(toolResultText(s, "toolu_environ")).toContain(
            as === "uid" ? "Permission denied" : "No such file or directory",
          );
          expect(outcome.confinement).toContain(`user claude-agent (uid ${agent.uid})`);
        } else {
          // The same call on the host's uid leaks: what the separate uid is for.
          expect(nextRequest).toContain(hostSecret);
        }
        await s.cleanup();
        s = undefined;
      }
    } finally {
      host.kill("SIGKILL");
    }
  });

  it("a process the agent detaches does not outlive the session in its PID namespace; without one it does", async () => {
    // Hostile: a command that leaves a process of its own session behind (setsid), which would race
    // the host's finishing steps and wait, under the agent's user, for the next job on this machine.
    expect(agent.pidNamespace).toEqual({ contained: true });
    for (const contained of [false, true]) {
      const marker = `${contained ? 1 : 2}.${process.pid}`;
      const survivors = () => pgrep(`sleep 31${marker}`);
      s = await scriptedSession([
        bash(`sh -c "setsid -f sleep 31${marker} >/dev/null 2>&1 </dev/null; echo left"`, "toolu_detach"),
        { kind: "text", text: "done" },
      ]);
      const outcome = await runSession({
        ...s.options(),
        policy: allowCommands("sh"),
        agentUser: contained ? agent : { ...agent, pidNamespace: undefined },
      }).outcome;
      expect(outcome.exitCode).toBe(0);
      expect(toolResultText(s, "toolu_detach")).toContain("left");
      try {
        if (contained) {
          expect(outcome.confinement).toContain("own PID namespace");
          expect(await survivors()).toEqual([]);
        } else {
          // The same command without the namespace: the process is still there, as the agent's user.
          expect(await survivors()).toHaveLength(1);
        }
      } finally {
        spawn("pkill", ["-KILL", "-f", `sleep 31${marker}`]);
      }
      await s.cleanup();
      s = undefined;
    }
  });

  it("sees its own PID namespace in /proc: no host process, and pid 1 is the namespace's own", async () => {
    // With the host's /proc inside the namespace, a pid the agent's side knows (bubblewrap's child,
    // pid 39) named a host process or none: the CLI's Bash sandbox failed ("bwrap: open /proc/39/ns/ns
    // failed") or read another process's namespaces, depending on which host pids existed.
    expect(agent.pidNamespace).toEqual({ contained: true });
    s = await scriptedSession([
      bash(
        `sh -c 'test -e /proc/${process.pid} && echo HOST-VISIBLE || echo HOST-HIDDEN; echo INIT=$(tr "\\0" " " < /proc/1/cmdline)'`,
        "toolu_proc",
      ),
      { kind: "text", text: "done" },
    ]);
    const outcome = await runSession({ ...s.options(), policy: allowCommands("sh"), agentUser: agent })
      .outcome;
    expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
    const seen = toolResultText(s, "toolu_proc");
    expect(seen).toContain("HOST-HIDDEN");
    expect(seen).toMatch(/INIT=\S*setpriv|INIT=\S*claude/);
  });

  it("writes /tmp, /var/tmp and /dev/shm of its own: nothing it leaves there outlives the session, and it sees no host file there", async () => {
    // Hostile: a fork PR's agent plants files where a self-hosted runner's later jobs (and the
    // runner itself) look, and reads what other jobs left world-readable in /tmp. Compared with the
    // same session without the namespace, where both work.
    expect(agent.pidNamespace).toEqual({ contained: true });
    const hostFile = path.join("/tmp", `another-job-${process.pid}.txt`);
    const hostSecret = `another-job-secret-${process.pid}-41d9`;
    await writeFile(hostFile, `${hostSecret}\n`, { mode: 0o644 });
    const planted = ["/tmp", "/var/tmp", "/dev/shm"].map((dir) => path.join(dir, `planted-${process.pid}`));
    try {
      for (const contained of [false, true]) {
        s = await scriptedSession([
          bash(
            `sh -c 'cat ${hostFile}; touch ${planted.join(" ")} && echo PLANTED; ls ${planted.join(" ")}; echo TMPDIR-WRITABLE=$(touch "$TMPDIR/x" && echo yes)'`,
            "toolu_plant",
          ),
          { kind: "text", text: "done" },
        ]);
        const outcome = await runSession({
          ...s.options(),
          policy: allowCommands("sh"),
          agentUser: contained ? agent : { ...agent, pidNamespace: undefined },
        }).outcome;
        expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
        const seen = toolResultText(s, "toolu_plant");
        // The agent's own TMPDIR (inside the session's root) stays where the CLI expects it.
        expect(seen).toContain("TMPDIR-WRITABLE=yes");
        const left = [];
        for (const file of planted) if (await stat(file).catch(() => undefined)) left.push(file);
        if (contained) {
          // It could write there (its own directories), and none of it is on the host afterwards.
          expect(seen).toContain("PLANTED");
          expect(seen).not.toContain(hostSecret);
          expect(left).toEqual([]);
          expect(outcome.confinement).toContain("own /tmp, /var/tmp and /dev/shm");
        } else {
          // Without it, the host's /tmp and /var/tmp keep what the agent left, and it read the host's file.
          expect(seen).toContain(hostSecret);
          expect(left).toEqual(expect.arrayContaining(planted.slice(0, 2)));
        }
        for (const file of planted) await rm(file, { force: true });
        await s.cleanup();
        s = undefined;
      }
    } finally {
      await rm(hostFile, { force: true });
      for (const file of planted) await rm(file, { force: true });
    }
  });

  it("sees the runner's directories empty: another repository's checkout there is out of its sight, and the CLI installed there still runs", async () => {
    // Hostile: on a self-hosted runner, _work keeps other repositories' checkouts (a private one
    // included), world-readable by the umask; no credential list names their files. The runner lives
    // outside /tmp, as it does on a real host, and the CLI is installed under it (the Action's own
    // node_modules under _work/_actions).
    expect(agent.pidNamespace).toEqual({ contained: true });
    const runner = await mkdtemp(path.join("/var/lib", "cpr-runner-"));
    const secret = `other-repository-secret-${process.pid}-9e2a`;
    const otherCheckout = path.join(runner, "_work", "private-repo", "private-repo");
    const thisWorkspace = path.join(runner, "_work", "app");
    const actionModules = path.join(runner, "_work", "_actions", "node_modules", "@anthropic-ai");
    try {
      await mkdir(otherCheckout, { recursive: true });
      await mkdir(thisWorkspace, { recursive: true });
      await mkdir(actionModules, { recursive: true });
      await writeFile(path.join(otherCheckout, "config.ts"), `export const key = "${secret}";\n`, {
        mode: 0o644,
      });
      for (const dir of [runner, path.join(runner, "_work"), path.dirname(otherCheckout), otherCheckout])
        await chmod(dir, 0o755);
      const cliPackage = path.dirname(path.dirname(await realpath(CLAUDE_BIN)));
      await symlink(cliPackage, path.join(actionModules, "claude-code"));
      const claudePath = path.join(
        actionModules,
        "claude-code",
        "bin",
        path.basename(await realpath(CLAUDE_BIN)),
      );
      const read = `cat ${path.join(otherCheckout, "config.ts")}`;
      for (const contained of [false, true]) {
        s = await scriptedSession([bash(read, "toolu_other"), { kind: "text", text: "done" }]);
        const outcome = await runSession({
          ...s.options(),
          claudePath,
          sourceEnv: { ...s.options().sourceEnv, RUNNER_WORKSPACE: thisWorkspace },
          policy: allowCommands("cat"),
          agentUser: contained ? agent : { ...agent, pidNamespace: undefined },
        }).outcome;
        expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
        const requests = JSON.stringify(s.api.requests.map((r) => r.body));
        if (contained) {
          expect(toolResultText(s, "toolu_other")).toContain("No such file or directory");
          expect(requests).not.toContain(secret);
          expect(outcome.confinement).toContain(`${runner} and /run hidden`);
        } else {
          // Without the namespace its uid reads the other repository's file, as any local user could.
          expect(requests).toContain(secret);
        }
        await s.cleanup();
        s = undefined;
      }
    } finally {
      await rm(runner, { recursive: true, force: true });
    }
  });

  it("has its own HOME, config dir and TMPDIR, owned by its user; the host reads them back afterwards", async () => {
    // Third step: stat the three directories the agent's environment names.
    const statDirs = (request: RecordedRequest): ScriptedReply => {
      const env = JSON.parse(toolResultTextOf(request, "toolu_env")) as string;
      const value = (name: string) => new RegExp(`^${name}=(.*)$`, "m").exec(env)?.[1] ?? "missing";
      const dirs = ["HOME", "CLAUDE_CONFIG_DIR", "TMPDIR"].map(value);
      return bash(`stat -c %u:%a:%n ${dirs.join(" ")}`, "toolu_stat");
    };
    s = await scriptedSession((request, index) =>
      index === 0
        ? bash("id -u", "toolu_id")
        : index === 1
          ? bash("env", "toolu_env")
          : index === 2
            ? statDirs(request)
            : { kind: "text", text: "done" },
    );
    const configDir = `${s.workspace}-config`;
    await mkdir(configDir);
    try {
      const outcome = await runSession({
        ...s.options(),
        policy: allowCommands("id -u", "env", "stat -c"),
        agentUser: agent,
        configDir,
      }).outcome;
      expect(outcome.exitCode).toBe(0);
      expect(JSON.parse(toolResultText(s, "toolu_id")).trim()).toBe(String(agent.uid));
      const lines = (JSON.parse(toolResultText(s, "toolu_stat")) as string).trim().split("\n");
      expect(lines).toHaveLength(3);
      for (const line of lines) {
        const [uid, mode, dir] = line.split(":");
        expect(uid).toBe(String(agent.uid));
        expect(mode).toBe("700");
        expect(dir?.startsWith(process.env.HOME ?? "/root")).toBe(false);
      }
      expect(lines.map((line) => line.split(":")[2])).toContain(configDir);
      // Handed back afterwards: the host owns what the CLI wrote, so session storage can read it.
      expect((await stat(configDir)).uid).toBe(process.getuid?.());
      expect((await stat(path.join(configDir, "projects"))).uid).toBe(process.getuid?.());
    } finally {
      await rm(configDir, { recursive: true, force: true });
    }
  });

  it("a review cannot write its copy of the workspace; an autofix's edits come back, and nothing it writes in its copy's .git reaches the checkout's", async () => {
    const command = "touch planted.txt .git/planted";
    for (const access of ["read", "write"] as const) {
      s = await scriptedSession([bash(command, "toolu_touch"), { kind: "text", text: "done" }]);
      await mkdir(path.join(s.workspace, ".git"));
      await writeFile(path.join(s.workspace, "README.md"), "hello\n");
      const outcome = await runSession({
        ...s.options(),
        policy: allowCommands("touch"),
        agentUser: agent,
        workspaceAccess: access,
      }).outcome;
      expect(outcome.exitCode).toBe(0);
      const result = toolResultText(s, "toolu_touch");
      const planted = await stat(path.join(s.workspace, "planted.txt")).catch(() => undefined);
      // The checkout's own .git is never written, whatever the agent could do in its copy's.
      expect(await stat(path.join(s.workspace, ".git", "planted")).catch(() => undefined)).toBeUndefined();
      if (access === "read") {
        expect(result).toContain(".git/planted': Permission denied");
        expect(result).toContain("planted.txt': Permission denied");
        expect(planted).toBeUndefined();
      } else {
        expect(planted?.isFile()).toBe(true);
        // Given back to the checkout's owner once the session is over.
        expect(planted?.uid).toBe((await stat(s.workspace)).uid);
        expect((await stat(path.join(s.workspace, "README.md"))).uid).toBe((await stat(s.workspace)).uid);
      }
      await s.cleanup();
      s = undefined;
    }
  });
});

describe("the CLI's user settings, rewritten mid-session (real CLI, as root)", () => {
  it("change nothing: allow rules, bypassPermissions, a hook and a model URL written there are never read, trusted or not, on its own user or the host's", async () => {
    // Hostile: CLAUDE_CONFIG_DIR is the agent's (its uid owns it; on the host's user, the host's is
    // its). 2.1.235 reloads the user settings file there mid-session and runs a hook added to it,
    // itself, outside the tool policy and the Bash sandbox (uid 999 and uid 0 here before the fix).
    // An allowed command that could write a file (a policy escape) writes permission rules, a hook
    // and an `env` that moves the model URL, waits for the watcher, then runs a refused command.
    const settings = JSON.stringify({
      permissions: { allow: ["Bash"], defaultMode: "bypassPermissions" },
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "echo HOOK-RAN >&2; exit 2" }] }],
      },
      env: { ANTHROPIC_BASE_URL: "http://127.0.0.1:9" },
    });
    const encoded = Buffer.from(settings).toString("base64");
    for (const [variant, extra] of [
      ["trusted, own user", { agentUser: agent }],
      ["untrusted (--bare), own user", { agentUser: agent, bare: true }],
      ["trusted, host's user", {}],
    ] as const) {
      s = await scriptedSession([
        bash(
          `sh -c 'echo ${encoded} | base64 -d > "$CLAUDE_CONFIG_DIR/settings.json" && echo WRITTEN'`,
          "toolu_write",
        ),
        bash("sh -c 'sleep 2; echo WAITED'", "toolu_wait"),
        bash("id -u", "toolu_id"),
        { kind: "text", text: "done" },
      ]);
      const outcome = await runSession({ ...s.options(), policy: allowCommands("sh"), ...extra }).outcome;
      expect(outcome.exitCode, `${variant}: ${outcome.failureReasons.join("\n")}`).toBe(0);
      expect(toolResultText(s, "toolu_write"), variant).toContain("WRITTEN");
      expect(toolResultText(s, "toolu_wait"), variant).toContain("WAITED");
      expect(toolResultText(s, "toolu_id"), variant).toContain("Denied by tool policy");
      expect(JSON.stringify(s.api.mainRequests.map((r) => toolResultsOf(r))), variant).not.toContain(
        "HOOK-RAN",
      );
      expect(
        outcome.policyDecisions.map((d) => `${d.toolName}:${d.ruleId}`),
        variant,
      ).toEqual(["Bash:allow-probe", "Bash:allow-probe", "Bash:default-deny"]);
      // Every model request still reached the API (the moved URL was never used).
      expect(s.api.mainRequests, variant).toHaveLength(4);
      await s.cleanup();
      s = undefined;
    }
  });
});

describe("the agent's edits of the files that steer the host's git (real CLI)", () => {
  it("are not brought back; the outcome and the notes name them, and the other edits come back", async () => {
    s = await scriptedSession([
      bash("touch planted.txt .gitattributes", "toolu_touch"),
      { kind: "text", text: "done" },
    ]);
    await writeFile(path.join(s.workspace, "README.md"), "hello\n");
    const outcome = await runSession({
      ...s.options(),
      policy: allowCommands("touch"),
      agentUser: agent,
      workspaceAccess: "write",
    }).outcome;
    expect(outcome.exitCode).toBe(0);
    expect((await stat(path.join(s.workspace, "planted.txt")))?.isFile()).toBe(true);
    expect(await stat(path.join(s.workspace, ".gitattributes")).catch(() => undefined)).toBeUndefined();
    expect(outcome.editsLeftOut).toEqual([".gitattributes"]);
    expect(outcome.notes).toContain(
      "left out of the agent's edits: .gitattributes (they decide which programs the host's git runs)",
    );
  });
});

describe("where the agent cannot be isolated", () => {
  it("an untrusted job without Bash: the model is not offered the tool, a call is refused, the outcome says so", async () => {
    s = await scriptedSession([bash("touch planted.txt", "toolu_touch"), { kind: "text", text: "done" }]);
    const outcome = await runSession({ ...s.options(), policy: allowCommands("touch"), withoutBash: true })
      .outcome;
    expect(outcome.exitCode).toBe(0);
    const offered = (s.api.mainRequests[0]!.body as { tools: Array<{ name: string }> }).tools.map(
      (t) => t.name,
    );
    expect(offered).toContain("Read");
    expect(offered).not.toContain("Bash");
    expect(toolResultsOf(s.api.mainRequests[1] as RecordedRequest)[0]?.is_error).toBe(true);
    expect(await stat(path.join(s.workspace, "planted.txt")).catch(() => undefined)).toBeUndefined();
    expect(outcome.confinement).toBe("host user, own copy of the workspace · no Bash");
  });
});

describe("the agent's own network namespace (real CLI, as root)", () => {
  it("Bash reaches no host, not even the runner's loopback, without the CLI's sandbox; the model API still answers through the proxy's socket", async () => {
    // Hostile: a fork PR's agent on a runner where bubblewrap cannot run (no sandbox) calls a service on
    // the host: the instance metadata service on EC2, a database or the Docker API on a self-hosted
    // runner. The scripted model API on the host's 127.0.0.1 stands in for it. Compared with the plain
    // launch (no namespaces), where the same call gets through.
    expect(agent.networkNamespace).toEqual({ available: true });
    // And a local service's Unix socket in /run that lets every user in (a CI database's, D-Bus).
    const socketPath = `/run/claude-pr-runner-test-${process.pid}.sock`;
    const socketRequests: string[] = [];
    const local = createServer((req, res) => {
      socketRequests.push(req.url ?? "");
      res.end("LOCAL-SERVICE");
    });
    await new Promise<void>((resolve) => local.listen({ path: socketPath, writableAll: true }, resolve));
    try {
      for (const own of [false, true]) {
        socketRequests.length = 0;
        s = await scriptedSession((_request, index) =>
          index === 0
            ? bash(
                `sh -c 'curl -sS -m 5 ${session().api.url}/metadata-probe; echo; curl -sS -m 5 --unix-socket ${socketPath} http://local/socket-probe; echo; echo LO=$(cat /sys/class/net/lo/operstate); echo SOCKET=$ANTHROPIC_UNIX_SOCKET'`,
                "toolu_curl",
              )
            : { kind: "text", text: "done" },
        );
        const outcome = await runSession({
          ...s.options(),
          policy: allowCommands("sh"),
          agentUser: own ? agent : { ...agent, pidNamespace: undefined, networkNamespace: undefined },
        }).outcome;
        expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
        const probes = s.api.requests.filter((r) => r.path.startsWith("/metadata-probe"));
        const seen = toolResultText(session(), "toolu_curl");
        if (own) {
          expect(probes).toHaveLength(0);
          expect(seen).toContain("curl: (7)");
          // Its loopback is up (a test suite may listen on it), and it is its own.
          expect(seen).toContain("LO=unknown");
          expect(seen).toMatch(/SOCKET=\S+model-api\.sock/);
          expect(outcome.confinement).toContain("no network but the model API (own network namespace)");
          // Both model requests came through the socket: the session ran to its end.
          expect(s.api.mainRequests).toHaveLength(2);
          // /run is empty to it: the local service's socket is not there.
          expect(socketRequests).toEqual([]);
          expect(seen).not.toContain("LOCAL-SERVICE");
          expect(outcome.confinement).toMatch(/ \/run(,| and)[^·]* hidden|\/run hidden/);
        } else {
          expect(probes).toHaveLength(1);
          expect(socketRequests).toEqual(["/socket-probe"]);
          expect(outcome.confinement).toContain("host network (its launch makes no namespace)");
        }
        await s.cleanup();
        s = undefined;
      }
    } finally {
      await new Promise((resolve) => local.close(resolve));
    }
  });

  it("keeps the host's network where the job grants the network (WebFetch), and says why", async () => {
    s = await scriptedSession((_request, index) =>
      index === 0
        ? bash(`curl -sS -m 5 ${session().api.url}/metadata-probe`, "toolu_curl")
        : { kind: "text", text: "done" },
    );
    const outcome = await runSession({
      ...s.options(),
      policy: allowCommands("curl").withRules([{ id: "allow-fetch", effect: "allow", tools: ["WebFetch"] }]),
      agentUser: agent,
    }).outcome;
    expect(outcome.exitCode).toBe(0);
    expect(s.api.requests.filter((r) => r.path.startsWith("/metadata-probe"))).toHaveLength(1);
    expect(outcome.confinement).toContain("host network (WebFetch is allowed)");
  });
});

describe("the CLI's own Bash sandbox (bubblewrap)", () => {
  it("blocks the network from Bash, also to loopback, while the same call gets through without it", async () => {
    for (const sandboxed of [false, true]) {
      s = await scriptedSession((_request, index) =>
        index === 0
          ? bash(`curl -sS -m 5 ${session().api.url}/sandbox-probe`, "toolu_curl")
          : { kind: "text", text: "done" },
      );
      const outcome = await runSession({
        ...s.options(),
        policy: allowCommands("curl"),
        // The plain launch: the agent's own network namespace would block the call on its own.
        agentUser: { ...agent, pidNamespace: undefined, networkNamespace: undefined },
        ...(sandboxed ? { bashSandbox: { allowedDomains: [], required: true } } : {}),
      }).outcome;
      expect(outcome.exitCode).toBe(0);
      const probes = s.api.requests.filter((r) => r.path.startsWith("/sandbox-probe"));
      // The sandbox does not take Bash out of the policy's hands (autoAllowBashIfSandboxed: false).
      expect(outcome.policyDecisions.map((d) => `${d.toolName}:${d.ruleId}`)).toEqual(["Bash:allow-probe"]);
      if (sandboxed) {
        expect(toolResultText(session(), "toolu_curl")).toContain("curl: (7) Failed to connect to 127.0.0.1");
        expect(probes).toHaveLength(0);
        expect(outcome.confinement).toContain("Bash sandbox: on (bubblewrap; network: none");
      } else {
        expect(probes).toHaveLength(1);
      }
      await s.cleanup();
      s = undefined;
    }
  });

  it("runs inside the agent's own network namespace: Bash commands still run sandboxed", async () => {
    s = await scriptedSession((_request, index) =>
      index === 0 ? bash("curl -sS -m 5 http://127.0.0.1:9/x", "toolu_curl") : { kind: "text", text: "done" },
    );
    const outcome = await runSession({
      ...s.options(),
      policy: allowCommands("curl"),
      agentUser: agent,
      bashSandbox: { allowedDomains: [], required: true },
    }).outcome;
    expect(outcome.exitCode, outcome.failureReasons.join("\n")).toBe(0);
    expect(toolResultText(session(), "toolu_curl")).toContain("curl: (7)");
    expect(outcome.confinement).toContain("no network but the model API");
    expect(outcome.confinement).toContain("Bash sandbox: on (bubblewrap; network: none");
  });
});

function session(): ScriptedSession {
  if (!s) throw new Error("no session");
  return s;
}
