import { fingerprintMarker } from "./comment-markers.js";
import type { Finding, FindingSeverity } from "./finding.js";

const SEVERITY_LABEL: Record<FindingSeverity, string> = {
  error: "🔴 Error",
  warning: "🟠 Warning",
  notice: "🔵 Notice",
};

export function severityLabel(severity: FindingSeverity): string {
  return SEVERITY_LABEL[severity];
}

/** Orders findings errors first, then warnings, then notices, keeping input order within a severity. */
export function bySeverity<T extends { finding: Finding }>(items: readonly T[]): T[] {
  const rank: Record<FindingSeverity, number> = { error: 0, warning: 1, notice: 2 };
  return [...items].sort((a, b) => rank[a.finding.severity] - rank[b.finding.severity]);
}

/** A GitHub suggestion block; the fence is longer than any backtick run inside so it cannot be closed early. */
export function suggestionBlock(suggestion: string): string {
  const longest = Math.max(2, ...[...suggestion.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}suggestion\n${suggestion.replace(/\n$/, "")}\n${fence}`;
}

/** The body of one inline or file-level review comment, ending with its hidden fingerprint marker. */
export function renderFindingComment(finding: Finding, fingerprint: string, withSuggestion: boolean): string {
  const parts = [
    `**${severityLabel(finding.severity)}** · ${finding.category} — **${finding.title}**`,
    "",
    finding.body.trim(),
  ];
  if (withSuggestion && finding.suggestion !== undefined) parts.push("", suggestionBlock(finding.suggestion));
  parts.push("", fingerprintMarker(fingerprint));
  return parts.join("\n");
}

/** `path:12` or `path:12-15`. */
export function locationOf(finding: Finding): string {
  return finding.startLine === finding.endLine
    ? `${finding.path}:${finding.startLine}`
    : `${finding.path}:${finding.startLine}-${finding.endLine}`;
}

/** Makes text safe inside one Markdown table cell. */
export function tableCell(text: string): string {
  return text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|");
}
