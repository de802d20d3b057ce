import { getActorPermission } from "../../github/actor-permission.js";
import type { GitHubClient } from "../../github/github-client.js";
import {
  type PullRequestJobPlan,
  type PullRequestJobRequest,
  preparePullRequestJob,
} from "../shared/prepare-pull-request-job.js";
import { authorizeTrigger, type TriggerRun } from "../triggers/decide-trigger.js";

/** Whose write permission a job needs: the requester of a comment or label; absent for automatic triggers. */
export type AdmissionRequester = Pick<TriggerRun, "trigger" | "requester" | "requiresWriter">;

export type Admission =
  /** The job may run; `plan` is the PR-setup step's plan when the job is about a PR. */
  | { status: "admitted"; plan?: PullRequestJobPlan }
  /** The PR was closed or merged since the event: the door's "closed" reply was given. */
  | { status: "closed"; message: string }
  /** The PR cannot be read (gone, or GitHub failed): nothing was said on GitHub. */
  | { status: "unreadable"; message: string }
  /** The requester may not write: the door's refusal was given once, where the request was made. */
  | { status: "refused"; message: string; permission: string };

/**
 * Admission, the same for every door after it parsed its event: the PR-setup step (the PR as GitHub
 * sees it now, the trust decision, the lineage plan), then the requester's write permission asked
 * of GitHub now (a collaborator can be read-only, and a permission can change while a job waits).
 * A door only renders the outcome: `reply` posts its fixed reply where the request was made.
 */
export async function admitJob(
  octokit: GitHubClient,
  request: {
    owner: string;
    repo: string;
    /** The PR the job is about (its number, or the payload's PR); absent for an audit or an issue. */
    pullRequest?: Omit<PullRequestJobRequest, "octokit" | "owner" | "repo">;
    /** Absent when nobody asked (an automatic trigger): no permission to check. */
    requester?: AdmissionRequester;
    reply: (kind: "closed" | "refuse") => Promise<void>;
  },
): Promise<Admission> {
  const { owner, repo } = request;
  let plan: PullRequestJobPlan | undefined;
  if (request.pullRequest) {
    const prepared = await preparePullRequestJob({ octokit, owner, repo, ...request.pullRequest });
    if (prepared.status === "refused") {
      if (prepared.reason !== "closed" && prepared.reason !== "merged")
        return { status: "unreadable", message: prepared.message };
      await request.reply("closed");
      return { status: "closed", message: prepared.message };
    }
    plan = prepared;
  }
  const requester = request.requester;
  if (requester) {
    const permission = requester.requester
      ? await getActorPermission(octokit, { owner, repo, username: requester.requester })
      : "none";
    if (authorizeTrigger(requester, permission) === "refuse") {
      await request.reply("refuse");
      return {
        status: "refused",
        permission,
        message: `${requester.requester || "the requester"} has ${permission} permission on ${owner}/${repo}: this ${requester.trigger} request was not run`,
      };
    }
  }
  return { status: "admitted", ...(plan ? { plan } : {}) };
}
