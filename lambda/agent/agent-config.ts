import { lambdaSettingsReader } from "../shared/lambda-settings-reader.js";

/** The agent function's own settings; everything about a job comes with the invocation. */
export interface AgentConfig {
  /** Parent of every job's working directory (`JOB_WORK_ROOT`); Lambda only lets us write to /tmp. */
  workRoot: string;
  /** The CLI binary (`CLAUDE_PATH`); the image sets it to the pinned npm package's executable. */
  claudePath?: string;
}

export class AgentConfigError extends Error {
  override readonly name = "AgentConfigError";
}

const readAgentEnv = lambdaSettingsReader(
  ["JOB_WORK_ROOT", "CLAUDE_PATH"],
  [],
  (message) => new AgentConfigError(message),
);

export function agentConfigFromEnv(env: NodeJS.ProcessEnv): AgentConfig {
  const settings = readAgentEnv(env);
  return {
    workRoot: settings.JOB_WORK_ROOT ?? "/tmp/claude-pr-runner-agent",
    ...(settings.CLAUDE_PATH ? { claudePath: settings.CLAUDE_PATH } : {}),
  };
}
