import { mkdir, mkdtemp, realpath, rm, stat, symlink } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { agentLaunch } from "../../src/runner/isolation/agent-launch.js";
import { mountThenExec, planAgentMounts } from "../../src/runner/isolation/agent-mounts.js";
import { makeTempDir } from "../harness/temp-dir.js";

describe("planAgentMounts", () => {
  it("covers /tmp, /var/tmp and /dev/shm with directories of the session's own, grafting back what the session needs", async () => {
    // makeTempDir's directories are in /tmp, as a session's root and a door's config dir are.
    const root = await realpath(await makeTempDir("private-temp-root"));
    const elsewhere = await realpath(await makeTempDir("private-temp-config"));
    const config = path.join(elsewhere, "session", "attempt-0");
    await mkdir(config, { recursive: true });
    const inside = path.join(root, "home");
    await mkdir(inside);

    const made = await planAgentMounts(root, {
      needed: [config, inside, "/usr/bin", path.join(root, "missing")],
      hidden: [],
      workDir: inside,
    });

    const own = (name: string) => path.join(root, "own-temp", name);
    expect(made.dirs).toEqual([own("tmp"), own("var-tmp"), own("dev-shm")]);
    expect(made.ownTemp).toEqual(["/tmp", "/var/tmp", "/dev/shm"]);
    expect(made.hidden).toEqual([]);
    expect(made.enter).toBe(inside);
    for (const dir of made.dirs) expect((await stat(dir)).mode & 0o777).toBe(0o700);
    // The root and the config dir lie in /tmp: each is bound onto its own path inside the cover first;
    // the home inside the root comes with it, /usr/bin is not covered, a missing dir is no graft.
    const graftOf = (dir: string) => path.join(own("tmp"), path.relative("/tmp", dir));
    expect(made.mounts).toEqual([
      { kind: "--bind", source: root, target: graftOf(root) },
      { kind: "--bind", source: config, target: graftOf(config) },
      // Last, the cover over the root's own place: the other covers' sources are reached through it.
      { kind: "--rbind", source: own("var-tmp"), target: "/var/tmp" },
      { kind: "--rbind", source: own("dev-shm"), target: "/dev/shm" },
      { kind: "--rbind", source: own("tmp"), target: "/tmp" },
    ]);
    for (const graft of made.mounts.filter((m) => m.kind === "--bind"))
      expect((await stat(graft.target)).isDirectory()).toBe(true);
  });

  it("grafts a directory named through a symlink at the path it is named by, as a runner's tool cache names the CLI", async () => {
    const root = await realpath(await makeTempDir("private-temp-root"));
    const cache = await realpath(await makeTempDir("private-temp-toolcache"));
    // The tool cache's package directory is a symlink to an install outside the covered dirs.
    const install = await mkdtemp(
      path.join(process.cwd(), "node_modules", ".cache", "private-temp-install-"),
    );
    try {
      await mkdir(path.join(install, "bin"));
      await mkdir(path.join(cache, "node_modules"));
      await symlink(install, path.join(cache, "node_modules", "claude-code"));
      const named = path.join(cache, "node_modules", "claude-code", "bin");
      const made = await planAgentMounts(root, { needed: [named], hidden: [], workDir: root });
      const tmp = path.join(root, "own-temp", "tmp");
      // Bound at the path exec walks; the install itself only where a covered dir holds it (a clone
      // under /tmp, as CI's).
      expect(made.mounts).toContainEqual({
        kind: "--bind",
        source: named,
        target: path.join(tmp, path.relative("/tmp", named)),
      });
      const installBin = path.join(await realpath(install), "bin");
      expect(made.mounts.some((m) => m.source === installBin)).toBe(installBin.startsWith("/tmp/"));
    } finally {
      await rm(install, { recursive: true, force: true });
    }
  });

  it("hides the runner's directories behind empty ones it can pass through but not list, with what the agent needs grafted inside", async () => {
    const root = await realpath(await makeTempDir("private-temp-root"));
    // A runner's directory outside the shared temp dirs, holding the CLI the agent runs.
    const runner = await mkdtemp(path.join("/var/lib", "cpr-runner-"));
    try {
      const cli = path.join(runner, "_work", "_actions", "bin");
      await mkdir(cli, { recursive: true });
      const made = await planAgentMounts(root, {
        needed: [cli],
        // `/`, a directory inside /tmp, one holding /tmp and a missing one hide nothing.
        hidden: [runner, path.join(runner, "_work"), "/", root, "/var", path.join(runner, "missing")],
        workDir: root,
      });
      const cover = path.join(root, "hidden", runner.slice(1).replaceAll("/", "-"));
      expect(made.hidden).toEqual([runner]);
      expect(made.dirs).not.toContain(cover); // never handed to the agent's user
      expect(made.mounts).toContainEqual({ kind: "--rbind", source: cover, target: runner });
      expect(made.mounts).toContainEqual({
        kind: "--bind",
        source: cli,
        target: path.join(cover, "_work", "_actions", "bin"),
      });
      // The grafts come before every cover, each cover once.
      const firstCover = made.mounts.findIndex((m) => m.kind === "--rbind");
      expect(made.mounts.slice(firstCover).every((m) => m.kind === "--rbind")).toBe(true);
      expect(made.mounts.filter((m) => m.kind === "--rbind")).toHaveLength(4);
      expect((await stat(cover)).mode & 0o777).toBe(0o711);
      expect((await stat(path.join(cover, "_work"))).mode & 0o777).toBe(0o711);
    } finally {
      await rm(runner, { recursive: true, force: true });
    }
  });

  it("goes into the contained launch as root, before the drop to the agent's user, as root and through sudo", async () => {
    const mounts = [{ kind: "--rbind" as const, source: "/tmp/s/shared-temp/tmp", target: "/tmp" }];
    const plan = { mounts, enter: "/tmp/s/workspace" };
    const words = mountThenExec(plan);
    expect(words).toEqual([
      "/bin/sh",
      "-c",
      expect.stringContaining("set -e;"),
      "sh",
      "/tmp/s/workspace",
      "",
      "--rbind",
      "/tmp/s/shared-temp/tmp",
      "/tmp",
      "--",
    ]);
    const user = { name: "claude-agent", uid: 990, gid: 991, pidNamespace: { contained: true as const } };
    const env = { PATH: "/usr/bin" };
    for (const via of ["root", "sudo"] as const) {
      const { args } = agentLaunch("/bin/claude", ["-p"], env, { ...user, via }, plan);
      const start = args.indexOf("--mount-proc") + 2;
      expect(args.slice(start, start + words.length)).toEqual(words);
      expect(args[start + words.length]).toBe("setpriv");
    }
    // Without a namespace there is no mount namespace to make them in: the launch is the plain one.
    const plain = agentLaunch(
      "/bin/claude",
      ["-p"],
      env,
      { ...user, pidNamespace: undefined, via: "root" },
      plan,
    );
    expect(plain).toMatchObject({ command: "/bin/claude", args: ["-p"] });
  });

  it("with a network namespace, the launch adds --net and its shell brings the loopback up with the ip it was given", () => {
    const plan = { mounts: [], enter: "/tmp/s/workspace" };
    const user = { name: "claude-agent", uid: 990, gid: 991, pidNamespace: { contained: true as const } };
    for (const via of ["root", "sudo"] as const) {
      const { args } = agentLaunch("/bin/claude", ["-p"], { PATH: "/usr/bin" }, { ...user, via }, plan, {
        loopbackUp: "/usr/sbin/ip",
      });
      const unshare = args.indexOf("unshare");
      const words = via === "root" ? args : args.slice(unshare + 1);
      expect(words.slice(0, 6)).toEqual(["--pid", "--fork", "--kill-child", "--mount-proc", "--net", "--"]);
      expect(words.slice(6, 11)).toEqual([
        "/bin/sh",
        "-c",
        expect.stringContaining('"$lo" link set lo up'),
        "sh",
        "/tmp/s/workspace",
      ]);
      expect(words.slice(11, 13)).toEqual(["/usr/sbin/ip", "--"]);
    }
    // Without ip, the namespace is still made; its loopback stays down, and no shell is needed.
    const { args } = agentLaunch(
      "/bin/claude",
      ["-p"],
      { PATH: "/usr/bin" },
      { ...user, via: "root" },
      plan,
      {
        loopbackUp: undefined,
      },
    );
    expect(args.slice(0, 7)).toEqual([
      "--pid",
      "--fork",
      "--kill-child",
      "--mount-proc",
      "--net",
      "--",
      "setpriv",
    ]);
  });
});
