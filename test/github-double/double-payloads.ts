import type {
  CheckRunState,
  IssueCommentState,
  IssueState,
  PullRequestState,
  ReactionState,
  RepoState,
  ReviewCommentState,
  ReviewState,
  UserRef,
} from "./double-state.js";

/** Serialises double state into the JSON shapes GitHub's REST API returns (the fields clients read). */
export function userJson(u: UserRef) {
  return { login: u.login, id: loginId(u.login), type: u.type, node_id: `U_${u.login}` };
}

function loginId(login: string): number {
  let h = 7;
  for (const c of login) h = (h * 31 + c.charCodeAt(0)) % 1_000_000;
  return h;
}

export function repoJson(r: RepoState, base: string) {
  return {
    id: r.id,
    name: r.name,
    full_name: r.fullName,
    private: r.private,
    owner: { login: r.owner, id: loginId(r.owner), type: "Organization" },
    default_branch: r.defaultBranch,
    html_url: `${base}/${r.fullName}`,
    url: `${base}/repos/${r.fullName}`,
  };
}

export function pullJson(pr: PullRequestState, repo: RepoState, base: string) {
  const headRepo = pr.head.repoFullName
    ? { full_name: pr.head.repoFullName, fork: pr.head.repoFullName !== repo.fullName }
    : null;
  return {
    number: pr.number,
    id: pr.number * 1000 + repo.id,
    state: pr.state,
    merged: pr.merged,
    draft: pr.draft,
    title: pr.title,
    body: pr.body,
    user: userJson(pr.user),
    html_url: `${base}/${repo.fullName}/pull/${pr.number}`,
    head: { sha: pr.head.sha, ref: pr.head.ref, repo: headRepo },
    base: { sha: pr.base.sha, ref: pr.base.ref, repo: repoJson(repo, base) },
    changed_files: pr.files.length,
    labels: pr.labels.map((name) => ({ name })),
  };
}

export function issueCommentJson(c: IssueCommentState, base: string) {
  return {
    id: c.id,
    node_id: `IC_${c.id}`,
    body: c.body,
    user: userJson(c.user),
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    html_url: `${base}/${c.repo}/issues/${c.issueNumber}#issuecomment-${c.id}`,
  };
}

export function reviewJson(r: ReviewState, base: string) {
  return {
    id: r.id,
    node_id: `PRR_${r.id}`,
    body: r.body,
    state: r.state,
    commit_id: r.commitId,
    user: userJson(r.user),
    submitted_at: r.submittedAt,
    html_url: `${base}/${r.repo}/pull/${r.pullNumber}#pullrequestreview-${r.id}`,
  };
}

const REACTION_CONTENTS = ["+1", "-1", "laugh", "confused", "heart", "hooray", "eyes", "rocket"] as const;

/** GitHub's `reactions` rollup on a comment: the count of each content. */
function reactionRollup(reactions: readonly ReactionState[], url: string) {
  const counts = Object.fromEntries(
    REACTION_CONTENTS.map((content) => [content, reactions.filter((r) => r.content === content).length]),
  );
  return { url, total_count: reactions.length, ...counts };
}

export function reviewCommentJson(
  c: ReviewCommentState,
  base: string,
  reactions: readonly ReactionState[] = [],
) {
  const own = reactions.filter(
    (r) => r.subject === "review_comment" && r.commentId === c.id && r.repo === c.repo,
  );
  return {
    id: c.id,
    node_id: `PRRC_${c.id}`,
    pull_request_review_id: c.reviewId,
    path: c.path,
    line: c.line,
    original_line: c.line,
    start_line: c.startLine,
    side: c.side,
    subject_type: c.subjectType,
    body: c.body,
    in_reply_to_id: c.inReplyToId ?? undefined,
    commit_id: c.commitId,
    user: userJson(c.user),
    created_at: c.createdAt,
    html_url: `${base}/${c.repo}/pull/${c.pullNumber}#discussion_r${c.id}`,
    reactions: reactionRollup(own, `https://api.github.com/repos/${c.repo}/pulls/comments/${c.id}/reactions`),
  };
}

export function checkRunJson(c: CheckRunState, base: string) {
  return {
    id: c.id,
    name: c.name,
    head_sha: c.headSha,
    status: c.status,
    conclusion: c.conclusion,
    details_url: c.detailsUrl,
    external_id: c.externalId,
    started_at: c.startedAt,
    completed_at: c.completedAt,
    output: { ...c.output, annotations_count: c.annotations.length },
    html_url: `${base}/${c.repo}/runs/${c.id}`,
  };
}

export function issueJson(i: IssueState, base: string, isPull: boolean) {
  return {
    number: i.number,
    id: i.number * 7919,
    title: i.title,
    body: i.body,
    state: i.state,
    state_reason: i.stateReason,
    labels: i.labels.map((name) => ({ name })),
    user: userJson(i.user),
    created_at: i.createdAt,
    updated_at: i.updatedAt,
    html_url: `${base}/${i.repo}/${isPull ? "pull" : "issues"}/${i.number}`,
    ...(isPull ? { pull_request: { url: `${base}/repos/${i.repo}/pulls/${i.number}` } } : {}),
  };
}
