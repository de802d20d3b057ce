// The runner's options for the bench session, shared by the overhead and credential-proxy runner
// hosts (kept apart from host-measurement.ts so the bare and SDK hosts do not bundle the runner).
import { builtInPolicy, type SessionOptions } from "../../src/runner/index.js";
import type { HostConfig } from "./host-measurement.js";

export function runnerSessionOptions(config: HostConfig, sourceEnv: Record<string, string>): SessionOptions {
  return {
    prompt: config.prompt,
    cwd: config.workspace,
    claudePath: config.claudePath,
    policy: builtInPolicy("review", { workspace: config.workspace }),
    includePartialMessages: true,
    sourceEnv,
  };
}
