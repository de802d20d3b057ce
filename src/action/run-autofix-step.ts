import { join } from "node:path";
import * as core from "@actions/core";
import type { GitHubClient } from "../github/github-client.js";
import { neutraliserFor } from "../github/neutralise-output.js";
import { postCommentOnce } from "../github/post-comment-once.js";
import { runAutofix } from "../jobs/autofix/run-autofix.js";
import { checkTriggerPin } from "../jobs/autofix/trigger-pin.js";
import { repositoryUrl } from "../jobs/shared/clone-repository.js";
import { GitCheckout } from "../jobs/shared/git-checkout.js";
import type { PullRequestJobPlan } from "../jobs/shared/prepare-pull-request-job.js";
import { checkoutPullRequestHead } from "../jobs/shared/pull-request-head-checkout.js";
import type { ActionContext } from "./action-context.js";
import type { ActionInputs } from "./action-inputs.js";
import { prepareAgentRun } from "./prepare-agent-run.js";
import { setOutputs } from "./set-outputs.js";
import { logInfo } from "./step-log.js";

/** autofix-pr from the Action: the sender's write permission was checked by the caller. */
export async function runAutofixStep(run: {
  inputs: ActionInputs;
  context: ActionContext;
  env: NodeJS.ProcessEnv;
  octokit: GitHubClient;
  /** The PR-setup step's plan; an untrusted head (a fork's) gets suggestions instead of a push. */
  plan: PullRequestJobPlan;
}): Promise<void> {
  const { inputs, context, octokit, plan } = run;
  const { pr } = plan;
  const fork = !plan.trust.trusted;
  // A `/claude fix` comment's workflow checked out the default branch: the job fetches the head SHA
  // itself (the fix lands through the Git database API, so the checkout needs no push credentials).
  let checkoutDir: string;
  try {
    const head = await checkoutPullRequestHead(
      context.workspace,
      pr,
      {
        remoteUrl: repositoryUrl(context.owner, context.repo, context.serverUrl),
        token: inputs.githubToken,
        dir: join(context.runnerTemp, `claude-pr-head-${pr.number}`),
      },
      run.env,
    );
    checkoutDir = head.dir;
    if (head.fetched) logInfo(`Fetched the PR head ${pr.headSha.slice(0, 12)} into ${head.dir}`);
    if (head.droppedSymlinks.length > 0)
      logInfo(`Removed symlinks that leave the fetched checkout: ${head.droppedSymlinks.join(", ")}`);
  } catch (error) {
    setOutputs({ conclusion: "failure", is_error: "true" });
    core.setFailed(`Claude autofix could not fetch the PR head: ${(error as Error).message}`);
    return;
  }
  // Before anything costs money: the checkout and the PR's head must still be the commit the person
  // who asked for the fix saw (the event's head SHA).
  const pin = await checkTriggerPin(octokit, new GitCheckout(checkoutDir, run.env), {
    owner: context.owner,
    repo: context.repo,
    pullNumber: pr.number,
    headSha: pr.headSha,
  });
  if (!pin.pinned) {
    core.warning(pin.message);
    await postCommentOnce(octokit, {
      owner: context.owner,
      repo: context.repo,
      issueNumber: pr.number,
      body: pin.message,
    });
    setOutputs({ conclusion: "skipped", is_error: "false" });
    return;
  }
  const prepared = await prepareAgentRun({
    ...run,
    logName: `autofix-${pr.number}-${pr.headSha.slice(0, 12)}`,
    configSha: pr.baseSha,
    untrusted: fork,
  });
  if (!prepared) {
    core.warning("No Anthropic credentials: anthropic_api_key is empty, so autofix cannot run.");
    setOutputs({ conclusion: "neutral", is_error: "false" });
    return;
  }
  const { settings, store } = prepared;
  const result = await runAutofix(
    {
      repository: { owner: context.owner, name: context.repo },
      checkoutDir,
      pullRequest: pr,
      isFork: fork,
      label: inputs.autofixLabel,
      ...(context.actor ? { requestedBy: { login: context.actor } } : {}),
      testCommands: inputs.testCommands,
      ...(inputs.autofixRunWorkflows ? { runWorkflowsOnFix: true } : {}),
      ...(context.runUrl ? { runUrl: context.runUrl } : {}),
      ...(store
        ? {
            lineage: {
              store,
              baseKey: plan.lineage.baseKey,
            },
          }
        : {}),
    },
    settings,
    { github: octokit },
  );
  if (result.droppedSymlinks.length > 0)
    logInfo(
      `Removed symlinks that leave the checkout (untrusted PR): ${result.droppedSymlinks.join(", ")}`,
      neutraliserFor(octokit),
    );
  for (const note of result.notes) core.warning(note);
  const { outcome } = result.session;
  const failed = result.status === "session_failed" || result.status === "publish_failed";
  setOutputs(
    {
      conclusion: failed ? "failure" : "success",
      is_error: String(failed),
      structured_output:
        outcome.structuredOutput === undefined ? "" : JSON.stringify(outcome.structuredOutput),
      session_id: outcome.sessionId ?? "",
      total_cost_usd: String(outcome.totalCostUsd ?? 0),
      num_turns: String(outcome.numTurns ?? 0),
      execution_file: settings.executionLogPath ?? "",
    },
    neutraliserFor(octokit),
  );
  logInfo(`autofix: ${result.status}${result.detail ? ` (${result.detail})` : ""}`, neutraliserFor(octokit));
  if (failed && inputs.failOnError)
    core.setFailed(`Claude autofix failed: ${result.detail ?? "see the check run"}`);
}
