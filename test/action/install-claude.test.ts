import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { binaryIn, installClaude } from "../../src/action/install-claude.js";

const installedPackage = resolve("node_modules/@anthropic-ai/claude-code");

describe("installClaude", () => {
  let root: string;
  const saved = { cache: process.env.RUNNER_TOOL_CACHE, temp: process.env.RUNNER_TEMP };

  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), "cpr-toolcache-"));
    process.env.RUNNER_TOOL_CACHE = join(root, "cache");
    process.env.RUNNER_TEMP = join(root, "temp");
    mkdirSync(process.env.RUNNER_TEMP, { recursive: true });
  });
  afterEach(() => {
    process.env.RUNNER_TOOL_CACHE = saved.cache;
    process.env.RUNNER_TEMP = saved.temp;
    rmSync(root, { recursive: true, force: true });
  });

  it("reuses the CLI already in the runner's tool cache without touching the registry", async () => {
    // Lay out the cache exactly as @actions/tool-cache's cacheDir does: <cache>/<tool>/<version>/<arch>
    // plus a "<arch>.complete" marker; the package inside is the one npm installed for this repo.
    const versionDir = join(process.env.RUNNER_TOOL_CACHE!, "claude-code", "2.1.235", process.arch);
    mkdirSync(dirname(binaryIn(versionDir)), { recursive: true });
    mkdirSync(join(versionDir, "node_modules", "@anthropic-ai"), { recursive: true });
    rmSync(join(versionDir, "node_modules", "@anthropic-ai", "claude-code"), {
      recursive: true,
      force: true,
    });
    symlinkSync(installedPackage, join(versionDir, "node_modules", "@anthropic-ai", "claude-code"));
    writeFileSync(`${versionDir}.complete`, "");

    const logs: string[] = [];
    const installed = await installClaude("2.1.235", process.env.RUNNER_TEMP!, (line) => logs.push(line));
    expect(installed).toEqual({ path: binaryIn(versionDir), version: "2.1.235", fromCache: true });
    expect(logs).toEqual([]);
  });

  it("reports a registry failure with npm's own message", async () => {
    // A version that does not exist fails at once in the registry; nothing is cached.
    const error = await installClaude("0.0.1", process.env.RUNNER_TEMP!).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /Could not install @anthropic-ai\/claude-code@0\.0\.1 from the npm registry: .*(ETARGET|404|No matching version|notarget)/is,
    );
  });
});
