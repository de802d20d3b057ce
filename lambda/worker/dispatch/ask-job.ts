import { askThreadOf } from "../../../src/jobs/ask/ask-prompt.js";
import { runAsk } from "../../../src/jobs/ask/run-ask.js";
import { answerQuestion } from "../../../src/jobs/conversation/answer-question.js";
import type { PullRequestJobPlan } from "../../../src/jobs/shared/prepare-pull-request-job.js";
import type { JobResult } from "../job-executor.js";
import { PermanentJobError } from "../job-executor.js";
import { acknowledgeComment } from "./acknowledge-comment.js";
import { cloneForJob } from "./clone-for-job.js";
import { commentReplyPlace } from "./comment-reply-place.js";
import { jobResultFrom } from "./job-result.js";
import { passThroughSessionSettings } from "./pass-through-session-settings.js";
import { prepareWorkerPullRequest } from "./prepare-worker-pull-request.js";
import { requireWriteAccess } from "./require-write-access.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * `/claude ask …` or a mention, from a writer: eyes on the comment, a "working…" reply, a read-only
 * agent on a checkout of the PR head (or the default branch for an issue), through the agent
 * function like every session, and the reply edited into its answer or into what went wrong.
 */
export async function runAskJob(run: WorkerJob): Promise<JobResult> {
  const { job, octokit } = run;
  const command = job.command;
  if (!command?.question) throw new PermanentJobError("an ask job carries no question");
  await acknowledgeComment(run);
  const target = { owner: job.owner, repo: job.repo };
  let plan: PullRequestJobPlan | undefined;
  let issue: { number: number; title: string; body: string } | undefined;
  if (command.isPullRequest) {
    plan = await prepareWorkerPullRequest(run, "ask");
  } else {
    const { data } = await octokit.rest.issues.get({ ...target, issue_number: job.pullNumber as number });
    issue = { number: data.number, title: data.title, body: data.body ?? "" };
  }
  await requireWriteAccess(run, "ask");

  const pr = plan?.pr;
  const untrusted = plan ? !plan.trust.trusted : false;
  const outcome = await answerQuestion(octokit, commentReplyPlace(job), async () => {
    const at = pr
      ? { headSha: pr.headSha, baseSha: pr.baseSha }
      : { branch: (await octokit.rest.repos.get(target)).data.default_branch };
    const repository = await cloneForJob(run, at);
    return runAsk(
      {
        repository: `${job.owner}/${job.repo}`,
        question: command.question as string,
        asker: job.trigger.sender ?? "",
        checkoutDir: repository.dir,
        untrusted,
        ...(pr ? { pullRequest: pr } : {}),
        ...(issue ? { issue } : {}),
        ...askThreadOf(command.comment),
      },
      // A PR's question reads the pass-through's files at its base; an issue's at the default branch.
      await passThroughSessionSettings(run, {
        checkoutDir: repository.dir,
        configSha: pr ? pr.baseSha : repository.headSha,
        untrusted,
      }),
    );
  });
  if (!outcome.result) throw new PermanentJobError(`the question was not answered: ${outcome.error}`);
  return jobResultFrom(outcome.result.session.outcome, outcome.error === undefined ? "answered" : "failed");
}
