import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import * as toolCache from "@actions/tool-cache";

const run = promisify(execFile);

export const CLAUDE_PACKAGE = "@anthropic-ai/claude-code";
const TOOL_NAME = "claude-code";

export interface InstalledClaude {
  path: string;
  version: string;
  /** True when the binary came from the runner's tool cache without a download. */
  fromCache: boolean;
}

/**
 * Installs the pinned CLI from the npm registry into the runner's tool cache, and reuses it on later
 * runs of the same runner. The version is exact on purpose: the protocol handling is checked against
 * one binary, and a silently newer CLI could change frames under us.
 */
export async function installClaude(
  version: string,
  /** Where the npm install runs before the binary is cached (the runner's RUNNER_TEMP). */
  tempDir: string,
  log: (line: string) => void = () => {},
): Promise<InstalledClaude> {
  const cached = toolCache.find(TOOL_NAME, version);
  if (cached) {
    const path = binaryIn(cached);
    if (existsSync(path)) return { path, version, fromCache: true };
    log(`tool cache entry ${cached} has no CLI binary; reinstalling`);
  }
  const prefix = await mkdtemp(join(tempDir, "claude-install-"));
  log(`installing ${CLAUDE_PACKAGE}@${version} from the npm registry`);
  try {
    await run(
      "npm",
      ["install", "--no-save", "--no-audit", "--no-fund", "--prefix", prefix, `${CLAUDE_PACKAGE}@${version}`],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
  } catch (error) {
    // npm's own words when it printed any; else how the process ended (an exit code or a signal).
    const { stderr, message } = error as { stderr?: string; message?: string };
    const detail = stderr?.trim() || message || String(error);
    throw new Error(
      `Could not install ${CLAUDE_PACKAGE}@${version} from the npm registry: ${detail.slice(-2000)}`,
    );
  }
  const dir = await toolCache.cacheDir(prefix, TOOL_NAME, version);
  const path = binaryIn(dir);
  if (!existsSync(path)) throw new Error(`${CLAUDE_PACKAGE}@${version} installed, but ${path} is missing`);
  return { path, version, fromCache: false };
}

/** Where the package's `claude` bin lives inside an npm prefix. */
export function binaryIn(prefix: string): string {
  return join(prefix, "node_modules", CLAUDE_PACKAGE, "bin", "claude.exe");
}
