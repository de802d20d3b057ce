import type { GitHubDouble } from "../test/github-double/index.js";
import type { PostedRun } from "./github-like-report.js";

/** What one Action run posted on PR `number`, read back from the GitHub double. */
export function postedRun(
  github: GitHubDouble,
  repo: { owner: string; name: string; number: number },
  jobSummary: string,
): PostedRun {
  const review = github.state.reviews.find((r) => r.pullNumber === repo.number);
  const [check] = github.state.checkRuns;
  return {
    title: `claude-pr-runner demo: ${repo.owner}/${repo.name}#${repo.number}`,
    diff: github.pull(repo.owner, repo.name, repo.number).diff,
    reviewState: review?.state ?? "none",
    reviewBody: review?.body ?? "",
    inlineComments: github
      .reviewCommentsOn(repo.owner, repo.name, repo.number)
      .map((c) => ({ path: c.path, line: c.subjectType === "file" ? null : c.line, body: c.body })),
    ...(check
      ? {
          checkRun: {
            name: check.name,
            conclusion: check.conclusion,
            title: check.output.title,
            summary: check.output.summary,
            annotations: check.annotations,
          },
        }
      : {}),
    stickyComment: github.state.issueComments.map((c) => c.body).join("\n\n"),
    jobSummary,
  };
}
