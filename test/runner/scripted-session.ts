import { rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ProgressEvent, SessionOptions } from "../../src/runner/index.js";
import { builtInPolicy } from "../../src/runner/index.js";
import { CLAUDE_BIN } from "../harness/claude-cli.js";
import {
  type Script,
  type ScriptedApiOptions,
  ScriptedMessagesApi,
} from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";

export const STAND_IN_CLAUDE = path.resolve(
  fileURLToPath(import.meta.url),
  "../fixtures/stand-in-claude.mjs",
);

/** A scripted Messages API, a fresh workspace and base options pointing the runner at both. */
export interface ScriptedSession {
  api: ScriptedMessagesApi;
  workspace: string;
  progress: ProgressEvent[];
  /** Base options: real claude, review policy, env with only the scripted endpoint and PATH. */
  options(extra?: Partial<SessionOptions>): SessionOptions;
  cleanup(): Promise<void>;
}

export async function scriptedSession(
  script: Script,
  apiOptions: ScriptedApiOptions = {},
): Promise<ScriptedSession> {
  const api = await ScriptedMessagesApi.start(script, apiOptions);
  const workspace = await makeTempDir("runner-ws");
  const progress: ProgressEvent[] = [];
  return {
    api,
    workspace,
    progress,
    options: (extra = {}) => ({
      prompt: "Do the task.",
      cwd: workspace,
      claudePath: CLAUDE_BIN,
      policy: builtInPolicy("review", { workspace }),
      sourceEnv: { PATH: process.env.PATH, ANTHROPIC_BASE_URL: api.url, ANTHROPIC_API_KEY: "test-key" },
      onProgress: (event) => progress.push(event),
      lifecycle: { reapGraceMs: 3000, interruptGraceMs: 3000, termGraceMs: 2000 },
      ...extra,
    }),
    cleanup: async () => {
      await api.close();
      await rm(workspace, { recursive: true, force: true });
    },
  };
}
