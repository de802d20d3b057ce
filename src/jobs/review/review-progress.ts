import type { GitHubClient } from "../../github/github-client.js";
import { ProgressChecklist } from "../../github/progress-checklist.js";
import { MAX_COMMENT_CHARS } from "../../github/run-report-markdown.js";
import { REVIEW_STICKY_KEY, StickyComment, type StickyCommentTarget } from "../../github/sticky-comment.js";

/** The review's steps as its sticky comment shows them while it runs. */
export const REVIEW_MILESTONES = [
  { id: "checkout", label: "Checkout and trust decision" },
  { id: "session", label: "Session started" },
  { id: "reading", label: "Reading the change" },
  { id: "publishing", label: "Publishing the review" },
] as const;

export type ReviewMilestone = (typeof REVIEW_MILESTONES)[number]["id"];

/**
 * The live checklist in the review's sticky comment. The previous review stays under it until the
 * new one replaces it, so a reader (and readPriorReviewFindings) still finds the latest findings
 * while a review runs or after one dies.
 */
export async function reviewProgress(
  octokit: GitHubClient,
  target: StickyCommentTarget,
  options: { minIntervalMs?: number; log?: (line: string) => void } = {},
): Promise<ProgressChecklist> {
  const sticky = new StickyComment(octokit, { key: REVIEW_STICKY_KEY });
  const previous = await sticky.current(target).catch(() => undefined);
  const kept = previous === undefined ? undefined : lastReviewIn(previous);
  return new ProgressChecklist({
    title: "Claude review: working…",
    milestones: REVIEW_MILESTONES,
    ...(options.minIntervalMs === undefined ? {} : { minIntervalMs: options.minIntervalMs }),
    ...(options.log ? { log: options.log } : {}),
    write: async (checklist) => {
      const withPrevious = kept ? `${checklist}${PREVIOUS_SEPARATOR}${kept}` : checklist;
      await sticky.upsert(target, withPrevious.length <= MAX_COMMENT_CHARS - 200 ? withPrevious : checklist);
    },
  });
}

const PREVIOUS_SEPARATOR = "\n\n---\n\n_Until this review is done, the last one:_\n\n";

/**
 * The last finished review in the sticky's body: the body itself, or, when an earlier checklist is
 * still there (a review that died), what that checklist kept under it.
 */
function lastReviewIn(body: string): string | undefined {
  if (!body.startsWith("## Claude review: ")) return body;
  const at = body.indexOf(PREVIOUS_SEPARATOR);
  return at < 0 ? undefined : body.slice(at + PREVIOUS_SEPARATOR.length);
}
