import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lineCountAt } from "../../github/read-file-at.js";
import type { ManagedAgentsEngine } from "../../runner/managed-agents/managed-agents-engine.js";
import { builtInPolicy } from "../../runner/policy/built-in-policy.js";
import { type GitHubAccess, githubClientOf } from "../shared/github-access.js";
import type { JobSettings } from "../shared/job-settings.js";
import { settleRemoteJobSession } from "../shared/run-job-session.js";
import { AUDIT_SCHEMA } from "./audit-schema.js";
import { type AuditResult, auditPromptFor, finishAudit } from "./run-audit.js";
import { uploadAuditSarif } from "./upload-audit-sarif.js";

/** What the settle step of a remote audit needs, kept by the door from start to settle. */
export interface RemoteAuditRecord {
  kind: "audit";
  sessionId: string;
  owner: string;
  repo: string;
  defaultBranch: string;
  /** The audited commit: the branch tip when the worker started the session, mounted exactly. */
  headSha: string;
  startedAt: string;
  maxTurns?: number;
  focus?: string;
  maxNewIssues?: number;
  /** Upload the findings to code scanning as well as filing issues. */
  uploadSarif: boolean;
  runUrl?: string;
  /** When the job's time is up (ISO): a settle step or the sweeper then interrupts and archives it. */
  deadlineAt?: string;
}

export interface RemoteAuditStart {
  owner: string;
  repo: string;
  defaultBranch: string;
  headSha: string;
  focus?: string;
  maxNewIssues?: number;
  uploadSarif?: boolean;
  runUrl?: string;
  /** Mints the token the repository is mounted with (default: the engine's own). */
  mountToken?: () => Promise<string>;
}

/**
 * Starts a scheduled audit on the Managed Agents engine without waiting: the same prompt and schema
 * as the CLI audit, the branch mounted at `headSha`, read only. `settleRemoteAudit` publishes it.
 */
export async function startRemoteAudit(
  job: RemoteAuditStart,
  settings: JobSettings,
  engine: ManagedAgentsEngine,
): Promise<RemoteAuditRecord> {
  const request = { repository: { owner: job.owner, name: job.repo }, defaultBranch: job.defaultBranch };
  const { sessionId } = await engine.start({
    jobKind: "audit",
    prompt: auditPromptFor({ ...request, ...(job.focus ? { focus: job.focus } : {}) }, settings, job.headSha),
    jsonSchema: settings.jsonSchema ?? AUDIT_SCHEMA,
    maxBudgetUsd: settings.maxBudgetUsd,
    maxTurns: settings.maxTurns,
    workspace: { owner: job.owner, name: job.repo, headSha: job.headSha, access: "read" },
    ...(settings.model ? { model: settings.model } : {}),
    ...(job.mountToken ? { repositoryToken: job.mountToken } : {}),
  });
  return {
    kind: "audit",
    sessionId,
    owner: job.owner,
    repo: job.repo,
    defaultBranch: job.defaultBranch,
    headSha: job.headSha,
    startedAt: new Date().toISOString(),
    maxTurns: settings.maxTurns,
    ...(job.focus ? { focus: job.focus } : {}),
    ...(job.maxNewIssues === undefined ? {} : { maxNewIssues: job.maxNewIssues }),
    uploadSarif: job.uploadSarif ?? false,
    ...(job.runUrl ? { runUrl: job.runUrl } : {}),
    // The same time budget a CLI session of this job gets, counted from the session's creation.
    deadlineAt: new Date(Date.now() + settings.timeoutMs).toISOString(),
  };
}

export type RemoteAuditSettled =
  | { status: "waiting" }
  /** The session ended, but another settle step holds the right to publish it. */
  | { status: "claimed_elsewhere" }
  | { status: "published"; result: AuditResult; sarif?: { uploaded: boolean; detail: string } };

/**
 * One webhook's worth of work on a remote audit: answer what the session waits on, or, once it
 * ended, check and publish it exactly as the CLI audit does (issues, SARIF). Line counts come from
 * the contents API at the audited commit, since nothing is cloned here.
 */
export async function settleRemoteAudit(
  record: RemoteAuditRecord,
  target: {
    /** Asked for only once the session ended and this step may publish. */
    octokit: GitHubAccess;
    /** Asked once the session ended, before anything reaches GitHub: false when another step publishes. */
    claim?: () => Promise<boolean>;
  },
  engine: ManagedAgentsEngine,
  settings: Pick<JobSettings, "jsonSchema" | "policy"> = {},
): Promise<RemoteAuditSettled> {
  const settled = await settleRemoteJobSession(
    engine,
    record,
    {
      jsonSchema: settings.jsonSchema ?? AUDIT_SCHEMA,
      // Shell commands are judged by the audit's read-only rules; paths resolve against nothing local.
      policy: settings.policy ?? builtInPolicy("audit", { workspace: "/nonexistent-remote-workspace" }),
    },
    target.claim,
  );
  if (settled.status !== "settled") return settled;
  const octokit = await githubClientOf(target.octokit);
  const { session } = settled;
  const { owner, repo, headSha } = record;
  const sarifDir = record.uploadSarif ? await mkdtemp(join(tmpdir(), "cpr-audit-sarif-")) : undefined;
  try {
    const result = await finishAudit(
      {
        repository: { owner, name: repo },
        defaultBranch: record.defaultBranch,
        headSha,
        ...(record.focus ? { focus: record.focus } : {}),
        ...(sarifDir ? { sarifPath: join(sarifDir, "audit.sarif") } : {}),
        issues: record.maxNewIssues === undefined ? {} : { maxNewIssues: record.maxNewIssues },
        ...(record.runUrl ? { runUrl: record.runUrl } : {}),
      },
      { github: octokit },
      headSha,
      session,
      async (paths) => {
        const unique = [...new Set(paths)];
        const counts = await Promise.all(
          unique.map((path) => lineCountAt(octokit, { owner, repo, ref: headSha, path })),
        );
        return new Map(unique.map((path, i) => [path, counts[i]]));
      },
    );
    if (result.status !== "audited" || !result.sarif) return { status: "published", result };
    const uploaded = await uploadAuditSarif(octokit, {
      owner,
      repo,
      commitSha: headSha,
      branch: record.defaultBranch,
      path: result.sarif.path,
    });
    return {
      status: "published",
      result,
      sarif: uploaded.uploaded
        ? { uploaded: true, detail: uploaded.id }
        : { uploaded: false, detail: uploaded.reason },
    };
  } finally {
    if (sarifDir) await rm(sarifDir, { recursive: true, force: true });
  }
}
