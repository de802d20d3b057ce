import type { Finding } from "../../findings/finding.js";
import { repositoryPathProblem } from "../../findings/repository-path.js";
import type { AuditReport } from "./audit-schema.js";

export interface AuditRejection {
  finding: Finding;
  reason: string;
}

export interface CheckedAudit {
  report: AuditReport;
  rejected: AuditRejection[];
}

/**
 * A schema-valid audit can still point at files that do not exist or lines past their end; an issue
 * or a code-scanning alert on such a place helps nobody. Those findings are set aside with a reason
 * (and said so in the summary). Two findings with one key would fight over one issue: the first wins.
 */
export function checkAudit(
  report: AuditReport,
  lineCount: (path: string) => number | undefined,
): CheckedAudit {
  const rejected: AuditRejection[] = [];
  const kept: Finding[] = [];
  const keys = new Set<string>();
  for (const finding of report.findings) {
    const reason = rejectionReason(finding, lineCount, keys);
    if (reason) rejected.push({ finding, reason });
    else {
      kept.push(finding);
      keys.add(finding.fingerprint ?? "");
    }
  }
  return { report: { ...report, findings: kept }, rejected };
}

function rejectionReason(
  finding: Finding,
  lineCount: (path: string) => number | undefined,
  keys: ReadonlySet<string>,
): string | undefined {
  if (repositoryPathProblem(finding.path)) {
    return `path ${JSON.stringify(finding.path)} is not a repository-relative path`;
  }
  const lines = lineCount(finding.path);
  if (lines === undefined) return `${finding.path} does not exist in the audited commit`;
  if (finding.endLine > Math.max(lines, 1)) {
    return `line ${finding.endLine} is past the end of ${finding.path} (${lines} lines)`;
  }
  if (finding.fingerprint !== undefined && keys.has(finding.fingerprint)) {
    return `key ${finding.fingerprint.replace(/^audit:/, "")} is used by an earlier finding`;
  }
  return undefined;
}
