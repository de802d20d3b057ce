import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

// The worker image is never built here (no Docker engine); its base image is AL2023-minimal, which
// lacks programs the runner spawns. Each must come from the runtime stage's `dnf install`.
const REPO_ROOT = resolve(import.meta.dirname, "../..");

describe("the worker image's runtime packages", () => {
  it("install every program the runner spawns there: git, tar and gzip, find", () => {
    const dockerfile = readFileSync(join(REPO_ROOT, "lambda/worker/Dockerfile"), "utf8");
    const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));
    const install = runtime.split("\n").find((line) => line.startsWith("RUN dnf install"));
    const packages = install?.split("&&")[0]?.split(/\s+/).slice(4) ?? [];
    // git (clones, the edits' return, the agent configuration's source), tar and gzip (the agent
    // function's exchange archives), find (agent-config.ts walks the agent's copy).
    expect(packages).toEqual(expect.arrayContaining(["git-core", "tar", "gzip", "findutils"]));
  });
});
