import { join } from "node:path";
import * as core from "@actions/core";
import type { GitHubClient } from "../github/github-client.js";
import { describePullRequest } from "../jobs/describe/describe-pull-request.js";
import { repositoryUrl } from "../jobs/shared/clone-repository.js";
import type { PullRequestJobPlan } from "../jobs/shared/prepare-pull-request-job.js";
import { checkoutPullRequestHead } from "../jobs/shared/pull-request-head-checkout.js";
import type { ActionContext } from "./action-context.js";
import type { ActionInputs } from "./action-inputs.js";
import { prepareAgentRun } from "./prepare-agent-run.js";
import { setOutputs } from "./set-outputs.js";
import { logInfo } from "./step-log.js";

/**
 * `/claude describe` (or a `mode: describe` workflow on a PR's own events): a read-only agent on the
 * PR's head writes the description into the PR body's own section, or into a comment when the
 * token may not edit the body. A PR the PR-setup step did not trust (a fork's) runs untrusted.
 */
export async function runDescribeStep(step: {
  inputs: ActionInputs;
  context: ActionContext;
  env: NodeJS.ProcessEnv;
  octokit: GitHubClient;
  plan: PullRequestJobPlan;
}): Promise<void> {
  const { context, octokit, plan } = step;
  const { pr } = plan;
  const { owner, repo } = context;
  const untrusted = !plan.trust.trusted;
  const prepared = await prepareAgentRun({
    ...step,
    untrusted,
    logName: `describe-${pr.number}-${pr.headSha.slice(0, 12)}`,
    configSha: pr.baseSha,
  });
  if (!prepared) {
    core.setFailed(
      "Claude could not describe the pull request: no Anthropic credentials (anthropic_api_key is empty)",
    );
    return;
  }
  // The CLI reads the PR's head, whatever the workflow checked out; a remote engine mounts it itself.
  const checkoutDir = prepared.settings.engine
    ? undefined
    : (
        await checkoutPullRequestHead(
          context.workspace,
          pr,
          {
            remoteUrl: repositoryUrl(owner, repo, context.serverUrl),
            token: step.inputs.githubToken,
            dir: join(context.runnerTemp, `claude-pr-head-${pr.number}`),
          },
          step.env,
        )
      ).dir;
  const { result, published } = await describePullRequest(
    octokit,
    { repository: { owner, name: repo }, pr, untrusted, ...(checkoutDir ? { checkoutDir } : {}) },
    prepared.settings,
  );
  const { outcome } = result.session;
  setOutputs({
    conclusion: result.status === "described" ? "success" : "failure",
    is_error: String(result.status === "failed"),
    session_id: outcome.sessionId ?? "",
    total_cost_usd: String(outcome.totalCostUsd ?? 0),
    num_turns: String(outcome.numTurns ?? 0),
  });
  if (result.status === "failed") {
    const message = `Claude could not describe the pull request: ${result.reason}`;
    if (step.inputs.failOnError) core.setFailed(message);
    else core.warning(message);
    return;
  }
  if (result.setAside.length > 0)
    logInfo(`Left out of the walkthrough (not changed by the PR): ${result.setAside.join(", ")}`);
  logInfo(
    published?.where === "comment"
      ? `Described #${pr.number} in a comment: ${published.because}`
      : `Described #${pr.number} in its own section of the PR description`,
  );
}
