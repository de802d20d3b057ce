import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NO_LOCAL_WORKSPACE } from "../../engines/remote-workspace-dir.js";
import { lineCountAt } from "../../github/read-file-at.js";
import { builtInPolicy } from "../../runner/policy/built-in-policy.js";
import type { DetachedJob, DetachedJobRecord } from "../shared/detached-job.js";
import { githubClientOf } from "../shared/github-access.js";
import { AUDIT_SCHEMA } from "./audit-schema.js";
import { type AuditResult, finishAudit } from "./run-audit.js";
import { uploadAuditSarif } from "./upload-audit-sarif.js";

/** What the finish of a begun audit needs, kept by the door from start to settle. */
export interface AuditRecord extends DetachedJobRecord {
  kind: "audit";
  defaultBranch: string;
  /** The audited commit: the branch tip when the worker began the session, mounted exactly. */
  headSha: string;
  focus?: string;
  maxNewIssues?: number;
  /** Upload the findings to code scanning as well as filing issues. */
  uploadSarif: boolean;
  runUrl?: string;
}

/** The audit's result, and what became of its SARIF upload when the record asked for one. */
export type DetachedAuditResult = AuditResult & { sarifUpload?: { uploaded: boolean; detail: string } };

/**
 * An audit's finish when a later step settles it: finishAudit, as on every engine (issues, SARIF),
 * with line counts from the contents API at the audited commit, since nothing is cloned here.
 */
export const auditJob: DetachedJob<AuditRecord, DetachedAuditResult> = {
  check: () => ({
    jsonSchema: AUDIT_SCHEMA,
    policy: builtInPolicy("audit", { workspace: NO_LOCAL_WORKSPACE }),
  }),
  async finish(record, session, context) {
    const octokit = await githubClientOf(context.octokit);
    const { owner, repo, headSha } = record;
    const sarifDir = record.uploadSarif ? await mkdtemp(join(tmpdir(), "cpr-audit-sarif-")) : undefined;
    try {
      const result: DetachedAuditResult = await finishAudit(
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
      if (result.status === "audited" && result.sarif) {
        const uploaded = await uploadAuditSarif(octokit, {
          owner,
          repo,
          commitSha: headSha,
          branch: record.defaultBranch,
          path: result.sarif.path,
        });
        result.sarifUpload = uploaded.uploaded
          ? { uploaded: true, detail: uploaded.id }
          : { uploaded: false, detail: uploaded.reason };
        if (!uploaded.uploaded)
          context.log?.("SARIF not uploaded", { sessionId: record.sessionId, error: uploaded.reason });
      }
      return { result, session, conclusion: result.status };
    } finally {
      if (sarifDir) await rm(sarifDir, { recursive: true, force: true });
    }
  },
};
