import { randomUUID } from "node:crypto";
import type { Finding, FindingSeverity } from "../findings/finding.js";
import { assertValidFindings } from "../findings/finding-validation.js";
import { createOnce } from "./create-once.js";
import type { GitHubClient } from "./github-client.js";
import { neutraliserFor, type OutputNeutraliser } from "./neutralise-output.js";

/** How a job ended, as far as the check is concerned. */
export interface CheckOutcome {
  status: "success" | "failure" | "neutral" | "cancelled" | "timed_out";
  /** The CLI's `is_error`: whatever the status says, the check fails. */
  isError: boolean;
}

export type CheckConclusion = "success" | "failure" | "neutral" | "cancelled" | "timed_out";
export type AnnotationLevel = "notice" | "warning" | "failure";

export function checkConclusion(outcome: CheckOutcome): CheckConclusion {
  return outcome.isError ? "failure" : outcome.status;
}

export function annotationLevel(severity: FindingSeverity): AnnotationLevel {
  return severity === "error" ? "failure" : severity;
}

/** The Checks API caps `output.summary` and `output.text` at 65,535 characters. */
export const MAX_CHECK_TEXT = 65_535;
/** The Checks API takes at most 50 annotations per request. */
export const ANNOTATIONS_PER_REQUEST = 50;

/** Cuts `text` to fit `max`, ending with a note that says how much was dropped. */
export function truncateWithNote(text: string, max = MAX_CHECK_TEXT): string {
  if (text.length <= max) return text;
  const note = (omitted: number) =>
    `\n\n… truncated: ${omitted} characters omitted (GitHub's limit is ${max}).`;
  let keep = max - note(text.length).length;
  // Never split a surrogate pair.
  const code = text.charCodeAt(keep - 1);
  if (code >= 0xd800 && code <= 0xdbff) keep--;
  return `${text.slice(0, keep)}${note(text.length - keep)}`;
}

export function findingAnnotation(finding: Finding) {
  const start = Math.max(1, Math.min(finding.startLine, finding.endLine));
  const end = Math.max(start, finding.startLine, finding.endLine);
  return {
    path: finding.path,
    start_line: start,
    end_line: end,
    annotation_level: annotationLevel(finding.severity),
    title: finding.title.slice(0, 255),
    message: truncateWithNote(finding.body || finding.title, 60_000),
    ...(finding.suggestion !== undefined
      ? { raw_details: truncateWithNote(finding.suggestion, 60_000) }
      : {}),
  };
}

export interface CheckRunHandle {
  owner: string;
  repo: string;
  checkRunId: number;
}

export interface StartCheckInput {
  owner: string;
  repo: string;
  name: string;
  headSha: string;
  detailsUrl?: string;
  /**
   * The job's own identity, the same on every attempt of one job (e.g. its queue message id): a
   * retry finds the run an earlier attempt opened on this head and takes it over, so a killed attempt
   * leaves neither a second run nor one stuck in progress.
   */
  jobExternalId?: string;
  externalId?: string;
  title?: string;
  summary?: string;
}

export interface CompleteCheckInput {
  outcome: CheckOutcome;
  title: string;
  summary: string;
  text?: string;
  findings: readonly Finding[];
}

/**
 * A check run that opens `in_progress` when the job starts and closes with a conclusion and one
 * annotation per finding, sent in batches of 50 (the last batch rides on the completing update).
 */
export class CheckRunPublisher {
  private readonly neutraliser: OutputNeutraliser;

  constructor(
    private readonly octokit: GitHubClient,
    neutraliser?: OutputNeutraliser,
  ) {
    this.neutraliser = neutraliser ?? neutraliserFor(octokit);
  }

  async start(input: StartCheckInput): Promise<CheckRunHandle> {
    const { owner, repo } = input;
    // The external id is how a run created by an attempt that GitHub answered with a 5xx is found again.
    const externalId = input.jobExternalId ?? input.externalId ?? `claude-pr-runner:${randomUUID()}`;
    const findExisting = async () => {
      const runs = await checkRunsNamed(this.octokit, {
        owner,
        repo,
        headSha: input.headSha,
        name: input.name,
      });
      // A caller's own external id may repeat across attempts of one job: take the newest such run.
      return runs.filter((r) => r.external_id === externalId).sort((a, b) => b.id - a.id)[0];
    };
    if (input.jobExternalId !== undefined) {
      const earlier = await findExisting();
      if (earlier) {
        // Left in progress by an attempt that was stopped: say so while this attempt works. (A run the
        // earlier attempt completed is completed again with this attempt's result.)
        if (earlier.status !== "completed")
          await this.octokit.rest.checks.update({
            owner,
            repo,
            check_run_id: earlier.id,
            output: {
              title: this.neutraliser.prose(`${input.name} is running again`),
              summary:
                "An earlier attempt of this job stopped before it finished; this attempt took its check run over.",
            },
          });
        return { owner, repo, checkRunId: earlier.id };
      }
    }
    const data = await createOnce(this.octokit, {
      what: `check run "${input.name}" on ${owner}/${repo}@${input.headSha.slice(0, 12)}`,
      create: async (request) =>
        (
          await this.octokit.rest.checks.create({
            owner,
            repo,
            name: input.name,
            head_sha: input.headSha,
            status: "in_progress",
            started_at: new Date().toISOString(),
            ...(input.detailsUrl ? { details_url: input.detailsUrl } : {}),
            external_id: externalId,
            output: {
              title: this.neutraliser.prose(input.title ?? `${input.name} is running`),
              summary: truncateWithNote(
                this.neutraliser.markup(input.summary ?? "Claude is working on this commit."),
              ),
            },
            request,
          })
        ).data,
      findExisting,
    });
    return { owner, repo, checkRunId: data.id };
  }

  /** Returns the conclusion sent and how many update requests it took. */
  async complete(
    handle: CheckRunHandle,
    input: CompleteCheckInput,
  ): Promise<{ conclusion: CheckConclusion; updates: number }> {
    assertValidFindings(input.findings);
    const conclusion = checkConclusion(input.outcome);
    const n = this.neutraliser;
    const annotations = input.findings.map((f) => findingAnnotation(n.finding(f)));
    const batches: Array<typeof annotations> = [];
    for (let i = 0; i < annotations.length; i += ANNOTATIONS_PER_REQUEST) {
      batches.push(annotations.slice(i, i + ANNOTATIONS_PER_REQUEST));
    }
    if (batches.length === 0) batches.push([]);
    const output = {
      title: n.prose(input.title).slice(0, 255),
      summary: truncateWithNote(n.markup(input.summary)),
      ...(input.text !== undefined ? { text: truncateWithNote(n.markup(input.text)) } : {}),
    };
    for (const [i, batch] of batches.entries()) {
      const last = i === batches.length - 1;
      await this.octokit.rest.checks.update({
        owner: handle.owner,
        repo: handle.repo,
        check_run_id: handle.checkRunId,
        ...(last ? { status: "completed", conclusion, completed_at: new Date().toISOString() } : {}),
        output: batch.length > 0 ? { ...output, annotations: batch } : output,
      });
    }
    return { conclusion, updates: batches.length };
  }
}

/** The external id of every check run a job opens, whichever attempt opens it (see `start`). */
export function jobCheckRunExternalId(jobId: string): string {
  return `claude-pr-runner:job:${jobId}`;
}

/**
 * Completes, as `neutral` with `reason`, every run of ours named `name` on `headSha` that is still in
 * progress: a run opened by an attempt that was stopped, on a commit a newer push has replaced, would
 * otherwise block a protected branch's merge for good. "Ours" means opened by claude-pr-runner (our
 * external id prefix); GitHub lets an App update only its own runs anyway. Returns the ids completed.
 */
export async function concludeStaleCheckRuns(
  octokit: GitHubClient,
  target: {
    owner: string;
    repo: string;
    headSha: string;
    name: string;
    /** Only the runs of this job (its `jobExternalId`), not every one of ours on the head. */
    externalId?: string;
  },
  reason: { title: string; summary: string },
  neutraliser: OutputNeutraliser = neutraliserFor(octokit),
): Promise<number[]> {
  const runs = await checkRunsNamed(octokit, target);
  const stale = runs.filter(
    (r) =>
      r.status !== "completed" &&
      (target.externalId === undefined
        ? r.external_id?.startsWith("claude-pr-runner:")
        : r.external_id === target.externalId),
  );
  for (const run of stale) {
    await octokit.rest.checks.update({
      owner: target.owner,
      repo: target.repo,
      check_run_id: run.id,
      status: "completed",
      conclusion: "neutral",
      completed_at: new Date().toISOString(),
      output: { title: neutraliser.prose(reason.title), summary: neutraliser.markup(reason.summary) },
    });
  }
  return stale.map((r) => r.id);
}

/** Every run named `name` on `headSha`, whatever its status or app. */
function checkRunsNamed(
  octokit: GitHubClient,
  target: { owner: string; repo: string; headSha: string; name: string },
) {
  return octokit.paginate(octokit.rest.checks.listForRef, {
    owner: target.owner,
    repo: target.repo,
    ref: target.headSha,
    check_name: target.name,
    filter: "all",
    per_page: 100,
  });
}
