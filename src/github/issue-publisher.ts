import type { Finding } from "../findings/finding.js";
import { fingerprintFindings } from "../findings/finding-fingerprint.js";
import { locationOf, severityLabel, suggestionBlock } from "../findings/finding-markdown.js";
import { assertValidFindings } from "../findings/finding-validation.js";
import { fingerprintMarker, readFingerprintMarkers } from "../findings/fingerprint-marker.js";
import { createOnce } from "./create-once.js";
import type { GitHubClient } from "./github-client.js";
import { listIssueComments } from "./list-comments.js";
import { neutraliserFor, type OutputNeutraliser } from "./neutralise-output.js";
import { writtenByUs } from "./own-comments.js";

export interface IssuePublisherOptions {
  /**
   * Labels put on every issue. The first one also identifies our issues when listing, so it should be
   * specific (default `claude-audit`).
   */
  labels?: string[];
  /** Create at most this many new issues per run; the rest are reported as `deferred`. */
  maxNewIssues?: number;
  /** Sanitises every title and body on its way out (default: token patterns, GitHub host only). */
  neutraliser?: OutputNeutraliser;
}

export interface SyncIssuesInput {
  owner: string;
  repo: string;
  findings: readonly Finding[];
  /** Commit the audit ran on; quoted in bodies and closing comments. */
  sha?: string;
  runUrl?: string;
}

export interface SyncIssuesResult {
  created: number[];
  updated: number[];
  reopened: number[];
  closed: number[];
  unchanged: number[];
  /** New findings not filed because of `maxNewIssues`. */
  deferred: number;
  /** Findings whose issue a person closed as "not planned": left closed. */
  declined: number[];
}

interface OurIssue {
  number: number;
  title: string;
  body: string;
  state: string;
  stateReason: string | null;
  labels: string[];
}

/**
 * Keeps one GitHub issue per audit finding: files new findings, refreshes changed ones, reopens ones
 * that came back, and closes (with a comment) the ones that disappeared. Identity is the fingerprint
 * marker in the issue body, so runs never file duplicates.
 */
export class IssuePublisher {
  private readonly labels: string[];
  private readonly maxNew: number;
  private readonly neutraliser: OutputNeutraliser;

  constructor(
    private readonly octokit: GitHubClient,
    options: IssuePublisherOptions = {},
  ) {
    this.labels = options.labels && options.labels.length > 0 ? options.labels : ["claude-audit"];
    this.maxNew = options.maxNewIssues ?? Number.POSITIVE_INFINITY;
    this.neutraliser = options.neutraliser ?? neutraliserFor(octokit);
  }

  async sync(input: SyncIssuesInput): Promise<SyncIssuesResult> {
    assertValidFindings(input.findings);
    const result: SyncIssuesResult = {
      created: [],
      updated: [],
      reopened: [],
      closed: [],
      unchanged: [],
      deferred: 0,
      declined: [],
    };
    const byFingerprint = indexByFingerprint(await this.listOurIssues(input.owner, input.repo));
    const current = fingerprintFindings(input.findings);
    for (const { finding, fingerprint } of current) {
      const existing = byFingerprint.get(fingerprint);
      if (existing) await this.refresh(existing, finding, fingerprint, input, result);
      else if (result.created.length >= this.maxNew) result.deferred++;
      else result.created.push(await this.file(finding, fingerprint, input));
    }

    const currentFps = new Set(current.map((c) => c.fingerprint));
    for (const [fp, issue] of byFingerprint) {
      if (currentFps.has(fp) || issue.state !== "open") continue;
      await this.close(issue, input);
      result.closed.push(issue.number);
    }
    return result;
  }

  /** Files a new finding; returns the issue's number. */
  private async file(finding: Finding, fingerprint: string, input: SyncIssuesInput): Promise<number> {
    const { owner, repo } = input;
    const { title, body } = this.issueText(finding, fingerprint, input);
    const data = await createOnce(this.octokit, {
      what: `issue in ${owner}/${repo}`,
      create: async (request) =>
        (
          await this.octokit.rest.issues.create({
            owner,
            repo,
            title,
            body,
            labels: this.labels,
            request,
          })
        ).data,
      // No issue had this fingerprint when we listed them, so one that has it now is ours.
      findExisting: async () =>
        (await this.listOurIssues(owner, repo)).find(
          (i) => !i.pull_request && readFingerprintMarkers(i.body).includes(fingerprint),
        ),
    });
    return data.number;
  }

  /** Brings a finding's existing issue up to date, reopening it unless a person declined it. */
  private async refresh(
    existing: OurIssue,
    finding: Finding,
    fingerprint: string,
    input: SyncIssuesInput,
    result: SyncIssuesResult,
  ): Promise<void> {
    if (existing.state === "closed" && existing.stateReason === "not_planned") {
      result.declined.push(existing.number);
      return;
    }
    const { title, body } = this.issueText(finding, fingerprint, input);
    const labelsMissing = this.labels.some((l) => !existing.labels.includes(l));
    const reopen = existing.state === "closed";
    if (!reopen && !labelsMissing && existing.title === title && sameContent(existing.body, body)) {
      result.unchanged.push(existing.number);
      return;
    }
    await this.octokit.rest.issues.update({
      owner: input.owner,
      repo: input.repo,
      issue_number: existing.number,
      title,
      body,
      labels: [...new Set([...existing.labels, ...this.labels])],
      ...(reopen ? { state: "open" as const } : {}),
    });
    (reopen ? result.reopened : result.updated).push(existing.number);
  }

  /** Closes the issue of a finding that disappeared, saying which audit no longer saw it. */
  private async close(issue: OurIssue, input: SyncIssuesInput): Promise<void> {
    const { owner, repo } = input;
    const body = this.neutraliser.markup(
      `This finding no longer appears in the audit${input.sha ? ` of \`${input.sha.slice(0, 12)}\`` : ""}${input.runUrl ? ` ([run](${input.runUrl}))` : ""}. Closing.`,
    );
    await createOnce(this.octokit, {
      what: `closing comment on ${owner}/${repo}#${issue.number}`,
      create: async (request) =>
        (
          await this.octokit.rest.issues.createComment({
            owner,
            repo,
            issue_number: issue.number,
            body,
            request,
          })
        ).data,
      // The issue is still open, so a comment with this exact text (commit and run included) is this run's.
      findExisting: async () =>
        (await listIssueComments(this.octokit, { owner, repo, issueNumber: issue.number })).find(
          (c) => c.body === body,
        ),
    });
    await this.octokit.rest.issues.update({
      owner,
      repo,
      issue_number: issue.number,
      state: "closed",
      state_reason: "completed",
    });
  }

  private issueText(finding: Finding, fingerprint: string, input: SyncIssuesInput) {
    return {
      title: this.neutraliser.prose(issueTitle(finding)),
      body: this.neutraliser.markup(renderIssueBody(finding, fingerprint, input), {
        markers: [fingerprintMarker(fingerprint)],
      }),
    };
  }

  /**
   * Issues (and PRs: the endpoint lists both) carrying our identifying label, open or closed, that we
   * opened: anyone may open an issue with our label and a pasted fingerprint marker.
   */
  private async listOurIssues(owner: string, repo: string) {
    const all = await this.octokit.paginate(this.octokit.rest.issues.listForRepo, {
      owner,
      repo,
      labels: this.labels[0],
      state: "all",
      per_page: 100,
    });
    return all.filter((i) => writtenByUs(this.octokit, i.user));
  }
}

type ListedIssue = Awaited<ReturnType<IssuePublisher["listOurIssues"]>>[number];

/** Our issues by the fingerprints their bodies carry; pull requests are not ours to sync. */
function indexByFingerprint(listed: readonly ListedIssue[]): Map<string, OurIssue> {
  const byFingerprint = new Map<string, OurIssue>();
  // Oldest first, so if a duplicate ever slipped in, the original issue is the one we keep using.
  for (const i of [...listed].sort((a, b) => a.number - b.number)) {
    if (i.pull_request) continue;
    for (const fp of readFingerprintMarkers(i.body)) {
      if (byFingerprint.has(fp)) continue;
      byFingerprint.set(fp, {
        number: i.number,
        title: i.title,
        body: i.body ?? "",
        state: i.state,
        stateReason: i.state_reason ?? null,
        labels: i.labels.map((l) => (typeof l === "string" ? l : (l.name ?? ""))),
      });
    }
  }
  return byFingerprint;
}

export function issueTitle(finding: Finding): string {
  return `[${finding.category}] ${finding.title}`.slice(0, 250);
}

/** The part of a body that says which commit/run last saw the finding does not count as a change. */
function sameContent(a: string, b: string): boolean {
  const strip = (s: string) => s.replace(/\n<sub>Last seen[^\n]*<\/sub>/, "");
  return strip(a) === strip(b);
}

export function renderIssueBody(
  finding: Finding,
  fingerprint: string,
  input: { sha?: string; runUrl?: string },
): string {
  const parts = [
    `**${severityLabel(finding.severity)}** · ${finding.category} · \`${locationOf(finding)}\``,
    "",
    finding.body.trim(),
  ];
  if (finding.suggestion !== undefined)
    parts.push(
      "",
      "Suggested change:",
      "",
      suggestionBlock(finding.suggestion).replace(/suggestion\n/, "\n"),
    );
  const seen = [
    input.sha ? `\`${input.sha.slice(0, 12)}\`` : "",
    input.runUrl ? `[run](${input.runUrl})` : "",
  ].filter(Boolean);
  if (seen.length > 0) parts.push("", `<sub>Last seen in ${seen.join(" · ")}</sub>`);
  parts.push("", fingerprintMarker(fingerprint));
  return parts.join("\n");
}
