import { hasStickyMarker, stickyMarker } from "./comment-markers.js";
import { createOnce } from "./create-once.js";
import type { GitHubClient } from "./github-client.js";
import { httpStatusOf } from "./http-status.js";
import { listIssueComments } from "./list-comments.js";
import { neutraliserFor, type OutputNeutraliser } from "./neutralise-output.js";
import { writtenByUs } from "./own-comments.js";
import { MAX_COMMENT_CHARS, type RunReport, renderRunReport } from "./run-report-markdown.js";

export interface StickyCommentTarget {
  owner: string;
  repo: string;
  /** PR or issue number. */
  issueNumber: number;
}

/** The review job's sticky summary; `readPriorReviewFindings` reads the latest review's findings from it. */
export const REVIEW_STICKY_KEY = "claude-review";

export type StickyAction = "created" | "updated" | "unchanged";

/**
 * One summary comment per PR (per `key`), found again through its hidden marker and edited in place,
 * so every run updates the same comment instead of adding another.
 */
export class StickyComment {
  private readonly key: string;
  private readonly neutraliser: OutputNeutraliser;
  /**
   * The comment as this instance last found or wrote it. Later writes go to it by id instead of
   * listing the PR's comments again (a live checklist edits it several times per review); a 404
   * (someone deleted it) falls back to finding or creating it.
   */
  private known?: { target: string; id: number; body: string };

  constructor(
    private readonly octokit: GitHubClient,
    options: { key?: string; neutraliser?: OutputNeutraliser } = {},
  ) {
    this.key = options.key ?? "summary";
    this.neutraliser = options.neutraliser ?? neutraliserFor(octokit);
    if (!/^[A-Za-z0-9._-]+$/.test(this.key)) {
      throw new TypeError(`sticky comment key must match [A-Za-z0-9._-]+, got "${this.key}"`);
    }
  }

  /** The body for a run report, with this sticky's marker first. */
  render(report: RunReport): string {
    const marker = stickyMarker(this.key);
    const body = `${marker}\n${renderRunReport(report, MAX_COMMENT_CHARS - marker.length - 1)}`;
    return this.neutraliser.markup(body, { markers: [marker] });
  }

  async publish(
    target: StickyCommentTarget,
    report: RunReport,
  ): Promise<{ commentId: number; action: StickyAction }> {
    return this.upsert(target, this.render(report));
  }

  /** Creates the comment on first use, updates it afterwards, and makes no call when nothing changed. */
  async upsert(
    target: StickyCommentTarget,
    body: string,
  ): Promise<{ commentId: number; action: StickyAction }> {
    // Every body is neutralised here, on its way out; only this sticky's own marker survives as a marker.
    const marker = stickyMarker(this.key);
    const withMarker = this.neutraliser.markup(body.startsWith(`${marker}\n`) ? body : `${marker}\n${body}`, {
      markers: [marker],
    });
    const known = this.known?.target === targetKey(target) ? this.known : undefined;
    if (known) {
      if (known.body === withMarker) return { commentId: known.id, action: "unchanged" };
      try {
        return await this.update(target, known.id, withMarker);
      } catch (error) {
        if (httpStatusOf(error) !== 404) throw error;
        this.known = undefined;
      }
    }
    const existing = await this.find(target);
    if (existing) {
      if (existing.body === withMarker) return { commentId: existing.id, action: "unchanged" };
      return this.update(target, existing.id, withMarker);
    }
    const created = await createOnce(this.octokit, {
      what: `summary comment on ${target.owner}/${target.repo}#${target.issueNumber}`,
      create: async (request) =>
        (
          await this.octokit.rest.issues.createComment({
            owner: target.owner,
            repo: target.repo,
            issue_number: target.issueNumber,
            body: withMarker,
            request,
          })
        ).data,
      // There was none when we looked above, so one carrying the marker now is the one we just created.
      findExisting: () => this.find(target),
    });
    this.known = { target: targetKey(target), id: created.id, body: withMarker };
    return { commentId: created.id, action: "created" };
  }

  private async update(
    target: StickyCommentTarget,
    id: number,
    body: string,
  ): Promise<{ commentId: number; action: StickyAction }> {
    await this.octokit.rest.issues.updateComment({
      owner: target.owner,
      repo: target.repo,
      comment_id: id,
      body,
    });
    this.known = { target: targetKey(target), id, body };
    return { commentId: id, action: "updated" };
  }

  /** The comment's body now, without its marker line, or undefined when there is none yet. */
  async current(target: StickyCommentTarget): Promise<string | undefined> {
    const existing = await this.find(target);
    if (!existing?.body) return undefined;
    const marker = stickyMarker(this.key);
    return existing.body.startsWith(`${marker}\n`) ? existing.body.slice(marker.length + 1) : existing.body;
  }

  private async find(target: StickyCommentTarget) {
    const comments = await listIssueComments(this.octokit, target);
    // Only a comment we wrote: anyone can paste the marker into theirs.
    const found = comments.find(
      (c) => writtenByUs(this.octokit, c.user) && hasStickyMarker(c.body, this.key),
    );
    if (found) this.known = { target: targetKey(target), id: found.id, body: found.body ?? "" };
    return found;
  }
}

function targetKey(target: StickyCommentTarget): string {
  return `${target.owner}/${target.repo}#${target.issueNumber}`;
}
