import { writeFile } from "node:fs/promises";
import { isAbsolute, join, resolve } from "node:path";
import * as core from "@actions/core";
import { postConversationReply } from "../github/conversation-reply.js";
import { closedPullRequestResolution, resolutionLine, resolutionRate } from "../github/finding-resolution.js";
import { createGitHubClient, type GitHubClient } from "../github/github-client.js";
import { writeJobSummary } from "../github/job-summary.js";
import { DEFAULT_NEUTRALISER, neutraliserFor } from "../github/neutralise-output.js";
import { toSarif } from "../github/sarif-export.js";
import { admitJob } from "../jobs/conversation/admit-job.js";
import { claimTrigger } from "../jobs/conversation/claim-trigger.js";
import { fixedReplyText } from "../jobs/conversation/fixed-reply.js";
import { replyPlaceOf } from "../jobs/conversation/reply-place.js";
import { forgetFromComment } from "../jobs/learnings/forget-from-comment.js";
import { tallyResolution } from "../jobs/learnings/tally-resolution.js";
import {
  type PullRequestReview,
  reviewPullRequest,
  startReviewCheck,
} from "../jobs/review/review-pull-request.js";
import { reviewRunProperties } from "../jobs/review/review-run-properties.js";
import { repositoryUrl } from "../jobs/shared/clone-repository.js";
import type { PullRequestJobPlan } from "../jobs/shared/prepare-pull-request-job.js";
import { decidePullRequestTrust } from "../jobs/shared/pull-request-trust.js";
import { type ActionContext, readActionContext } from "./action-context.js";
import { type ActionInputs, parseActionInputs } from "./action-inputs.js";
import { actionSecretValues } from "./action-secrets.js";
import { prepareAgentRun } from "./prepare-agent-run.js";
import { routeEvent } from "./route-event.js";
import { runAskStep } from "./run-ask-step.js";
import { runAuditStep } from "./run-audit-step.js";
import { runAutofixStep } from "./run-autofix-step.js";
import { runDescribeStep } from "./run-describe-step.js";
import { openSessionStore } from "./session-store.js";
import { setOutputs } from "./set-outputs.js";
import { logInfo } from "./step-log.js";

/**
 * The Action's door: parse inputs and the event, decide the job, check who may trigger it, run the
 * job through the shared core and render its outcome as outputs, a job summary and the step status.
 */
export async function runAction(env: NodeJS.ProcessEnv): Promise<void> {
  let inputs: ActionInputs;
  let context: ActionContext;
  try {
    inputs = parseActionInputs((name) => core.getInput(name));
    context = readActionContext(env);
  } catch (error) {
    core.setFailed((error as Error).message);
    return;
  }
  // Masked before anything is printed, and redacted from everything published (see actionSecretValues).
  const secrets = actionSecretValues(inputs, env);
  for (const secret of secrets) core.setSecret(secret);

  const route = routeEvent(context.eventName, context.payload, { ...inputs.triggers, mode: inputs.mode });
  if (route.job === "skip") {
    logInfo(`Nothing to do: ${route.reason}`);
    // A rule (draft, bot author) declined a real trigger: say so where the run is looked at.
    if (route.notice)
      await core.summary
        .addRaw(`${DEFAULT_NEUTRALISER.prose(`Claude: skipped. ${route.reason}`)}\n`)
        .write()
        .catch((error: Error) => core.warning(`job summary not written: ${error.message}`));
    core.setOutput("conclusion", "skipped");
    return;
  }
  if (!inputs.githubToken) {
    core.setFailed(
      "github_token is empty: pass the workflow token (github.token) or an App token so results can be published",
    );
    return;
  }
  const octokit = createGitHubClient({
    token: inputs.githubToken,
    baseUrl: context.apiUrl,
    // Whatever is published through this client redacts these (see docs/security.md).
    secrets,
    // Our markers count only on comments this account wrote (see docs/security.md).
    ownLogins: [inputs.botLogin],
    log: (m) => logInfo(m),
  });
  const { owner, repo } = context;
  const { run } = route;
  if (route.job === "count") {
    await countClosedPullRequest(octokit, inputs, context, route);
    return;
  }

  // A comment is claimed first (an eyes reaction within seconds); a second delivery finds it claimed.
  const claim = await claimTrigger(octokit, run, { owner, repo });
  if (claim === "duplicate" || claim === "gone") {
    logInfo(
      claim === "duplicate"
        ? `Nothing to do: comment ${run.comment?.id} was already handled (${run.dedupeKey})`
        : `Nothing to do: comment ${run.comment?.id} was deleted`,
    );
    core.setOutput("conclusion", "skipped");
    return;
  }
  const place = replyPlaceOf(run, owner, repo);
  const reply = async (kind: "help" | "usage" | "closed" | "refuse") => {
    const text = fixedReplyText(run, kind, inputs.triggers, `${owner}/${repo}`);
    if (place) await postConversationReply(octokit, place, text);
    core.setOutput("conclusion", "skipped");
  };
  if (route.job === "help" || route.job === "usage" || route.job === "closed") {
    logInfo(`${run.trigger}: ${route.job} reply, no model request`);
    await reply(route.job);
    return;
  }
  if (route.job === "forget") {
    const store = await openSessionStore(
      inputs.sessionStore,
      { octokit, owner, repo },
      context.s3,
      (message) => core.warning(`session store: ${message}`),
    );
    const outcome = await forgetFromComment({
      octokit,
      store,
      owner,
      repo,
      id: run.learningId ?? "",
      requester: run.requester ?? "",
      place,
    });
    logInfo(`${run.trigger}: forget ${run.learningId}: ${outcome}`);
    core.setOutput("conclusion", outcome === "forgotten" ? "success" : "skipped");
    return;
  }

  // Admission, the same step as in every door: the PR's facts, the trust decision, the lineage plan,
  // then the requester's write permission.
  const pullRequest = route.pullRequest ?? route.pullRequestNumber;
  const admission = await admitJob(octokit, {
    owner,
    repo,
    ...(route.job !== "audit" && pullRequest !== undefined
      ? {
          pullRequest: {
            pullRequest,
            job: route.job,
            event: context.eventName,
            defaultBranch: context.defaultBranch,
          },
        }
      : {}),
    ...(route.requireWriteFrom !== undefined
      ? { requester: { ...run, trigger: route.trigger, requester: route.requireWriteFrom } }
      : {}),
    reply,
  });
  if (admission.status === "closed") {
    // Closed since the event: the same notice as a command on a closed PR.
    core.notice(`${route.trigger}: not run: ${admission.message}`);
    return;
  }
  if (admission.status === "unreadable") {
    core.setFailed(`${route.trigger}: could not read the pull request: ${admission.message}`);
    return;
  }
  if (admission.status === "refused") {
    core.notice(admission.message);
    return;
  }
  const { plan } = admission;

  if (route.job === "ask") {
    await runAskStep({ inputs, context, env, octokit, run, ...(plan ? { plan } : {}) });
    return;
  }
  if (route.job === "audit") {
    await runAuditStep({ inputs, context, env, octokit });
    return;
  }
  if (!plan) {
    core.setFailed(`${route.trigger}: could not determine the pull request to review`);
    return;
  }
  if (route.job === "autofix") {
    await runAutofixStep({ inputs, context, env, octokit, plan });
    return;
  }
  if (route.job === "describe") {
    await runDescribeStep({ inputs, context, env, octokit, plan });
    return;
  }
  await reviewStep({ inputs, context, env, octokit, plan, paths: run.paths ?? [] });
}

interface ReviewRun {
  inputs: ActionInputs;
  context: ActionContext;
  env: NodeJS.ProcessEnv;
  octokit: GitHubClient;
  /** The PR-setup step's plan: the PR, whether its head is trusted, its lineage. */
  plan: PullRequestJobPlan;
  /** `review <path…>`: only these paths (of what the path filters keep) are reviewed. */
  paths?: string[];
}

async function reviewStep(run: ReviewRun): Promise<void> {
  const { inputs, context, octokit, plan } = run;
  const { pr } = plan;
  const { owner, repo } = context;
  const prepared = await prepareAgentRun({
    ...run,
    untrusted: !plan.trust.trusted,
    logName: `review-${pr.number}-${pr.headSha.slice(0, 12)}`,
    configSha: pr.baseSha,
  }).catch(async (error: Error) => {
    await failStep(run, `Claude review could not run: ${error.message}`);
    return null;
  });
  if (prepared === null) return;
  if (!prepared) {
    const message =
      "No Anthropic credentials: anthropic_api_key is empty. Fork pull requests under `pull_request` get no secrets, so they cannot be reviewed by this workflow; a maintainer can comment `/claude review`.";
    core.warning(message);
    const { checks, handle } = await startReviewCheck({
      octokit,
      owner,
      repo,
      pr,
      ...(context.runUrl ? { runUrl: context.runUrl } : {}),
    });
    await checks.complete(handle, {
      outcome: { status: "neutral", isError: false },
      title: "Not reviewed: no API key",
      summary: message,
      findings: [],
    });
    setOutputs({ conclusion: "neutral", is_error: "false", findings_count: "0" });
    return;
  }

  const { settings, store } = prepared;
  let review: PullRequestReview;
  try {
    review = await reviewPullRequest(
      {
        octokit,
        owner,
        repo,
        pr,
        checkoutDir: context.workspace,
        // A comment or label workflow checked out the default branch: the job fetches the head itself.
        fetchHead: {
          remoteUrl: repositoryUrl(owner, repo, context.serverUrl),
          token: inputs.githubToken,
          dir: join(context.runnerTemp, `claude-pr-head-${pr.number}`),
        },
        failOn: inputs.failOn,
        pathFilter: { include: inputs.include, exclude: inputs.exclude },
        ...(run.paths && run.paths.length > 0 ? { paths: run.paths } : {}),
        untrusted: !plan.trust.trusted,
        ...(store ? { store } : {}),
        lineage: plan.lineage,
        commentMode: inputs.commentMode,
        inlineCommentLimit: inputs.inlineCommentLimit,
        contextBound: inputs.sessionContextBound,
        ...(context.runUrl ? { runUrl: context.runUrl } : {}),
        log: (line) => logInfo(line, neutraliserFor(octokit)),
      },
      settings,
    );
  } catch (error) {
    // reviewPullRequest has already closed the check run as a failure.
    setOutputs({ conclusion: "failure", is_error: "true" });
    reportFailure(inputs, (error as Error).message);
    return;
  }
  if (review.status === "skipped") {
    core.notice(`Claude review skipped: ${review.reason}`);
    await core.summary
      .addRaw(`Claude review skipped: ${review.reason}\n`)
      .write()
      .catch((error: Error) => core.warning(`job summary not written: ${error.message}`));
    setOutputs({ conclusion: "neutral", is_error: "false", findings_count: "0" });
    return;
  }
  const { result, published } = review;
  await writeJobSummary(published.report, undefined, neutraliserFor(octokit)).catch((error: Error) =>
    core.warning(`job summary not written: ${error.message}`),
  );

  const { outcome } = result.session;
  let sarifFile = "";
  if (inputs.sarifFile) {
    sarifFile = isAbsolute(inputs.sarifFile)
      ? inputs.sarifFile
      : resolve(context.workspace, inputs.sarifFile);
    await writeFile(
      sarifFile,
      `${JSON.stringify(
        toSarif(published.findings, {}, neutraliserFor(octokit), reviewRunProperties(result)),
        null,
        2,
      )}\n`,
    );
  }
  setOutputs(
    {
      conclusion: published.conclusion,
      is_error: String(result.status === "failed"),
      structured_output:
        outcome.structuredOutput === undefined ? "" : JSON.stringify(outcome.structuredOutput),
      session_id: outcome.sessionId ?? "",
      total_cost_usd: String(outcome.totalCostUsd ?? 0),
      estimated_cost_usd: result.budget ? result.budget.estimate.usd.toFixed(4) : "",
      resolution_rate: published.review?.resolution
        ? String(resolutionRate(published.review.resolution))
        : "",
      repository_resolution_rate: review.repositoryResolution ? String(review.repositoryResolution.rate) : "",
      num_turns: String(outcome.numTurns ?? 0),
      findings_count: String(published.findings.length),
      execution_file: settings.executionLogPath ?? "",
      sarif_file: sarifFile,
    },
    neutraliserFor(octokit),
  );
  if (result.status === "failed") reportFailure(inputs, `Claude review failed: ${result.reason}`);
  else if (published.failed)
    core.setFailed(
      `${published.report.verdict} (fail_on: ${inputs.failOn}; see the check run and the review)`,
    );
}

/**
 * `pull_request.closed`: the PR's final count of our findings goes into the repository's tally, and
 * both rates become outputs. A fork's run (head in another repository) only reads the tally.
 */
async function countClosedPullRequest(
  octokit: GitHubClient,
  inputs: ActionInputs,
  context: ActionContext,
  route: Exclude<ReturnType<typeof routeEvent>, { job: "skip" }>,
): Promise<void> {
  const { owner, repo } = context;
  const pullNumber = route.pullRequestNumber;
  const store = await openSessionStore(inputs.sessionStore, { octokit, owner, repo }, context.s3, (message) =>
    core.warning(`session store: ${message}`),
  );
  if (!store || pullNumber === undefined) {
    logInfo(`${route.trigger}: nothing to review on a closed PR, and no session store to count it in`);
    core.setOutput("conclusion", "skipped");
    return;
  }
  const pr = route.pullRequest;
  const untrusted = !pr || !decidePullRequestTrust(pr, { job: "review", event: context.eventName }).trusted;
  // A report, never a gate: a closed PR's run does not fail because GitHub could not be read.
  const resolution = await closedPullRequestResolution(octokit, { owner, repo, pullNumber }).catch(
    (error: Error) => {
      core.warning(`PR #${pullNumber} not counted into the resolution rate: ${error.message}`);
      return undefined;
    },
  );
  if (resolution) logInfo(`PR #${pullNumber} closed: ${resolutionLine(resolution)}`);
  const repository = await tallyResolution({
    store,
    owner,
    repo,
    pullNumber,
    resolution: resolution ? { ...resolution, closed: true } : undefined,
    untrusted,
    log: (line) => logInfo(line),
  });
  setOutputs(
    {
      conclusion: "skipped",
      resolution_rate: resolution ? String(resolutionRate(resolution)) : "",
      repository_resolution_rate: repository ? String(repository.rate) : "",
    },
    neutraliserFor(octokit),
  );
}

/** Setup failed before the review job could open its own check run: open one that says why. */
async function failStep(run: ReviewRun, message: string): Promise<void> {
  await startReviewCheck({
    octokit: run.octokit,
    owner: run.context.owner,
    repo: run.context.repo,
    pr: run.plan.pr,
  })
    .then(({ checks, handle }) =>
      checks.complete(handle, {
        outcome: { status: "failure", isError: true },
        title: "Claude review failed",
        summary: message,
        findings: [],
      }),
    )
    .catch(() => undefined);
  setOutputs({ conclusion: "failure", is_error: "true" });
  reportFailure(run.inputs, message);
}

function reportFailure(inputs: ActionInputs, message: string): void {
  if (inputs.failOnError) core.setFailed(message);
  else core.warning(message);
}
