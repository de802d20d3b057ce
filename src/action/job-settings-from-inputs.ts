import { mkdir, readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import * as core from "@actions/core";
import { DEFAULT_NEUTRALISER } from "../github/neutralise-output.js";
import type { JobSettings } from "../jobs/job-settings.js";
import { formatProgressEvent } from "../jobs/shared/format-progress-event.js";
import {
  decideIsolation,
  type IsolationDecision,
  IsolationUnavailableError,
} from "../runner/isolation/isolation-decision.js";
import { builtInPolicy, isBuiltInPolicyName } from "../runner/policy/built-in-policy.js";
import { loadPolicyFile } from "../runner/policy/load-policy-file.js";
import type { ActionContext } from "./action-context.js";
import type { ActionInputs } from "./action-inputs.js";

/**
 * JobSettings from the Action's inputs. The execution log goes to RUNNER_TEMP; progress goes to the
 * step log. Policy and schema overrides are the workflow owner's and are never applied to untrusted PRs.
 */
export async function jobSettingsFromInputs(options: {
  inputs: ActionInputs;
  context: ActionContext;
  claudePath: string;
  agentEnv: Record<string, string>;
  logName: string;
  untrusted: boolean;
}): Promise<JobSettings> {
  const { inputs, context } = options;
  // The remote engine runs no agent on this machine: nothing to isolate here.
  const isolation = inputs.engine === "cli" ? await isolateAgent(inputs, options.untrusted) : undefined;
  const logDir = join(context.runnerTemp, "claude-pr-runner");
  await mkdir(logDir, { recursive: true });
  return {
    claudePath: options.claudePath,
    maxTurns: inputs.maxTurns,
    maxBudgetUsd: inputs.maxBudgetUsd,
    timeoutMs: inputs.timeoutMinutes * 60_000,
    agentEnv: options.agentEnv,
    secretValues: [
      inputs.anthropicApiKey,
      inputs.claudeCodeOauthToken,
      inputs.githubToken,
      inputs.repositoryReadToken ?? "",
    ].filter(Boolean),
    executionLogPath: join(logDir, `${options.logName}.ndjson`),
    // Progress carries agent text: it must not be able to issue workflow commands.
    onProgress: (event) => core.info(DEFAULT_NEUTRALISER.logLine(`[claude] ${formatProgressEvent(event)}`)),
    ...(isolation ? { isolation } : {}),
    ...(inputs.model ? { model: inputs.model } : {}),
    ...(inputs.provider ? { provider: inputs.provider } : {}),
    ...(inputs.prompt ? { extraInstructions: inputs.prompt } : {}),
    ...(options.untrusted ? {} : await customizations(inputs, context.workspace)),
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
  if (level === "info") core.info(line);
  else if (level === "warning") core.warning(line);
  else core.error(line);
  await core.summary
    .addRaw(`${line}\n\n`)
    .write()
    .catch((error: Error) => core.warning(`job summary not written: ${error.message}`));
}

async function customizations(inputs: ActionInputs, workspace: string): Promise<Partial<JobSettings>> {
  const extra: Partial<JobSettings> = {};
  if (inputs.policy) {
    extra.policy = isBuiltInPolicyName(inputs.policy)
      ? builtInPolicy(inputs.policy, { workspace, testCommands: inputs.testCommands })
      : await loadPolicyFile(resolve(workspace, inputs.policy), { workspace });
  }
  if (inputs.jsonSchema) {
    const text = inputs.jsonSchema.trimStart().startsWith("{")
      ? inputs.jsonSchema
      : await readFile(resolve(workspace, inputs.jsonSchema), "utf8");
    const parsed = JSON.parse(text) as unknown;
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
      throw new Error("json_schema must be a JSON object (inline or a file)");
    }
    extra.jsonSchema = parsed as Record<string, unknown>;
  }
  return extra;
}
