import { join } from "node:path";
import * as core from "@actions/core";
import type { GitHubClient } from "../github/github-client.js";
import { askThreadOf } from "../jobs/ask/ask-prompt.js";
import { runAsk } from "../jobs/ask/run-ask.js";
import { answerQuestion } from "../jobs/conversation/answer-question.js";
import { replyPlaceOf } from "../jobs/conversation/reply-place.js";
import { repositoryUrl } from "../jobs/shared/clone-repository.js";
import { followedSettings } from "../jobs/shared/follow-session.js";
import { GitCheckout } from "../jobs/shared/git-checkout.js";
import type { PullRequestJobPlan } from "../jobs/shared/prepare-pull-request-job.js";
import { checkoutPullRequestHead } from "../jobs/shared/pull-request-head-checkout.js";
import type { TriggerRun } from "../jobs/triggers/decide-trigger.js";
import type { ActionContext } from "./action-context.js";
import type { ActionInputs } from "./action-inputs.js";
import { prepareAgentRun } from "./prepare-agent-run.js";
import { setOutputs } from "./set-outputs.js";
import { logInfo } from "./step-log.js";

/**
 * `/claude ask …` or a mention: a "working…" reply at once, then a read-only agent's answer edited
 * into it (in the review thread when asked in one), on a checkout of the PR's head. A question on
 * a PR the PR-setup step did not trust (a fork's) runs as untrusted.
 */
export async function runAskStep(step: {
  inputs: ActionInputs;
  context: ActionContext;
  env: NodeJS.ProcessEnv;
  octokit: GitHubClient;
  run: TriggerRun;
  /** Absent for a question on an issue. */
  plan?: PullRequestJobPlan;
}): Promise<void> {
  const { context, octokit, run } = step;
  const pr = step.plan?.pr;
  const { owner, repo } = context;
  const place = replyPlaceOf(run, owner, repo);
  if (!place) {
    core.setFailed(`${run.trigger}: no PR or issue to answer on`);
    return;
  }
  const untrusted = step.plan ? !step.plan.trust.trusted : false;
  const issue =
    !pr && run.number !== undefined
      ? (await octokit.rest.issues.get({ owner, repo, issue_number: run.number })).data
      : undefined;
  const outcome = await answerQuestion(octokit, place, async (follow) => {
    const prepared = await prepareAgentRun({
      ...step,
      logName: `ask-${run.number}-${run.comment?.id ?? "comment"}`,
      untrusted,
      ...(pr ? { configSha: pr.baseSha } : {}),
    });
    if (!prepared) throw new Error("no Anthropic credentials (anthropic_api_key is empty)");
    // A question about a PR is answered on its head, whatever the comment workflow checked out.
    const checkoutDir = pr
      ? (
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
        ).dir
      : context.workspace;
    // On the remote engine a question on an issue reads the commit the workflow checked out.
    const remoteCommit =
      !pr && prepared.settings.engine
        ? await new GitCheckout(context.workspace, step.env).resolve("HEAD")
        : undefined;
    return runAsk(
      {
        repository: `${owner}/${repo}`,
        question: run.question ?? "",
        asker: run.requester ?? "",
        checkoutDir,
        untrusted,
        ...(remoteCommit ? { remoteCommit } : {}),
        ...(pr ? { pullRequest: pr } : {}),
        ...(issue ? { issue: { number: issue.number, title: issue.title, body: issue.body ?? "" } } : {}),
        ...askThreadOf(run.comment),
      },
      followedSettings(prepared.settings, follow),
    );
  });
  const outcomeSession = outcome.result?.session.outcome;
  setOutputs({
    conclusion: outcome.error === undefined ? "success" : "failure",
    is_error: String(outcome.error !== undefined),
    session_id: outcomeSession?.sessionId ?? "",
    total_cost_usd: String(outcomeSession?.totalCostUsd ?? 0),
    num_turns: String(outcomeSession?.numTurns ?? 0),
  });
  if (outcome.error !== undefined) {
    const message = `Claude could not answer: ${outcome.error}`;
    if (step.inputs.failOnError) core.setFailed(message);
    else core.warning(message);
  } else logInfo(`Answered ${run.trigger} at ${outcome.reply.htmlUrl}`);
}
