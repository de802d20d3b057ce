import { writeFile } from "node:fs/promises";
import { isAbsolute, resolve } from "node:path";
import * as core from "@actions/core";
import { hasWriteAccess } from "../github/actor-permission.js";
import { CheckRunPublisher } from "../github/check-run-publisher.js";
import { fetchPullRequestLineMap } from "../github/fetch-pull-request-line-map.js";
import { createGitHubClient, type GitHubClient } from "../github/github-client.js";
import { writeJobSummary } from "../github/job-summary.js";
import { toSarif } from "../github/sarif-export.js";
import { publishReviewToGitHub } from "../jobs/review/publish-review-to-github.js";
import { runReview } from "../jobs/review/run-review.js";
import { GitCheckout } from "../jobs/shared/git-checkout.js";
import { pinAgentConfigToBase } from "../jobs/shared/pin-agent-config.js";
import { branchLineageKey, prLineageKey } from "../sessions/lineage-key.js";
import { type ActionContext, readActionContext } from "./action-context.js";
import { type ActionInputs, parseActionInputs } from "./action-inputs.js";
import { agentCredentials } from "./agent-credentials.js";
import { installClaude } from "./install-claude.js";
import { jobSettingsFromInputs } from "./job-settings-from-inputs.js";
import { isFork, type PullRequestRef, pullRequestRef, routeEvent } from "./route-event.js";
import { runAuditStep } from "./run-audit-step.js";
import { runAutofixStep } from "./run-autofix-step.js";
import { openSessionStore } from "./session-store.js";

const CHECK_NAME = "Claude review";

/**
 * The Action's door: parse inputs and the event, decide the job, check who may trigger it, run the
 * job through the shared core and render its outcome as outputs, a job summary and the step status.
 */
export async function runAction(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let inputs: ActionInputs;
  let context: ActionContext;
  try {
    inputs = parseActionInputs((name) => core.getInput(name));
    context = readActionContext(env);
  } catch (error) {
    core.setFailed((error as Error).message);
    return;
  }
  for (const secret of [inputs.anthropicApiKey, inputs.githubToken]) if (secret) core.setSecret(secret);

  const route = routeEvent(context.eventName, context.payload, {
    mode: inputs.mode,
    autofixLabel: inputs.autofixLabel,
    reviewDrafts: inputs.reviewDrafts,
    reviewCommand: "/claude review",
  });
  if (route.job === "skip") {
    core.info(`Nothing to do: ${route.reason}`);
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
    log: (m) => core.info(m),
  });
  const { owner, repo } = context;

  let pr = route.pullRequest;
  if (!pr && route.pullRequestNumber !== undefined) {
    const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: route.pullRequestNumber });
    pr = pullRequestRef(data);
  }

  if (route.requireWriteFrom !== undefined) {
    const allowed = await hasWriteAccess(octokit, { owner, repo, username: route.requireWriteFrom });
    if (!allowed) {
      const message = `@${route.requireWriteFrom} does not have write access to ${owner}/${repo}, so this ${route.trigger} request was not run. A maintainer can trigger it instead.`;
      core.notice(message);
      if (pr)
        await octokit.rest.issues.createComment({ owner, repo, issue_number: pr.number, body: message });
      core.setOutput("conclusion", "skipped");
      return;
    }
  }

  if (route.job === "audit") {
    await runAuditStep({ inputs, context, env, octokit });
    return;
  }
  if (!pr) {
    core.setFailed(`${route.trigger}: could not determine the pull request to review`);
    return;
  }
  const untrusted = route.untrusted || isFork(pr);
  if (route.job === "autofix") {
    await runAutofixStep({ inputs, context, env, octokit, pr, fork: isFork(pr) });
    return;
  }
  await reviewPullRequest({ inputs, context, env, octokit, pr, untrusted });
}

interface ReviewRun {
  inputs: ActionInputs;
  context: ActionContext;
  env: NodeJS.ProcessEnv;
  octokit: GitHubClient;
  pr: PullRequestRef;
  untrusted: boolean;
}

async function reviewPullRequest(run: ReviewRun): Promise<void> {
  const { inputs, context, octokit, pr } = run;
  const { owner, repo } = context;
  const checks = new CheckRunPublisher(octokit);
  const handle = await checks.start({
    owner,
    repo,
    name: CHECK_NAME,
    headSha: pr.headSha,
    ...(context.runUrl ? { detailsUrl: context.runUrl } : {}),
  });

  const agentEnv = agentCredentials(inputs.anthropicApiKey, run.env);
  if (!agentEnv) {
    const message =
      "No Anthropic credentials: anthropic_api_key is empty. Fork pull requests under `pull_request` get no secrets, so they cannot be reviewed by this workflow; a maintainer can comment `/claude review`.";
    core.warning(message);
    await checks.complete(handle, {
      outcome: { status: "neutral", isError: false },
      title: "Not reviewed: no API key",
      summary: message,
      findings: [],
    });
    setOutputs({ conclusion: "neutral", is_error: "false", findings_count: "0" });
    return;
  }

  try {
    const claude = await installClaude(inputs.claudeVersion, (line) => core.info(line));
    core.info(`Claude Code ${claude.version} at ${claude.path}${claude.fromCache ? " (tool cache)" : ""}`);
    const store = openSessionStore(inputs.sessionStore, { octokit, owner, repo }, run.env);
    const settings = await jobSettingsFromInputs({
      inputs,
      context,
      claudePath: claude.path,
      agentEnv,
      logName: `review-${pr.number}-${pr.headSha.slice(0, 12)}`,
      untrusted: run.untrusted,
    });
    const executionLogPath = settings.executionLogPath ?? "";

    const checkout = new GitCheckout(context.workspace);
    const pinned = await pinAgentConfigToBase(checkout, pr.baseSha, pr.headSha);
    if (pinned.changed.length > 0)
      core.info(`Agent configuration taken from the base branch: ${pinned.changed.join(", ")}`);
    let result: Awaited<ReturnType<typeof runReview>>;
    try {
      result = await runReview(
        {
          repository: { owner, name: repo },
          checkoutDir: context.workspace,
          baseSha: pr.baseSha,
          headSha: pr.headSha,
          pullRequest: { number: pr.number, title: pr.title, body: pr.body, author: pr.author },
          untrusted: run.untrusted,
          ...(store
            ? {
                lineage: {
                  store,
                  lineageKey: prLineageKey(owner, repo, pr.number),
                  baseKey: branchLineageKey(owner, repo, pr.baseRef || context.defaultBranch),
                },
              }
            : {}),
        },
        settings,
      );
    } finally {
      await pinned.restore();
    }

    const { lineMap } = await fetchPullRequestLineMap(octokit, { owner, repo, pullNumber: pr.number });
    const published = await publishReviewToGitHub(
      {
        octokit,
        owner,
        repo,
        pullNumber: pr.number,
        headSha: pr.headSha,
        commentMode: inputs.commentMode,
        inlineCommentLimit: inputs.inlineCommentLimit,
        lineMap,
        ...(context.runUrl ? { runUrl: context.runUrl } : {}),
      },
      { publisher: checks, handle },
      result,
    );
    await writeJobSummary(published.report).catch((error: Error) =>
      core.warning(`job summary not written: ${error.message}`),
    );

    const { outcome } = result.session;
    let sarifFile = "";
    if (inputs.sarifFile) {
      sarifFile = isAbsolute(inputs.sarifFile)
        ? inputs.sarifFile
        : resolve(context.workspace, inputs.sarifFile);
      await writeFile(sarifFile, `${JSON.stringify(toSarif(published.findings), null, 2)}\n`);
    }
    const isError = result.status === "failed";
    setOutputs({
      conclusion: published.conclusion,
      is_error: String(isError),
      structured_output:
        outcome.structuredOutput === undefined ? "" : JSON.stringify(outcome.structuredOutput),
      session_id: outcome.sessionId ?? "",
      total_cost_usd: String(outcome.totalCostUsd ?? 0),
      num_turns: String(outcome.numTurns ?? 0),
      findings_count: String(published.findings.length),
      execution_file: executionLogPath,
      sarif_file: sarifFile,
    });
    if (result.status === "failed") {
      const message = `Claude review failed: ${result.reason}`;
      if (inputs.failOnError) core.setFailed(message);
      else core.warning(message);
    }
  } catch (error) {
    const message = `Claude review could not run: ${(error as Error).message}`;
    await checks
      .complete(handle, {
        outcome: { status: "failure", isError: true },
        title: "Claude review failed",
        summary: message,
        findings: [],
      })
      .catch(() => undefined);
    setOutputs({ conclusion: "failure", is_error: "true" });
    if (inputs.failOnError) core.setFailed(message);
    else core.warning(message);
  }
}

export function setOutputs(outputs: Record<string, string>): void {
  for (const [name, value] of Object.entries(outputs)) core.setOutput(name, value);
}
