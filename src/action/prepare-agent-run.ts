import * as core from "@actions/core";
import type { ManagedAgentsJobEngine } from "../engines/managed-agents/managed-agents-job-engine.js";
import { openManagedAgentsJobEngine } from "../engines/managed-agents/open-managed-agents-job-engine.js";
import type { GitHubClient } from "../github/github-client.js";
import { agentCredentials } from "../jobs/shared/agent-credentials.js";
import type { JobSettings } from "../jobs/shared/job-settings.js";
import type { TranscriptStore } from "../sessions/transcript-store.js";
import type { ActionContext } from "./action-context.js";
import type { ActionInputs } from "./action-inputs.js";
import { installClaude } from "./install-claude.js";
import { jobSettingsFromInputs } from "./job-settings-from-inputs.js";
import { openSessionStore } from "./session-store.js";
import { logInfo } from "./step-log.js";

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
  /** The PR's base commit, where policy and schema files are read (see `jobSettingsFromInputs`). */
  configSha?: string;
}): Promise<AgentRun | undefined> {
  const { inputs, context } = run;
  const agentEnv = agentCredentials(inputs.anthropicApiKey, run.env, {
    oauthToken: inputs.claudeCodeOauthToken,
    ...(inputs.provider ? { provider: inputs.provider } : {}),
  });
  if (!agentEnv) return undefined;
  const claude = await installClaude(inputs.claudeVersion, context.runnerTemp, (line) => logInfo(line));
  logInfo(`Claude Code ${claude.version} at ${claude.path}${claude.fromCache ? " (tool cache)" : ""}`);
  const settings = await jobSettingsFromInputs({
    inputs,
    context,
    claudePath: claude.path,
    agentEnv,
    hostEnv: run.env,
    logName: run.logName,
    untrusted: run.untrusted,
    ...(run.configSha ? { configSha: run.configSha } : {}),
  });
  if (inputs.engine === "managed-agents")
    settings.engine = await managedAgentsEngine(inputs, agentEnv, context);
  const store = await openSessionStore(
    inputs.sessionStore,
    { octokit: run.octokit, owner: context.owner, repo: context.repo },
    context.s3,
    (message) => core.warning(`session store: ${message}; it is not restored`),
  );
  return { settings, store };
}

/**
 * The remote engine talks to Anthropic's API directly: it needs an API key (no Bedrock or Vertex).
 * Its module (and the Anthropic SDK under it) loads only for this engine (openManagedAgentsJobEngine).
 */
async function managedAgentsEngine(
  inputs: ActionInputs,
  agentCredentials: Record<string, string>,
  context: ActionContext,
): Promise<ManagedAgentsJobEngine> {
  const apiKey = agentCredentials.ANTHROPIC_API_KEY ?? context.anthropicApiKey;
  if (!apiKey)
    throw new Error("engine managed-agents needs anthropic_api_key (Bedrock and Vertex do not serve it)");
  return openManagedAgentsJobEngine({
    apiKey,
    ...(context.anthropicBaseUrl ? { baseURL: context.anthropicBaseUrl } : {}),
    serverUrl: context.serverUrl,
    // The workflow's own token can write; the mount gets only the read token the owner provided, for
    // an autofix too (its edits come back as a patch that this job commits).
    repositoryToken: async () => inputs.repositoryReadToken ?? "",
    mountToken: {
      name: "repository_read_token",
      writeTokens: [{ name: "the workflow's github_token", value: inputs.githubToken }],
    },
  });
}
