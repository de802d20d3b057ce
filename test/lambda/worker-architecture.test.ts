import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { App } from "aws-cdk-lib";
import { Annotations, Match, Template } from "aws-cdk-lib/assertions";
import { afterAll, describe, expect, it } from "vitest";
import {
  ClaudePrRunnerStack,
  REPO_ROOT,
  type WorkerArchitecture,
} from "../../lambda/infra/claude-pr-runner-stack.js";
import { dockerfileBaseImage, isDigestPinned } from "../../lambda/infra/worker-base-image.js";

// The worker/agent image on either CPU, and the base image pinned by digest. No Docker engine and no
// registry here: the image is staged (not built), the CLI's platform package is resolved by npm from
// the image's own lockfile without a download, and the pin script runs against a stand-in `crane`.
const DIGEST = `sha256:${"a1".repeat(32)}`;
const PINNED = `public.ecr.aws/lambda/nodejs:24@${DIGEST}`;
const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function synth(context: Record<string, unknown>, architecture?: WorkerArchitecture) {
  const outdir = tempDir("cdk-arch-");
  const app = new App({
    outdir,
    context: { "aws:cdk:bundling-stacks": [], ...context },
    builtinCloudFormationValidation: false,
  });
  const stack = new ClaudePrRunnerStack(app, "ArchTest", {
    env: { account: "123456789012", region: "eu-west-1" },
    ...(architecture ? { workerArchitecture: architecture } : {}),
  });
  const template = Template.fromStack(stack);
  const manifest = JSON.parse(readFileSync(path.join(outdir, "ArchTest.assets.json"), "utf8")) as {
    dockerImages: Record<string, { source: { platform?: string; dockerBuildArgs?: Record<string, string> } }>;
  };
  return { stack, template, images: Object.values(manifest.dockerImages).map((i) => i.source) };
}

const imageFunctions = (template: Template) =>
  Object.entries(template.findResources("AWS::Lambda::Function", { Properties: { PackageType: "Image" } }));

describe("worker architecture", () => {
  it("deploys worker and agent on arm64 (Graviton) from a linux/arm64 image when asked", () => {
    const { template, images } = synth({ workerBaseImage: PINNED }, "arm64");
    const fns = imageFunctions(template);
    expect(fns.map(([id]) => id.replace(/[0-9A-F]{8}$/, "")).sort()).toEqual([
      "AgentFunction",
      "WorkerFunction",
    ]);
    for (const [, fn] of fns) expect(fn.Properties.Architectures).toEqual(["arm64"]);
    expect(images).toHaveLength(1);
    expect(images[0]).toMatchObject({ platform: "linux/arm64", dockerBuildArgs: { BASE_IMAGE: PINNED } });
    // The zip functions (webhook, gateway, schedule, sweep) are arm64 either way.
    template.hasResourceProperties("AWS::Lambda::Function", {
      Runtime: "nodejs24.x",
      Architectures: ["arm64"],
    });
  });

  it("stays on x86_64 by default, and takes the architecture from `-c workerArchitecture` too", () => {
    const x86 = synth({ workerBaseImage: PINNED });
    for (const [, fn] of imageFunctions(x86.template))
      expect(fn.Properties.Architectures).toEqual(["x86_64"]);
    expect(x86.images[0]!.platform).toBe("linux/amd64");
    const arm = synth({ workerBaseImage: PINNED, workerArchitecture: "arm64" });
    for (const [, fn] of imageFunctions(arm.template)) expect(fn.Properties.Architectures).toEqual(["arm64"]);
    expect(arm.images[0]!.platform).toBe("linux/arm64");
    expect(() => synth({ workerBaseImage: PINNED, workerArchitecture: "aarch64" })).toThrow(
      /workerArchitecture must be x86_64 or arm64/,
    );
  });

  it("stops synth with an error when the base image is not pinned by digest", () => {
    const unpinned = synth({ workerBaseImage: "public.ecr.aws/lambda/nodejs:24" });
    Annotations.fromStack(unpinned.stack).hasError(
      "/ArchTest",
      Match.stringLikeRegexp("not pinned by digest"),
    );
    const pinned = synth({ workerBaseImage: PINNED });
    expect(Annotations.fromStack(pinned.stack).findError("*", Match.anyValue())).toEqual([]);
  });

  it("installs the CLI's native package for the image's CPU from the lockfile alone", () => {
    const out = tempDir("cli-lock-");
    execFileSync(process.execPath, ["lambda/worker/cli-lock.mjs", "package-lock.json", out], {
      cwd: REPO_ROOT,
    });
    // What `npm ci` inside a linux/<cpu> glibc image (Amazon Linux 2023) would add, offline.
    const plan = (cpu: string) =>
      execFileSync(
        "npm",
        ["ci", "--dry-run", "--offline", "--os=linux", `--cpu=${cpu}`, "--libc=glibc", "--ignore-scripts"],
        { cwd: out, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] },
      )
        .split("\n")
        .filter((l) => l.startsWith("add "))
        .sort();
    expect(plan("arm64")).toEqual([
      "add @anthropic-ai/claude-code 2.1.235",
      "add @anthropic-ai/claude-code-linux-arm64 2.1.235",
    ]);
    expect(plan("x64")).toEqual([
      "add @anthropic-ai/claude-code 2.1.235",
      "add @anthropic-ai/claude-code-linux-x64 2.1.235",
    ]);
    const lock = JSON.parse(readFileSync(path.join(out, "package-lock.json"), "utf8"));
    expect(lock.packages["node_modules/@anthropic-ai/claude-code-linux-arm64"]).toMatchObject({
      cpu: ["arm64"],
      os: ["linux"],
      integrity: expect.stringMatching(/^sha512-/),
    });
  });
});

describe("worker base image pin", () => {
  it("accepts only a sha256 digest, with or without a tag in front", () => {
    expect(isDigestPinned(PINNED)).toBe(true);
    expect(isDigestPinned(`public.ecr.aws/lambda/nodejs@${DIGEST}`)).toBe(true);
    expect(isDigestPinned("public.ecr.aws/lambda/nodejs:24")).toBe(false);
    expect(isDigestPinned("public.ecr.aws/lambda/nodejs:24@sha256:abc")).toBe(false);
    expect(isDigestPinned(`public.ecr.aws/lambda/nodejs:24@${DIGEST}-x`)).toBe(false);
  });

  it("reads the base from ARG BASE_IMAGE and rejects a FROM that bypasses it", () => {
    const ok = `ARG BASE_IMAGE=${PINNED}\nFROM \${BASE_IMAGE} AS build\nRUN true\nFROM \${BASE_IMAGE}\n`;
    expect(dockerfileBaseImage(ok)).toBe(PINNED);
    expect(() => dockerfileBaseImage(`${ok}FROM public.ecr.aws/lambda/nodejs:24\n`)).toThrow(/BASE_IMAGE/);
    expect(() => dockerfileBaseImage(`FROM \${BASE_IMAGE}\n`)).toThrow(/no ARG BASE_IMAGE/);
    expect(() => dockerfileBaseImage("ARG BASE_IMAGE=x\n")).toThrow(/no FROM/);
    // The repository's own Dockerfile builds on the Node 24 Lambda base, through the argument.
    const repo = dockerfileBaseImage(readFileSync(path.join(REPO_ROOT, "lambda/worker/Dockerfile"), "utf8"));
    expect(repo.replace(/@sha256:[0-9a-f]{64}$/, "")).toBe("public.ecr.aws/lambda/nodejs:24");
  });

  it("scripts/pin-base-image.sh writes the digest crane resolves, and refuses anything else", () => {
    const bin = tempDir("fake-crane-");
    const dockerfile = path.join(tempDir("dockerfile-"), "Dockerfile");
    const original = `ARG BASE_IMAGE=public.ecr.aws/lambda/nodejs:24\nFROM \${BASE_IMAGE}\nUSER nobody\n`;
    writeFileSync(dockerfile, original);
    const crane = (answer: string) => {
      writeFileSync(path.join(bin, "crane"), `#!/bin/sh\necho "$@" >> "${bin}/calls"\necho '${answer}'\n`);
      chmodSync(path.join(bin, "crane"), 0o755);
    };
    const run = () =>
      spawnSync("bash", [path.join(REPO_ROOT, "scripts/pin-base-image.sh"), "", dockerfile], {
        encoding: "utf8",
        env: { ...process.env, PATH: `${bin}:${process.env.PATH}` },
      });

    crane("sha256:not-a-digest");
    const bad = run();
    expect(bad.status).not.toBe(0);
    expect(bad.stderr).toContain("unexpected digest");
    expect(readFileSync(dockerfile, "utf8")).toBe(original);

    crane(DIGEST);
    const good = run();
    expect(good.status).toBe(0);
    expect(readFileSync(path.join(bin, "calls"), "utf8").trim().split("\n").at(-1)).toBe(
      "digest public.ecr.aws/lambda/nodejs:24",
    );
    expect(readFileSync(dockerfile, "utf8")).toBe(original.replace("nodejs:24", `nodejs:24@${DIGEST}`));
    // Re-pinning replaces the old digest instead of stacking a second one.
    crane(`sha256:${"b2".repeat(32)}`);
    expect(run().status).toBe(0);
    expect(dockerfileBaseImage(readFileSync(dockerfile, "utf8"))).toBe(
      `public.ecr.aws/lambda/nodejs:24@sha256:${"b2".repeat(32)}`,
    );
  });
});
