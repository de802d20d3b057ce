import { editConversationReply, postConversationReply } from "../../../src/github/conversation-reply.js";
import { askThreadOf } from "../../../src/jobs/ask/ask-prompt.js";
import { askReplyBody } from "../../../src/jobs/ask/ask-reply-body.js";
import { askSessionPlan, runAsk } from "../../../src/jobs/ask/run-ask.js";
import { answerQuestion, WORKING_TEXT } from "../../../src/jobs/conversation/answer-question.js";
import { beginJob } from "../../../src/jobs/shared/detached-job.js";
import { followedSettings } from "../../../src/jobs/shared/follow-session.js";
import type { JobResult } from "../job-executor.js";
import { PermanentJobError } from "../job-executor.js";
import { acknowledgeComment } from "./acknowledge-comment.js";
import { admitWorkerJob } from "./admit-worker-job.js";
import { cloneForJob } from "./clone-for-job.js";
import { commentReplyPlace } from "./comment-reply-place.js";
import { detachedEngineOf, recordDetachedSession } from "./detached-session.js";
import { jobResultFrom } from "./job-result.js";
import { passThroughSessionSettings } from "./pass-through-session-settings.js";
import type { WorkerJob } from "./worker-job.js";

/**
 * `/claude ask …` or a mention, from a writer: eyes on the comment, a "working…" reply, and a
 * read-only agent on the PR head (or the default branch for an issue). On the CLI engine it runs on
 * a checkout through the agent function and the reply is edited here; on Managed Agents the session
 * is begun on the mounted commit and the settle function edits the reply. Same plan, same checks.
 */
export async function runAskJob(run: WorkerJob): Promise<JobResult> {
  const { job, octokit } = run;
  const command = job.command;
  if (!command?.question) throw new PermanentJobError("an ask job carries no question");
  await acknowledgeComment(run);
  const target = { owner: job.owner, repo: job.repo };
  const plan = await admitWorkerJob(run, "ask", { pullRequest: command.isPullRequest, requested: true });
  let issue: { number: number; title: string; body: string } | undefined;
  if (!command.isPullRequest) {
    const { data } = await octokit.rest.issues.get({ ...target, issue_number: job.pullNumber as number });
    issue = { number: data.number, title: data.title, body: data.body ?? "" };
  }

  const pr = plan?.pr;
  const untrusted = plan ? !plan.trust.trusted : false;
  const question = {
    repository: `${job.owner}/${job.repo}`,
    question: command.question,
    asker: job.trigger.sender ?? "",
    untrusted,
    ...(pr ? { pullRequest: pr } : {}),
    ...(issue ? { issue } : {}),
    ...askThreadOf(command.comment),
  };
  const place = commentReplyPlace(job);
  if (run.remote) {
    const remote = run.remote;
    const reply = await postConversationReply(octokit, place, WORKING_TEXT);
    try {
      const headSha = pr ? pr.headSha : await defaultBranchTip(run);
      const record = await beginJob(
        await detachedEngineOf(remote),
        askSessionPlan({ ...question, remoteCommit: headSha }, run.sessionSettings()),
        { kind: "ask" as const, owner: job.owner, repo: job.repo, place, reply, headSha },
        // Its own token: this repository, contents read, whatever the job's token may do.
        () => remote.mountToken(job.installationId, job.repo),
      );
      return await recordDetachedSession(run, remote, "ask", record);
    } catch (error) {
      // No session to settle it: the reply says what went wrong now, never "working" for good.
      await editConversationReply(octokit, place, reply, askReplyBody(undefined, (error as Error).message));
      throw new PermanentJobError(`the question was not answered: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }
  const outcome = await answerQuestion(octokit, place, async (follow) => {
    const at = pr
      ? { headSha: pr.headSha, baseSha: pr.baseSha }
      : { branch: (await octokit.rest.repos.get(target)).data.default_branch };
    const repository = await cloneForJob(run, at);
    return runAsk(
      { ...question, checkoutDir: repository.dir },
      // A PR's question reads the pass-through's files at its base; an issue's at the default branch.
      followedSettings(
        await passThroughSessionSettings(run, {
          checkoutDir: repository.dir,
          configSha: pr ? pr.baseSha : repository.headSha,
          untrusted,
        }),
        follow,
      ),
    );
  });
  if (!outcome.result) throw new PermanentJobError(`the question was not answered: ${outcome.error}`);
  return jobResultFrom(outcome.result.session.outcome, outcome.error === undefined ? "answered" : "failed");
}

/** A question on an issue reads the default branch as it is now. */
async function defaultBranchTip(run: WorkerJob): Promise<string> {
  const { octokit, job } = run;
  const target = { owner: job.owner, repo: job.repo };
  const { data: repo } = await octokit.rest.repos.get(target);
  const { data: tip } = await octokit.rest.git.getRef({ ...target, ref: `heads/${repo.default_branch}` });
  return tip.object.sha;
}
