import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, chown, mkdir, mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { CLAUDE_BIN } from "../harness/claude-cli.js";
import { ScriptedMessagesApi, toolResultsOf } from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";

// The host as GitHub-hosted runners have it: not root, with passwordless sudo. The runner reaches
// the agent's user only through `sudo -n` there, which is the launch most users get; this machine
// runs the suite as root, so the test makes such a host user and runs the runner as it, with the
// real CLI against the scripted API. It needs `sudo` installed (`.ci/run` installs it).
vi.setConfig({ testTimeout: 120_000 });
const run = promisify(execFile);
const HOST_USER = "cpr-sudo-host";
const SUDOERS = `/etc/sudoers.d/${HOST_USER}`;
const SESSION = path.resolve(fileURLToPath(import.meta.url), "../fixtures/sudo-host-session.ts");

let hostUid: number;
let hostGid: number;
beforeAll(async () => {
  if (!existsSync("/usr/bin/sudo"))
    throw new Error("sudo is not installed: apt-get install sudo (bash .ci/run installs it)");
  await run("id", ["-u", HOST_USER]).catch(() =>
    run("useradd", ["--system", "--user-group", "--create-home", "--shell", "/bin/sh", HOST_USER]),
  );
  hostUid = Number((await run("id", ["-u", HOST_USER])).stdout.trim());
  hostGid = Number((await run("id", ["-g", HOST_USER])).stdout.trim());
  await writeFile(SUDOERS, `${HOST_USER} ALL=(ALL) NOPASSWD:ALL\n`, { mode: 0o440 });
});
afterAll(async () => {
  // The grant is the test's own; the user stays (useradd is idempotent above).
  await run("rm", ["-f", SUDOERS]);
});

/** Runs the fixture as the host user (no root, passwordless sudo) and returns its JSON line. */
function sessionAsSudoHost(config: Record<string, unknown>): Promise<Record<string, unknown>> {
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
      { cwd: path.resolve(fileURLToPath(import.meta.url), "../../..") },
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
        reject(new Error(`the sudo host exited ${code}: ${err.slice(-2000)}`));
      else resolve(JSON.parse(line) as Record<string, unknown>);
    });
  });
}

describe("a host with passwordless sudo, as GitHub-hosted runners are (real CLI)", () => {
  it("runs the agent as its own user in its own PID namespace through sudo; what the agent detaches dies with the session", async () => {
    const marker = `51.${process.pid}`;
    // Hostile: a file left in /tmp for the runner's later jobs, and a call to a service on the runner's
    // loopback (the scripted model API stands in for the instance metadata service).
    const planted = `/tmp/planted-by-agent-${process.pid}`;
    const api: ScriptedMessagesApi = await ScriptedMessagesApi.start((_request, index) =>
      index === 0
        ? {
            kind: "tool_use",
            name: "Bash",
            input: {
              command: `sh -c 'id -u; echo USER=$USER; echo TMPDIR=$TMPDIR; touch ${planted} && echo PLANTED; curl -sS -m 5 ${api.url}/metadata-probe; setsid -f sleep ${marker} >/dev/null 2>&1 </dev/null'`,
              description: "probe",
            },
            id: "toolu_probe",
          }
        : { kind: "text", text: "done" },
    );
    const workspace = await makeTempDir("sudo-host-ws");
    try {
      await writeFile(path.join(workspace, "README.md"), "hello\n");
      await chown(workspace, hostUid, hostGid);
      await chown(path.join(workspace, "README.md"), hostUid, hostGid);
      const seen = await sessionAsSudoHost({ apiUrl: api.url, workspace, claudePath: CLAUDE_BIN });

      expect(seen).toMatchObject({
        hostUid,
        via: "sudo",
        pidNamespace: { contained: true },
        exitCode: 0,
      });
      expect(seen.summary).toContain("via sudo -n), not as the host, in a PID namespace of its own");
      expect(seen.confinement).toContain("own PID namespace");
      // It wrote /tmp, its own, which went with the session.
      expect(seen.confinement).toContain("own /tmp, /var/tmp and /dev/shm, removed with the session");
      expect(existsSync(planted)).toBe(false);
      // It reached no service on the runner, and the model only through the proxy's socket.
      expect(seen.confinement).toContain("no network but the model API (own network namespace)");
      expect(api.requests.filter((r) => r.path.startsWith("/metadata-probe"))).toHaveLength(0);
      expect(api.mainRequests).toHaveLength(2);
      const agentUid = (await run("id", ["-u", "claude-agent"])).stdout.trim();
      const probe = JSON.stringify(
        api.mainRequests.flatMap((r) => toolResultsOf(r)).find((r) => r.tool_use_id === "toolu_probe")
          ?.content,
      );
      expect(probe).toContain("PLANTED");
      // The agent ran as its own user, with USER set as `sudo -u` would, not as root or the host.
      expect(probe).toContain(agentUid);
      expect(probe).toContain("USER=claude-agent");
      // Its TMPDIR is the session's own even through sudo, whose setuid start makes glibc drop
      // TMPDIR from the environment before --preserve-env could keep it: without it the CLI's working
      // files would go to /tmp/claude-<uid>, shared by every session of that user on the runner.
      expect(probe).toMatch(/TMPDIR=\/\S*\/claude-pr-runner-[^/\s]+\/tmp\\n/);
      const survivors = await run("pgrep", ["-x", "-f", `sleep ${marker}`]).then(
        (r) => r.stdout.trim(),
        () => "",
      );
      expect(survivors).toBe("");
    } finally {
      await run("pkill", ["-KILL", "-f", `sleep ${marker}`]).catch(() => {});
      await rm(planted, { force: true });
      await api.close();
      await rm(workspace, { recursive: true, force: true });
    }
  });

  it("closes the runner's own credentials to the agent's user for the session: its HOME's, the runner application's and the file commands", async () => {
    // A runner user's HOME is world-traversable on many hosts (useradd's default here, 0755), and
    // tools write their credential files with the umask's 0644: ~/.npmrc with a registry token. The
    // runner application keeps its own credentials in its install directory, and what earlier steps
    // wrote to GITHUB_ENV sits in RUNNER_TEMP/_runner_file_commands, 0644 too, as does each earlier
    // `run:` step's script, its secrets expanded in its text. A PR's command names
    // the paths; the agent's own uid was the only layer, and the kernel let it read them.
    const canaries = {
      npmrc: `npm_${"N".repeat(36)}`,
      runner: `RUNNER-CREDENTIAL-${process.pid}`,
      env: `ENV-FROM-EARLIER-STEP-${process.pid}`,
      script: `STEP-SCRIPT-SECRET-${process.pid}`,
      kubeconfig: `KUBE-TOKEN-${process.pid}`,
      docker: `DOCKER-AUTH-${process.pid}`,
    };
    const home = `/home/${HOST_USER}`;
    const npmrc = path.join(home, ".npmrc");
    // Where a runner lives (/home/runner/actions-runner): outside /tmp, which the agent's namespace
    // replaces with its own.
    const install = await mkdtemp(path.join(home, "actions-runner-"));
    const runnerWorkspace = path.join(install, "_work", "app");
    const runnerTemp = path.join(install, "_work", "_temp");
    const fileCommands = path.join(runnerTemp, "_runner_file_commands");
    const setEnv = path.join(fileCommands, "set_env_0c1d");
    const credentials = path.join(install, ".credentials");
    // An earlier `run:` step's script, written by the runner with its secrets expanded in it.
    const stepScript = path.join(runnerTemp, "0b6d2f4e-8a1c-4c3e-9f7a-2d5b6c8e1a3f.sh");
    // Files an earlier step's action wrote and named in a variable it exported (azure/k8s-set-context's
    // KUBECONFIG under RUNNER_TEMP; docker/login-action with DOCKER_CONFIG set).
    const kubeconfig = path.join(runnerTemp, "kubeconfig_1733550000000");
    const dockerConfig = path.join(runnerTemp, "docker-config");
    const dockerAuth = path.join(dockerConfig, "config.json");
    const files = [npmrc, credentials, setEnv, stepScript, kubeconfig, dockerAuth];
    const apis: ScriptedMessagesApi[] = [];
    try {
      await mkdir(fileCommands, { recursive: true });
      await mkdir(runnerWorkspace, { recursive: true });
      await writeFile(npmrc, `//registry.npmjs.org/:_authToken=${canaries.npmrc}\n`, { mode: 0o644 });
      await writeFile(credentials, JSON.stringify({ token: canaries.runner }), { mode: 0o644 });
      await writeFile(setEnv, `DEPLOY_TOKEN=${canaries.env}\n`, { mode: 0o644 });
      await writeFile(
        stepScript,
        `curl -H 'Authorization: Bearer ${canaries.script}' https://example.com\n`,
        {
          mode: 0o644,
        },
      );
      await writeFile(kubeconfig, `users:\n- user:\n    token: ${canaries.kubeconfig}\n`, { mode: 0o644 });
      await mkdir(dockerConfig);
      await writeFile(dockerAuth, JSON.stringify({ auths: { "ghcr.io": { auth: canaries.docker } } }), {
        mode: 0o644,
      });
      await writeFile(path.join(runnerWorkspace, "README.md"), "hello\n");
      // Only what the test made changes owner: the install directory and what is in it.
      for (const made of [
        install,
        path.join(install, "_work"),
        runnerWorkspace,
        path.join(runnerWorkspace, "README.md"),
        runnerTemp,
        fileCommands,
        setEnv,
        stepScript,
        kubeconfig,
        dockerConfig,
        dockerAuth,
        credentials,
        npmrc,
      ])
        await chown(made, hostUid, hostGid);
      for (const dir of [
        install,
        path.join(install, "_work"),
        runnerWorkspace,
        runnerTemp,
        fileCommands,
        dockerConfig,
      ])
        await chmod(dir, 0o755);

      // Each layer alone: the agent's uid without its namespaces meets the files closed by mode; in
      // its namespace, the runner user's HOME (which holds this runner) is not even there.
      for (const withoutNamespace of [true, false]) {
        const api = await ScriptedMessagesApi.start([
          {
            kind: "tool_use",
            name: "Bash",
            input: { command: `sh -c 'cat ${files.join(" ")}; true'`, description: "read" },
            id: "toolu_read",
          },
          { kind: "text", text: "done" },
        ]);
        apis.push(api);
        const seen = await sessionAsSudoHost({
          apiUrl: api.url,
          workspace: runnerWorkspace,
          claudePath: CLAUDE_BIN,
          withoutNamespace,
          env: {
            RUNNER_TEMP: runnerTemp,
            RUNNER_WORKSPACE: runnerWorkspace,
            KUBECONFIG: kubeconfig,
            DOCKER_CONFIG: dockerConfig,
          },
        });

        expect(seen).toMatchObject({ via: "sudo", exitCode: 0 });
        // The log says so: ~/.npmrc, .credentials, the file commands, the step script, the kubeconfig
        // and the Docker config.
        expect(seen.confinement).toContain("6 credential paths it could read, closed for the session");
        const read = JSON.stringify(
          api.mainRequests.flatMap((r) => toolResultsOf(r)).find((r) => r.tool_use_id === "toolu_read")
            ?.content,
        );
        // The command ran, and each file was closed to it, or hidden with the whole HOME.
        const refused = withoutNamespace ? /Permission denied/g : /No such file or directory/g;
        expect(read.match(refused) ?? [], read).toHaveLength(6);
        if (!withoutNamespace)
          expect(seen.confinement).toMatch(new RegExp(`· ${home.replaceAll("/", "\\/")}[^·]* hidden`));
        const everything = JSON.stringify(api.requests.map((r) => r.body));
        for (const canary of Object.values(canaries)) expect(everything).not.toContain(canary);
        // Each is given its mode back afterwards: the runner's later steps find them as they were.
        for (const file of files) expect((await stat(file)).mode & 0o777).toBe(0o644);
        expect((await stat(fileCommands)).mode & 0o777).toBe(0o755);
      }
    } finally {
      for (const api of apis) await api.close();
      await rm(npmrc, { force: true });
      await rm(install, { recursive: true, force: true });
    }
  });
});
