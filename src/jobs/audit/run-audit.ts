import type { JobSessionPlan, JobSessionResult } from "../../engines/engine.js";
import { NO_LOCAL_WORKSPACE } from "../../engines/remote-workspace-dir.js";
import type { GitHubClient } from "../../github/github-client.js";
import { IssuePublisher, type SyncIssuesResult } from "../../github/issue-publisher.js";
import { neutraliserFor } from "../../github/neutralise-output.js";
import { compileOnFirstUse } from "../../json-schema/compile-on-first-use.js";
import { builtInPolicy } from "../../runner/policy/built-in-policy.js";
import { sessionFailureReason } from "../../runner/session-outcome.js";
import { branchLineageKey } from "../../sessions/lineage-key.js";
import type { RestoreResult } from "../../sessions/restore-result.js";
import type { TranscriptStore } from "../../sessions/transcript-store.js";
import { type RepositoryResolution, readRepositoryResolution } from "../learnings/resolution-ledger.js";
import { GitCheckout } from "../shared/git-checkout.js";
import { type JobSettings, sessionLimitsFrom } from "../shared/job-settings.js";
import { jobToolAccess } from "../shared/job-tool-access.js";
import { runJobSession } from "../shared/run-job-session.js";
import { type AuditRejection, checkAudit } from "./audit-checks.js";
import { parseAuditFocus } from "./audit-focus.js";
import { buildAuditPrompt } from "./audit-prompt.js";
import { AUDIT_SCHEMA, type AuditReport, auditReportFromStructuredOutput } from "./audit-schema.js";
import { writeSarifFile } from "./write-sarif-file.js";

export interface AuditRequest {
  repository: { owner: string; name: string };
  /** Checkout of the default branch. */
  checkoutDir: string;
  defaultBranch: string;
  /** The audited commit; the checkout's HEAD when absent. */
  headSha?: string;
  /** security, dependencies, dead code, tests, or free text (see parseAuditFocus). */
  focus?: string;
  /** Where to write the SARIF file; no file when absent. */
  sarifPath?: string;
  /** Sync one issue per finding (default on when a GitHub client is given). */
  issues?: { labels?: string[]; maxNewIssues?: number } | false;
  /** Link to the workflow run, quoted in issue bodies. */
  runUrl?: string;
  /** The audit is recorded in the default branch's lineage, so later PR reviews fork from it. */
  lineage?: { store: TranscriptStore; keepLast?: number };
}

export interface AuditDeps {
  /** Needed for issues; without it the audit only writes SARIF. */
  github?: GitHubClient;
  /** Version written into the SARIF driver. */
  toolVersion?: string;
}

export type AuditResult =
  | {
      status: "audited";
      headSha: string;
      report: AuditReport;
      rejected: AuditRejection[];
      issues?: SyncIssuesResult;
      sarif?: { path: string; results: number };
      session: JobSessionResult;
      /** The repository's review resolution rate, read from the session store (see resolution-ledger). */
      repositoryResolution?: RepositoryResolution;
    }
  | { status: "failed"; headSha: string; reason: string; session: JobSessionResult };

const validateAudit = compileOnFirstUse(AUDIT_SCHEMA);

/**
 * The scheduled audit: one read-only session over the default branch with the audit schema, findings
 * checked against the checkout, then SARIF and issues. A failed session publishes nothing: an empty
 * SARIF or issue sync would read as "every problem is fixed" and close alerts and issues.
 */
export async function runAudit(
  request: AuditRequest,
  settings: JobSettings,
  deps: AuditDeps = {},
): Promise<AuditResult> {
  const checkout = new GitCheckout(request.checkoutDir, settings.hostEnv);
  const headSha = request.headSha ?? (await checkout.resolve("HEAD"));
  const lineageKey = branchLineageKey(
    request.repository.owner,
    request.repository.name,
    request.defaultBranch,
  );

  const session = await runJobSession(
    auditSessionPlan(request, settings, headSha),
    request.lineage
      ? {
          store: request.lineage.store,
          lineageKey,
          jobKind: "audit",
          headSha,
          ...(request.lineage.keepLast === undefined ? {} : { keepLast: request.lineage.keepLast }),
        }
      : undefined,
    settings,
  );

  const result = await finishAudit(request, deps, headSha, session, (paths) =>
    checkout.lineCounts(headSha, paths),
  );
  if (result.status !== "audited" || !request.lineage) return result;
  // The audit reports how the repository's reviews fared: the share of their findings resolved.
  const repositoryResolution = await readRepositoryResolution({
    store: request.lineage.store,
    owner: request.repository.owner,
    repo: request.repository.name,
  }).catch(() => undefined);
  return repositoryResolution ? { ...result, repositoryResolution } : result;
}

/**
 * The audit's start phase, the same on every engine: a read-only session over the audited commit with
 * the audit schema (audits run on the default branch: a trusted job). Without a checkout (a session
 * begun on a remote engine) paths resolve against nothing local.
 */
export function auditSessionPlan(
  request: Pick<AuditRequest, "repository" | "defaultBranch" | "focus"> & { checkoutDir?: string },
  settings: JobSettings,
  headSha: string,
): JobSessionPlan {
  const cwd = request.checkoutDir ?? NO_LOCAL_WORKSPACE;
  return {
    jobKind: "audit",
    prompt: (restore: RestoreResult) =>
      auditPromptFor(
        request,
        settings,
        headSha,
        restore.status === "restored" ? restore.parentHeadSha : undefined,
      ),
    cwd,
    ...jobToolAccess("audit", settings.policy ?? builtInPolicy("audit", { workspace: cwd }), settings, true),
    jsonSchema: settings.jsonSchema ?? AUDIT_SCHEMA,
    ...sessionLimitsFrom(settings),
    workspace: { owner: request.repository.owner, name: request.repository.name, headSha, access: "read" },
  };
}

/** The audit's prompt, the same on both engines (a remote session starts fresh: no previous commit). */
export function auditPromptFor(
  request: Pick<AuditRequest, "repository" | "defaultBranch" | "focus">,
  settings: Pick<JobSettings, "extraInstructions">,
  headSha: string,
  previousSha?: string,
): string {
  return buildAuditPrompt({
    repository: `${request.repository.owner}/${request.repository.name}`,
    branch: request.defaultBranch,
    headSha,
    focus: parseAuditFocus(request.focus),
    ...(previousSha ? { previousSha } : {}),
    ...(settings.extraInstructions ? { extraInstructions: settings.extraInstructions } : {}),
  });
}

/**
 * After the session, on either engine: check the structured output, set aside findings on unknown
 * paths or past the end of a file (`lineCountsAt` reads the audited commit), then SARIF and issues.
 */
export async function finishAudit(
  request: Omit<AuditRequest, "checkoutDir" | "lineage">,
  deps: AuditDeps,
  headSha: string,
  session: JobSessionResult,
  lineCountsAt: (paths: string[]) => Promise<Map<string, number | undefined>>,
): Promise<AuditResult> {
  const { outcome } = session;
  if (outcome.exitCode !== 0) {
    return { status: "failed", headSha, reason: sessionFailureReason(outcome), session };
  }
  if (!validateAudit(outcome.structuredOutput)) {
    return {
      status: "failed",
      headSha,
      reason: "the structured output is not an audit (summary, findings with keys); nothing was published",
      session,
    };
  }

  const report = auditReportFromStructuredOutput(outcome.structuredOutput);
  const lineCounts = await lineCountsAt(report.findings.map((f) => f.path));
  const checked = checkAudit(report, (path) => lineCounts.get(path));
  const findings = checked.report.findings;

  const result: Extract<AuditResult, { status: "audited" }> = {
    status: "audited",
    headSha,
    report: checked.report,
    rejected: checked.rejected,
    session,
  };
  if (request.sarifPath) {
    result.sarif = await writeSarifFile(
      request.sarifPath,
      findings,
      {
        name: "claude-pr-runner",
        ...(deps.toolVersion ? { version: deps.toolVersion } : {}),
      },
      neutraliserFor(deps.github),
    );
  }
  if (deps.github && request.issues !== false) {
    const publisher = new IssuePublisher(deps.github, {
      ...(request.issues?.labels ? { labels: request.issues.labels } : {}),
      ...(request.issues?.maxNewIssues === undefined ? {} : { maxNewIssues: request.issues.maxNewIssues }),
    });
    result.issues = await publisher.sync({
      owner: request.repository.owner,
      repo: request.repository.name,
      findings,
      sha: headSha,
      ...(request.runUrl ? { runUrl: request.runUrl } : {}),
    });
  }
  return result;
}
