import { mkdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import * as core from "@actions/core";
import { formatProgressEvent } from "../jobs/shared/format-progress-event.js";
import { GitCheckout } from "../jobs/shared/git-checkout.js";
import type { JobSettings } from "../jobs/shared/job-settings.js";
import { passThroughNamesSet, passThroughSettings } from "../jobs/shared/pass-through-settings.js";
import { readConfigAtCommit } from "../jobs/shared/read-config-at-commit.js";
import {
  decideIsolation,
  type IsolationDecision,
  IsolationUnavailableError,
} from "../runner/isolation/isolation-decision.js";
import { builtInPolicy, isBuiltInPolicyName } from "../runner/policy/built-in-policy.js";
import { loadPolicyFile } from "../runner/policy/load-policy-file.js";
import { parsePolicyDocument } from "../runner/policy/parse-policy-document.js";
import { ToolPolicy } from "../runner/policy/tool-policy.js";
import type { ActionContext } from "./action-context.js";
import type { ActionInputs } from "./action-inputs.js";
import { logInfo } from "./step-log.js";

/**
 * JobSettings from the Action's inputs. The execution log goes to RUNNER_TEMP; progress goes to the
 * step log. Policy and schema overrides are the workflow owner's and are never applied to untrusted PRs.
 */
export async function jobSettingsFromInputs(options: {
  inputs: ActionInputs;
  context: ActionContext;
  claudePath: string;
  agentEnv: Record<string, string>;
  /** The Action's process environment (see JobSettings.hostEnv). */
  hostEnv: NodeJS.ProcessEnv;
  logName: string;
  untrusted: boolean;
  /**
   * The PR's base commit: policy and schema files are read as they are there, never from the PR
   * head in the workspace, which the PR controls.
   */
  configSha?: string;
}): Promise<JobSettings> {
  const { inputs, context } = options;
  // The remote engine runs no agent on this machine: nothing to isolate here.
  const isolation = inputs.engine === "cli" ? await isolateAgent(inputs, options.untrusted) : undefined;
  const logDir = join(context.runnerTemp, "claude-pr-runner");
  await mkdir(logDir, { recursive: true });
  const custom = options.untrusted
    ? ignoredOnUntrusted(inputs)
    : await customizations(inputs, new GitCheckout(context.workspace, options.hostEnv), options.configSha);
  // Variables the workflow passed on purpose to the test commands are redacted like our own tokens.
  const envSecrets = (custom.autofixEnv?.secretNames ?? []).map(
    (name) => custom.autofixEnv?.variables[name] ?? "",
  );
  return {
    claudePath: options.claudePath,
    maxTurns: inputs.maxTurns,
    maxBudgetUsd: inputs.maxBudgetUsd,
    timeoutMs: inputs.timeoutMinutes * 60_000,
    agentEnv: options.agentEnv,
    hostEnv: options.hostEnv,
    secretValues: [
      inputs.anthropicApiKey,
      inputs.claudeCodeOauthToken,
      inputs.githubToken,
      inputs.repositoryReadToken ?? "",
      ...envSecrets,
    ].filter(Boolean),
    executionLogPath: join(logDir, `${options.logName}.ndjson`),
    // Progress carries agent text: it must not be able to issue workflow commands.
    onProgress: (event) => logInfo(`[claude] ${formatProgressEvent(event)}`),
    ...(isolation ? { isolation } : {}),
    ...(inputs.autofixAllowedDomains.length ? { autofixAllowedDomains: inputs.autofixAllowedDomains } : {}),
    ...(inputs.model ? { model: inputs.model } : {}),
    ...(inputs.provider ? { provider: inputs.provider } : {}),
    // A fork PR's job takes no extra instructions (the notice above lists `prompt` as ignored).
    ...(inputs.prompt && !options.untrusted ? { extraInstructions: inputs.prompt } : {}),
    ...custom,
  };
}

async function isolateAgent(inputs: ActionInputs, untrusted: boolean): Promise<IsolationDecision> {
  const isolation = await decideIsolation({
    agentUser: inputs.agentUser,
    untrusted,
    onNoIsolation: inputs.onNoIsolation,
  }).catch(async (error: Error) => {
    if (error instanceof IsolationUnavailableError) await reportIsolation("error", error.message);
    throw error;
  });
  await reportIsolation(isolation.kind === "separate-user" ? "info" : "warning", isolation.summary);
  return isolation;
}

/** The step log and the job summary both say how the agent was isolated (docs/security.md). */
async function reportIsolation(level: "info" | "warning" | "error", line: string): Promise<void> {
  if (level === "info") logInfo(line);
  else if (level === "warning") core.warning(line);
  else core.error(line);
  await core.summary
    .addRaw(`${line}\n\n`)
    .write()
    .catch((error: Error) => core.warning(`job summary not written: ${error.message}`));
}

async function customizations(
  inputs: ActionInputs,
  git: GitCheckout,
  configSha: string | undefined,
): Promise<Partial<JobSettings>> {
  const workspace = git.dir;
  const extra: Partial<JobSettings> = {};
  if (inputs.policy) {
    if (isBuiltInPolicyName(inputs.policy)) {
      extra.policy = builtInPolicy(inputs.policy, { workspace, testCommands: inputs.testCommands });
    } else if (configSha === undefined) {
      extra.policy = await loadPolicyFile(resolve(workspace, inputs.policy), { workspace });
    } else {
      const text = await readConfigAtCommit(git, inputs.policy, configSha);
      extra.policy = new ToolPolicy(await parsePolicyDocument(text, inputs.policy), { workspace });
    }
  }
  if (inputs.jsonSchema) {
    const text = inputs.jsonSchema.trimStart().startsWith("{")
      ? inputs.jsonSchema
      : configSha === undefined
        ? await readFile(resolve(workspace, inputs.jsonSchema), "utf8")
        : await readConfigAtCommit(git, inputs.jsonSchema, configSha);
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw new Error("json_schema must be a JSON object (inline or a file)");
    }
    extra.jsonSchema = parsed as Record<string, unknown>;
  }
  const passThrough = await passThroughSettings(
    inputs,
    {
      workspace,
      // Files come from the base commit when there is one (the head is the PR author's), else from
      // the workspace, which is then the trusted ref itself (push, schedule, dispatch).
      readFile: (path) =>
        configSha === undefined
          ? readFile(resolve(workspace, path), "utf8")
          : readConfigAtCommit(git, path, configSha),
    },
    { maxTurns: inputs.maxTurns, prompt: inputs.prompt },
  );
  return { ...extra, ...passThrough };
}

/** A fork PR's job never takes the workflow's extras; the log says which ones were left out. */
function ignoredOnUntrusted(inputs: ActionInputs): Partial<JobSettings> {
  const ignored = [
    ...passThroughNamesSet(inputs),
    inputs.policy ? "policy" : "",
    inputs.jsonSchema ? "json_schema" : "",
    inputs.prompt ? "prompt" : "",
  ].filter(Boolean);
  if (ignored.length) core.notice(`Untrusted pull request: ${ignored.join(", ")} ignored for this job`);
  return {};
}
