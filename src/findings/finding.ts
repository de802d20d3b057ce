/**
 * A finding is the unit every job produces and every publisher consumes: one observation about one
 * place in the repository. Reviews, audits and autofix summaries all speak in findings, so a single
 * shape flows from the model's structured output to inline comments, annotations, issues and SARIF.
 */
export type FindingSeverity = "error" | "warning" | "notice";

/** Severities from least to most severe, for bounds and thresholds (`rank[a] < rank[b]`: a is milder). */
export const SEVERITY_RANK: Readonly<Record<FindingSeverity, number>> = { notice: 0, warning: 1, error: 2 };

export interface Finding {
  /** Repository-relative path with forward slashes, as it appears in the PR's new tree. */
  path: string;
  /** 1-based first line in the new version of the file. */
  startLine: number;
  /** 1-based last line (inclusive); equal to startLine for a single-line finding. */
  endLine: number;
  severity: FindingSeverity;
  title: string;
  /** Markdown explanation. */
  body: string;
  /** Replacement text for lines startLine..endLine, offered as a GitHub suggestion block. */
  suggestion?: string;
  /** Free-form category such as "security", "bug", "style", "tests". */
  category: string;
  /**
   * Stable identity across runs. When absent, publishers derive one from path, category and title,
   * so re-running with the same findings never posts duplicates.
   */
  fingerprint?: string;
}
