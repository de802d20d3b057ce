import { homedir } from "node:os";
import { describe, expect, it } from "vitest";
import { RunnerConfigError } from "../../src/runner/index.js";
import { agentLaunch } from "../../src/runner/isolation/agent-launch.js";
import type { CommandResult, HostCommands } from "../../src/runner/isolation/host-commands.js";
import { decideIsolation, IsolationUnavailableError } from "../../src/runner/isolation/isolation-decision.js";

/**
 * Hosts this machine is not (a runner user with or without passwordless sudo), scripted at the
 * command boundary: every command the decision runs is recorded and answered from a table.
 */
function fakeHost(options: {
  root?: boolean;
  sudo?: boolean;
  users?: Record<string, string>;
  /** What `unshare --pid` answers: made, or refused as in a container without CAP_SYS_ADMIN. */
  pidNamespace?: boolean;
  /** What the same launch answers with `--net` (default: as pidNamespace). */
  networkNamespace?: boolean;
}) {
  const calls: string[] = [];
  const users = { ...options.users };
  const host: HostCommands = {
    isRoot: options.root ?? false,
    uid: options.root ? 0 : 1001,
    gid: options.root ? 0 : 1001,
    run: async (command, args): Promise<CommandResult> => {
      calls.push([command, ...args].join(" "));
      const [real, ...rest] = command === "sudo" ? args.slice(1) : [command, ...args];
      if (command === "sudo" && !options.sudo)
        return { code: 1, stdout: "", stderr: "sudo: a password is required" };
      if (real === "true") return { code: 0, stdout: "", stderr: "" };
      if (real === "unshare" && rest.includes("--net") && options.networkNamespace === false)
        return { code: 2, stdout: "", stderr: "RTNETLINK answers: Operation not permitted\n" };
      if (real === "unshare" && options.pidNamespace !== undefined)
        return options.pidNamespace
          ? { code: 0, stdout: "", stderr: "" }
          : { code: 1, stdout: "", stderr: "unshare: unshare failed: Operation not permitted\n" };
      if (real === "getent") {
        const entry = users[rest[1] ?? ""];
        return entry ? { code: 0, stdout: `${entry}\n`, stderr: "" } : { code: 2, stdout: "", stderr: "" };
      }
      if (real === "useradd") {
        const name = rest.at(-1) as string;
        users[name] = `${name}:x:990:990::/nonexistent:/usr/sbin/nologin`;
        return { code: 0, stdout: "", stderr: "" };
      }
      return { code: 127, stdout: "", stderr: `unexpected ${real}` };
    },
  };
  return { host, calls };
}

describe("decideIsolation", () => {
  it("without root or sudo, an untrusted job fails closed when the setting says fail", async () => {
    const { host } = fakeHost({});
    const decision = decideIsolation({
      agentUser: "claude-agent",
      untrusted: true,
      onNoIsolation: "fail",
      host,
    });
    await expect(decision).rejects.toBeInstanceOf(IsolationUnavailableError);
    await expect(decision).rejects.toThrow(
      /passwordless sudo .* on_no_isolation is "fail": this untrusted job was not run/,
    );
    // sudo's own reason is kept, so a runner whose sudo failed for once says why.
    await expect(decision).rejects.toThrow(/\(sudo: a password is required\)/);
  });

  it("a sudo that fails without a word is named by its exit code", async () => {
    const host: HostCommands = {
      isRoot: false,
      uid: 1001,
      gid: 1001,
      run: async () => ({ code: 124, stdout: "", stderr: "" }),
    };
    const decision = decideIsolation({
      agentUser: "claude-agent",
      untrusted: true,
      onNoIsolation: "fail",
      host,
    });
    await expect(decision).rejects.toThrow(/sudo -n\) is not available \(sudo exited 124\)/);
  });

  it("without root or sudo, an untrusted job runs without Bash and says so", async () => {
    const { host } = fakeHost({});
    const decision = await decideIsolation({
      agentUser: "claude-agent",
      untrusted: true,
      onNoIsolation: "no-bash",
      host,
    });
    expect(decision.kind).toBe("no-bash");
    expect(decision.summary).toMatch(/runs without the Bash tool \(on_no_isolation: no-bash\)/);
  });

  it("a trusted job keeps Bash on the host's user, and the summary says there is no isolation", async () => {
    const { host } = fakeHost({});
    const decision = await decideIsolation({
      agentUser: "claude-agent",
      untrusted: false,
      onNoIsolation: "fail",
      host,
    });
    expect(decision).toMatchObject({ kind: "same-user" });
    expect(decision.summary).toMatch(/^Agent isolation: none/);
  });

  it("agent user none turns the separate user off, even where sudo works", async () => {
    const { host, calls } = fakeHost({ sudo: true });
    const decision = await decideIsolation({
      agentUser: undefined,
      untrusted: true,
      onNoIsolation: "no-bash",
      host,
    });
    expect(decision.kind).toBe("no-bash");
    expect(calls).toEqual([]);
  });

  it("with passwordless sudo, creates the user once through sudo and switches to it via sudo", async () => {
    const { host, calls } = fakeHost({ sudo: true });
    const first = await decideIsolation({
      agentUser: "claude-agent",
      untrusted: true,
      onNoIsolation: "fail",
      host,
    });
    expect(first).toMatchObject({
      kind: "separate-user",
      user: { name: "claude-agent", uid: 990, via: "sudo" },
    });
    expect(calls).toContain(
      "sudo -n useradd --system --user-group --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin claude-agent",
    );
    calls.length = 0;
    await decideIsolation({ agentUser: "claude-agent", untrusted: true, onNoIsolation: "fail", host });
    expect(calls.some((c) => c.includes("useradd"))).toBe(false); // idempotent
  });

  it("refuses a user with the host's power and a malformed name", async () => {
    const { host } = fakeHost({ root: true, users: { toor: "toor:x:0:0::/root:/bin/sh" } });
    await expect(
      decideIsolation({ agentUser: "toor", untrusted: true, onNoIsolation: "fail", host }),
    ).rejects.toThrow(/uid 0, the same power as the host/);
    await expect(
      decideIsolation({ agentUser: "Bad Name;rm", untrusted: true, onNoIsolation: "fail", host }),
    ).rejects.toBeInstanceOf(RunnerConfigError);
  });
});

describe("the agent's PID namespace", () => {
  it("is probed with the launch's own prefix, as root or through sudo, and the summary says it contains", async () => {
    for (const via of ["root", "sudo"] as const) {
      const { host, calls } = fakeHost({ root: via === "root", sudo: via === "sudo", pidNamespace: true });
      const decision = await decideIsolation({
        agentUser: "claude-agent",
        untrusted: true,
        onNoIsolation: "fail",
        host,
      });
      expect(decision).toMatchObject({
        kind: "separate-user",
        user: { pidNamespace: { contained: true }, networkNamespace: { available: true } },
      });
      expect(decision.summary).toContain(
        ", in a PID namespace of its own (nothing it starts outlives the session) with /tmp, /var/tmp and /dev/shm of its own (nothing it writes there outlives the session either) and the runner's HOME and directories hidden, and in a network namespace of its own, where it reaches nothing but the model API, unless the job grants the network.",
      );
      // The whole launch, with its network namespace (loopback up with `ip` where it is installed) and
      // the session's own temp dirs' mounts (for a scratch root); once, as it was made.
      const probes = calls.filter((c) => c.includes("unshare"));
      expect(probes).toHaveLength(1);
      expect(probes[0]).toMatch(
        new RegExp(
          `^${via === "sudo" ? "sudo -n " : ""}unshare --pid --fork --kill-child --mount-proc --net -- /bin/sh -c .* sh (\\S+) (?:\\S+/ip)? --bind \\1 \\S+/own-temp/tmp/\\S+ --rbind \\1/own-temp/var-tmp /var/tmp --rbind \\1/own-temp/dev-shm /dev/shm --rbind \\1/hidden/\\S+ ${homedir()} --rbind \\1/own-temp/tmp /tmp -- setpriv --reuid=990 --regid=990 --clear-groups -- true$`,
        ),
      );
    }
  });

  it("where the network namespace cannot be made, the PID and mount namespaces stay, probed again without it", async () => {
    const { host, calls } = fakeHost({ root: true, pidNamespace: true, networkNamespace: false });
    const decision = await decideIsolation({
      agentUser: "claude-agent",
      untrusted: true,
      onNoIsolation: "fail",
      host,
    });
    expect(decision).toMatchObject({
      kind: "separate-user",
      user: {
        pidNamespace: { contained: true },
        networkNamespace: {
          available: false,
          reason: "no network namespace: RTNETLINK answers: Operation not permitted",
        },
      },
    });
    const probes = calls.filter((c) => c.startsWith("unshare"));
    expect(probes.map((c) => c.includes(" --net "))).toEqual([true, false]);
    expect(decision.summary).toContain(
      "; it keeps the host's network (no network namespace: RTNETLINK answers: Operation not permitted)",
    );
  });

  it("where it cannot be made, the user still runs apart and the summary says what can outlive the session, and why", async () => {
    const { host } = fakeHost({ root: true, pidNamespace: false });
    const decision = await decideIsolation({
      agentUser: "claude-agent",
      untrusted: true,
      onNoIsolation: "fail",
      host,
    });
    expect(decision).toMatchObject({
      kind: "separate-user",
      user: {
        pidNamespace: {
          contained: false,
          reason: "no PID namespace of its own: unshare: unshare failed: Operation not permitted",
        },
      },
    });
    expect(decision.summary).toMatch(
      /not as the host; processes it detaches, and files it writes to \/tmp, \/var\/tmp and \/dev\/shm, can outlive the session, and the runner's directories are not hidden \(no PID namespace of its own: unshare: unshare failed: Operation not permitted\)\.$/,
    );
  });

  it("a contained launch starts the CLI through unshare and setpriv: root needs no uid switch of Node's, sudo runs as root", () => {
    const env = { PATH: "/opt/node/bin:/usr/bin", HOME: "/tmp/h", ANTHROPIC_BASE_URL: "http://127.0.0.1:9" };
    const user = { name: "claude-agent", uid: 990, gid: 991, pidNamespace: { contained: true as const } };
    const prefix = [
      "--pid",
      "--fork",
      "--kill-child",
      "--mount-proc",
      "--",
      "setpriv",
      "--reuid=990",
      "--regid=991",
      "--clear-groups",
      "--",
    ];
    expect(agentLaunch("/bin/claude", ["-p"], env, { ...user, via: "root" })).toEqual({
      command: "unshare",
      args: [...prefix, "/bin/claude", "-p"],
    });
    const sudo = agentLaunch("/bin/claude", ["-p"], env, { ...user, via: "sudo" });
    expect(sudo.command).toBe("sudo");
    expect(sudo.args).toEqual([
      "-n",
      "--preserve-env=HOME,ANTHROPIC_BASE_URL",
      "--",
      "unshare",
      ...prefix,
      "/usr/bin/env",
      "PATH=/opt/node/bin:/usr/bin",
      "USER=claude-agent",
      "LOGNAME=claude-agent",
      "/bin/claude",
      "-p",
    ]);
    expect(sudo.args.join(" ")).not.toContain("127.0.0.1");
    expect(sudo.signalGroup).toBeTypeOf("function");
  });
});

describe("agentLaunch", () => {
  const env = {
    PATH: "/opt/node/bin:/usr/bin",
    HOME: "/tmp/h",
    TMPDIR: "/tmp/s/tmp",
    ANTHROPIC_BASE_URL: "http://127.0.0.1:9",
  };

  it("root switches uid/gid in spawn; sudo passes variables by name, and PATH and TMPDIR (which sudo's start drops) explicitly", () => {
    const user = { name: "claude-agent", uid: 990, gid: 991 };
    expect(agentLaunch("/bin/claude", ["-p"], env, { ...user, via: "root" })).toMatchObject({
      command: "/bin/claude",
      args: ["-p"],
      uid: 990,
      gid: 991,
    });
    const sudo = agentLaunch("/bin/claude", ["-p"], env, { ...user, via: "sudo" });
    expect(sudo.command).toBe("sudo");
    expect(sudo.args).toEqual([
      "-n",
      "-u",
      "claude-agent",
      "--preserve-env=HOME,ANTHROPIC_BASE_URL",
      "--",
      "/usr/bin/env",
      "PATH=/opt/node/bin:/usr/bin",
      "TMPDIR=/tmp/s/tmp",
      "/bin/claude",
      "-p",
    ]);
    // No value but PATH and TMPDIR is on the command line, where any local user could read it in /proc.
    expect(sudo.args.join(" ")).not.toContain("127.0.0.1");
    expect(sudo.signalGroup).toBeTypeOf("function");
    expect(agentLaunch("/bin/claude", ["-p"], env, undefined)).toEqual({
      command: "/bin/claude",
      args: ["-p"],
    });
  });
});
