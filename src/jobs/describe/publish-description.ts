import { DESCRIBE_SECTION_END, DESCRIBE_SECTION_START } from "../../github/comment-markers.js";
import { withDescriptionSection } from "../../github/description-section.js";
import type { GitHubClient } from "../../github/github-client.js";
import { httpStatusOf } from "../../github/http-status.js";
import { neutraliserFor } from "../../github/neutralise-output.js";
import { StickyComment } from "../../github/sticky-comment.js";
import type { PullRequestDescription } from "./describe-schema.js";

/** The sticky comment a description goes to when the PR body cannot be edited (a fork's read-only token). */
export const DESCRIBE_STICKY_KEY = "claude-describe";

export type PublishedDescription =
  | { where: "body"; body: string }
  | { where: "comment"; commentId: number; because: string };

/**
 * Writes the description into the PR body's marked section, ours alone: the author's text outside
 * it is never changed, and running again replaces only the section. The body is read just before
 * the write, so an edit the author made while the agent worked is kept. When the token may not edit
 * the body (403, 404: a fork's workflow), the description goes to a sticky comment instead.
 */
export async function publishDescription(
  octokit: GitHubClient,
  target: { owner: string; repo: string; pullNumber: number },
  description: PullRequestDescription,
): Promise<PublishedDescription> {
  const neutraliser = neutraliserFor(octokit);
  // The model's text is neutralised without any marker allowed; ours go around it afterwards. A PR
  // body is acted on: no closing keyword of the model's may close an issue at the merge.
  const content = neutraliser.pullRequestBody(renderDescription(description));
  const section = `${DESCRIBE_SECTION_START}\n${content}\n${DESCRIBE_SECTION_END}`;
  try {
    const { data } = await octokit.rest.pulls.get({
      owner: target.owner,
      repo: target.repo,
      pull_number: target.pullNumber,
    });
    const body = withDescriptionSection(data.body, section);
    if (body !== data.body)
      await octokit.rest.pulls.update({
        owner: target.owner,
        repo: target.repo,
        pull_number: target.pullNumber,
        body,
      });
    return { where: "body", body };
  } catch (error) {
    const status = httpStatusOf(error);
    if (status !== 403 && status !== 404) throw error;
    const { commentId } = await new StickyComment(octokit, { key: DESCRIBE_STICKY_KEY }).upsert(
      { owner: target.owner, repo: target.repo, issueNumber: target.pullNumber },
      content,
    );
    return {
      where: "comment",
      commentId,
      because: `the token may not edit the pull request (HTTP ${status})`,
    };
  }
}

/** The description as Markdown: suggested title, summary, walkthrough by concern, risks. */
export function renderDescription(description: PullRequestDescription): string {
  const lines = [
    "## Claude's description",
    "",
    `**Suggested title:** ${description.title.replace(/\s+/g, " ").trim()}`,
    "",
    "### Summary",
    "",
    description.summary.trim(),
    "",
    "### Walkthrough",
    "",
  ];
  for (const group of description.walkthrough) {
    lines.push(`**${group.concern.replace(/\s+/g, " ").trim()}**`, "");
    for (const file of group.files)
      lines.push(`- \`${file.path.replace(/`/g, "'")}\`: ${file.change.replace(/\s+/g, " ").trim()}`);
    lines.push("");
  }
  lines.push("### Risks to look at", "");
  if (description.risks.length === 0) lines.push("Nothing stands out.");
  for (const risk of description.risks) lines.push(`- ${risk.replace(/\s+/g, " ").trim()}`);
  lines.push("", "<sub>Written by Claude; edit outside this section freely, it is kept.</sub>");
  return lines.join("\n");
}
