import * as core from "@actions/core";
import type { GitHubClient } from "../github/github-client.js";
import type { JobSettings } from "../jobs/job-settings.js";
import { agentCredentials } from "../jobs/shared/agent-credentials.js";
import type { TranscriptStore } from "../sessions/transcript-store.js";
import type { ActionContext } from "./action-context.js";
import type { ActionInputs } from "./action-inputs.js";
import { installClaude } from "./install-claude.js";
import { jobSettingsFromInputs } from "./job-settings-from-inputs.js";
import { openSessionStore } from "./session-store.js";

export interface AgentRun {
  settings: JobSettings;
  store: TranscriptStore | undefined;
}

/**
 * What every job step needs before its session: model credentials, the pinned CLI from the tool
 * cache, JobSettings from the inputs, and the session store. Undefined when there are no credentials,
 * so each step can say what that means for it.
 */
export async function prepareAgentRun(run: {
  inputs: ActionInputs;
  context: ActionContext;
  env: NodeJS.ProcessEnv;
  octokit: GitHubClient;
  logName: string;
  untrusted: boolean;
}): Promise<AgentRun | undefined> {
  const { inputs, context } = run;
  const agentEnv = agentCredentials(inputs.anthropicApiKey, run.env);
  if (!agentEnv) return undefined;
  const claude = await installClaude(inputs.claudeVersion, (line) => core.info(line));
  core.info(`Claude Code ${claude.version} at ${claude.path}${claude.fromCache ? " (tool cache)" : ""}`);
  const settings = await jobSettingsFromInputs({
    inputs,
    context,
    claudePath: claude.path,
    agentEnv,
    logName: run.logName,
    untrusted: run.untrusted,
  });
  const store = openSessionStore(
    inputs.sessionStore,
    { octokit: run.octokit, owner: context.owner, repo: context.repo },
    run.env,
  );
  return { settings, store };
}
