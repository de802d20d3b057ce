import { rm } from "node:fs/promises";
import { type IsolatedClaudeEnv, isolatedClaudeEnv } from "./claude-cli.js";
import { type Script, type ScriptedApiOptions, ScriptedMessagesApi } from "./scripted-messages-api.js";
import { makeTempDir } from "./temp-dir.js";

/** Flags of a bidirectional NDJSON session (the SDK's fixed trio plus --print). */
export const STREAM_JSON_ARGS = [
  "-p",
  "--input-format",
  "stream-json",
  "--output-format",
  "stream-json",
  "--verbose",
] as const;

/** A stdin `user` frame (docs/protocol.md#seed-references: the stdin envelope). */
export function userFrame(text: string) {
  return { type: "user", message: { role: "user", content: text }, parent_tool_use_id: null, session_id: "" };
}

/** A stdin `control_request` frame. */
export function controlRequest(requestId: string, subtype: string, fields: Record<string, unknown> = {}) {
  return { type: "control_request", request_id: requestId, request: { subtype, ...fields } };
}

export interface ScriptedClaude {
  api: ScriptedMessagesApi;
  iso: IsolatedClaudeEnv;
  env: NodeJS.ProcessEnv;
  /** A fresh working directory for the CLI (canonical path). */
  cwd: string;
  close(): Promise<void>;
}

/** Starts a scripted API, an isolated CLI environment pointing at it, and an empty working directory. */
export async function startScriptedClaude(
  script: Script,
  options?: ScriptedApiOptions,
): Promise<ScriptedClaude> {
  const api = await ScriptedMessagesApi.start(script, options);
  const iso = isolatedClaudeEnv(api.url);
  const cwd = await makeTempDir("claude-cwd");
  return {
    api,
    iso,
    env: iso.env,
    cwd,
    close: async () => {
      await api.close();
      await iso.cleanup();
      await rm(cwd, { recursive: true, force: true });
    },
  };
}

/** The transcript folder name the CLI derives from a cwd (every non-alphanumeric becomes "-"). */
export function projectSlug(cwd: string): string {
  return cwd.replace(/[^A-Za-z0-9]/g, "-");
}

/**
 * Per-test/hook budget for files that spawn the real CLI. A session takes ~2 s on an idle machine but
 * 10-20 s when the 2 cores are shared with other suites, and some hooks run several sessions.
 */
export const CLI_TIMEOUT_MS = 180_000;
