import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { NdjsonDecoder } from "../../src/protocol/index.js";

/** The pinned real binary (2.1.235) installed by npm. */
export const PINNED_CLAUDE_BIN = resolve(fileURLToPath(import.meta.url), "../../../node_modules/.bin/claude");

/**
 * The binary the suite runs: `CLAUDE_BIN` (an absolute path, e.g. set by scripts/compat-run.sh to
 * another installed version) overrides the pinned one. A wrong override fails loudly at import time
 * instead of silently testing the pinned binary.
 */
export const CLAUDE_BIN = claudeBinFrom(process.env.CLAUDE_BIN);

/**
 * The version of the binary under test, read from the npm package it was installed with (the pinned
 * one is 2.1.235; scripts/compat-run.sh installs another). Rows that print the version compare with
 * this, so a compat run reports real differences, not the version string.
 */
export const CLAUDE_VERSION = claudeVersionOf(CLAUDE_BIN);

export function claudeVersionOf(bin: string): string {
  let dir = dirname(realpathSync(bin));
  for (let level = 0; level < 4; level++) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      const { name, version } = JSON.parse(readFileSync(manifest, "utf8")) as {
        name?: string;
        version?: string;
      };
      if (name === "@anthropic-ai/claude-code" && typeof version === "string") return version;
    }
    dir = dirname(dir);
  }
  throw new Error(`cannot tell the version of ${bin}: no @anthropic-ai/claude-code package.json above it`);
}

export function claudeBinFrom(override: string | undefined): string {
  if (override === undefined || override === "") return PINNED_CLAUDE_BIN;
  if (!isAbsolute(override)) {
    throw new Error(`CLAUDE_BIN must be an absolute path to a claude executable; got "${override}"`);
  }
  if (!existsSync(override)) throw new Error(`CLAUDE_BIN=${override} does not exist`);
  return override;
}

/**
 * Variables copied from the developer's environment. Everything else (tokens, cloud credentials,
 * a real ANTHROPIC_API_KEY, proxies) is left behind so no secret can reach the CLI or its logs.
 */
const INHERITED = ["PATH", "LANG", "LC_ALL", "TZ", "TMPDIR", "SYSTEMROOT"] as const;

export interface IsolatedClaudeEnv {
  env: NodeJS.ProcessEnv;
  configDir: string;
  home: string;
  cleanup(): Promise<void>;
}

/**
 * A minimal environment pointing the CLI at `apiUrl`, with its own CLAUDE_CONFIG_DIR and HOME so
 * transcripts, settings and caches never touch (or read) the developer's real ones.
 */
export function isolatedClaudeEnv(apiUrl: string, baseDir?: string): IsolatedClaudeEnv {
  const root = baseDir ?? realpathSync(mkdtempSync(join(tmpdir(), "claude-env-")));
  const configDir = join(root, "config");
  const home = join(root, "home");
  mkdirSync(configDir, { recursive: true });
  mkdirSync(home, { recursive: true });
  const env: NodeJS.ProcessEnv = {};
  for (const name of INHERITED) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  Object.assign(env, {
    HOME: home,
    USERPROFILE: home,
    XDG_CONFIG_HOME: join(home, ".config"),
    CLAUDE_CONFIG_DIR: configDir,
    ANTHROPIC_BASE_URL: apiUrl,
    ANTHROPIC_API_KEY: "test-key",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    DISABLE_TELEMETRY: "1",
    DISABLE_ERROR_REPORTING: "1",
  });
  return {
    env,
    configDir,
    home,
    cleanup: async () => {
      // Only remove what we created: a caller-supplied baseDir keeps its own lifetime.
      await rm(baseDir ? configDir : root, { recursive: true, force: true });
      if (baseDir) await rm(home, { recursive: true, force: true });
    },
  };
}

export interface ClaudeRunOptions {
  env: NodeJS.ProcessEnv;
  cwd?: string;
  stdin?: string;
  timeoutMs?: number;
}

export interface ClaudeRunResult {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /** JSON.parse of every stdout line that parses, in order. */
  frames: unknown[];
}

export interface ClaudeProcess {
  /** Frames parsed so far (grows while the process runs). */
  readonly frames: unknown[];
  /** Writes one NDJSON line to stdin. */
  write(frame: unknown): void;
  /** Closes stdin (docs/protocol.md#seed-references: closing stdin lets the current turn finish). */
  endStdin(): void;
  kill(signal?: NodeJS.Signals): void;
  /** Resolves with the first frame (already seen or future) matching `predicate`. */
  waitForFrame<T = Record<string, unknown>>(
    predicate: (frame: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<T>;
  /** Settles when the process has exited and its streams are drained. */
  readonly exited: Promise<ClaudeRunResult>;
}

/** Spawns the real CLI with a live stdin, for control-protocol conversations. */
export function spawnClaude(args: string[], opts: ClaudeRunOptions): ClaudeProcess {
  const child = spawn(CLAUDE_BIN, args, { cwd: opts.cwd, env: opts.env, stdio: ["pipe", "pipe", "pipe"] });
  const frames: unknown[] = [];
  const listeners = new Set<(frame: Record<string, unknown>) => void>();
  // Frames are cut by the product's own decoder (src/protocol), so every conformance run also checks
  // it against the real binary's bytes. Lines that are not JSON (text output mode, error messages)
  // come back as protocol_error and stay in `stdout` only.
  const decoder = new NdjsonDecoder();
  const stdoutChunks: Buffer[] = [];
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stdin.on("error", () => {}); // the CLI may exit before reading everything we wrote
  const take = (lines: ReturnType<NdjsonDecoder["push"]>) => {
    for (const line of lines) {
      if (line.kind !== "value") continue;
      frames.push(line.value);
      if (typeof line.value === "object" && line.value !== null) {
        for (const listener of listeners) listener(line.value as Record<string, unknown>);
      }
    }
  };
  child.stdout.on("data", (chunk: Buffer) => {
    stdoutChunks.push(chunk);
    take(decoder.push(chunk));
  });
  child.stderr.on("data", (chunk: string) => {
    stderr += chunk;
  });
  const timer = opts.timeoutMs ? setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs).unref() : undefined;
  const exited = new Promise<ClaudeRunResult>((resolveExit, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => {
      if (timer) clearTimeout(timer);
      take(decoder.end());
      resolveExit({ code, signal, stdout: Buffer.concat(stdoutChunks).toString("utf8"), stderr, frames });
    });
  });
  if (opts.stdin !== undefined) {
    child.stdin.end(opts.stdin);
  }
  return {
    frames,
    exited,
    write: (frame) => {
      child.stdin.write(`${JSON.stringify(frame)}\n`);
    },
    endStdin: () => {
      child.stdin.end();
    },
    kill: (signal = "SIGTERM") => {
      child.kill(signal);
    },
    waitForFrame: <T>(predicate: (frame: Record<string, unknown>) => boolean, timeoutMs = 90_000) =>
      new Promise<T>((resolveFrame, reject) => {
        const seen = frames.find(
          (f): f is Record<string, unknown> =>
            typeof f === "object" && f !== null && predicate(f as Record<string, unknown>),
        );
        if (seen) return resolveFrame(seen as T);
        const timeout = setTimeout(() => {
          listeners.delete(listener);
          reject(
            new Error(
              `no matching frame within ${timeoutMs} ms; frames so far: ${JSON.stringify(frames)}\nstderr: ${stderr}`,
            ),
          );
        }, timeoutMs);
        const listener = (frame: Record<string, unknown>) => {
          if (!predicate(frame)) return;
          clearTimeout(timeout);
          listeners.delete(listener);
          resolveFrame(frame as T);
        };
        listeners.add(listener);
        void exited.then(() => {
          if (!listeners.has(listener)) return;
          clearTimeout(timeout);
          listeners.delete(listener);
          reject(
            new Error(
              `claude exited before a matching frame; frames: ${JSON.stringify(frames)}\nstderr: ${stderr}`,
            ),
          );
        });
      }),
  };
}

/** Runs the real CLI to completion (optionally feeding `stdin`), killing it after `timeoutMs`. */
export function runClaude(args: string[], opts: ClaudeRunOptions): Promise<ClaudeRunResult> {
  const proc = spawnClaude(args, { ...opts, timeoutMs: opts.timeoutMs ?? 120_000, stdin: opts.stdin ?? "" });
  return proc.exited;
}

/**
 * Runs the CLI attached to a pseudo-terminal (util-linux `script`), the only way to see the rules
 * that apply outside print mode: with pipes the CLI is always in print mode. Output is the
 * terminal's bytes with ANSI escapes removed; meant for invocations the CLI rejects at start-up.
 */
export function runClaudeInTerminal(args: string[], opts: ClaudeRunOptions): Promise<ClaudeRunResult> {
  const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const command = [CLAUDE_BIN, ...args].map(quote).join(" ");
  const child = spawn("script", ["-qec", command, "/dev/null"], {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (chunk: string) => {
    out += chunk;
  });
  child.stderr.on("data", () => {});
  child.stdin.end();
  const esc = String.fromCharCode(27);
  const ansi = new RegExp(`${esc}\\[[0-9;?>]*[A-Za-z]|${esc}[78]`, "g");
  const plain = (text: string) => text.replace(ansi, "").replace(/\r/g, "");
  const timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs ?? 60_000).unref();
  return new Promise((resolveRun, reject) => {
    child.once("error", reject);
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolveRun({ code, signal, stdout: plain(out), stderr: "", frames: [] });
    });
  });
}
