import type { Finding } from "./finding.js";
import { bySeverity, locationOf, severityLabel, tableCell } from "./finding-markdown.js";

/** What a finished job tells people: shared by the sticky PR comment and the Actions job summary. */
export interface RunReport {
  /** Heading, e.g. "Claude review". */
  title: string;
  /** One line verdict, e.g. "Changes requested: 2 errors". */
  verdict: string;
  findings: readonly Finding[];
  /** Commit the findings belong to. */
  reviewedSha?: string;
  totalCostUsd?: number;
  numTurns?: number;
  sessionId?: string;
  /** Link to the workflow run or Lambda log. */
  runUrl?: string;
  /** Extra Markdown placed under the verdict (the model's summary). */
  details?: string;
}

/** GitHub refuses comment bodies over 65,536 characters; keep margin for markers. */
export const MAX_COMMENT_CHARS = 65_000;

export function renderRunReport(report: RunReport, maxChars = MAX_COMMENT_CHARS): string {
  const head: string[] = [`## ${report.title}`, "", `**Verdict:** ${report.verdict}`];
  if (report.details?.trim()) head.push("", report.details.trim());
  head.push("", renderFacts(report));
  const tableIntro =
    report.findings.length === 0
      ? ["", "No findings."]
      : ["", `### Findings (${report.findings.length})`, ""];
  const text = [...head, ...tableIntro].join("\n");
  if (report.findings.length === 0) return text;
  return `${text}${renderFindingsTable(report.findings, maxChars - text.length - 1)}`;
}

function renderFacts(r: RunReport): string {
  const facts: string[] = [];
  if (r.reviewedSha) facts.push(`reviewed at \`${r.reviewedSha.slice(0, 12)}\``);
  if (r.totalCostUsd !== undefined) facts.push(`cost $${r.totalCostUsd.toFixed(4)}`);
  if (r.numTurns !== undefined) facts.push(`${r.numTurns} turn${r.numTurns === 1 ? "" : "s"}`);
  if (r.sessionId) facts.push(`session \`${r.sessionId}\``);
  if (r.runUrl) facts.push(`[run](${r.runUrl})`);
  return facts.length > 0 ? `<sub>${facts.join(" · ")}</sub>` : "";
}

/** A severity-ordered table that stops before `maxChars` and says how many rows it left out. */
export function renderFindingsTable(findings: readonly Finding[], maxChars: number): string {
  const rows = ["| Severity | Location | Category | Finding |", "| --- | --- | --- | --- |"];
  let size = rows.join("\n").length;
  const ordered = bySeverity(findings.map((finding) => ({ finding })));
  let shown = 0;
  for (const { finding } of ordered) {
    const row = `| ${severityLabel(finding.severity)} | \`${tableCell(locationOf(finding))}\` | ${tableCell(finding.category)} | ${tableCell(finding.title)} |`;
    if (size + row.length + 120 > maxChars) break;
    rows.push(row);
    size += row.length + 1;
    shown++;
  }
  if (shown < findings.length)
    rows.push("", `…and ${findings.length - shown} more findings (see the check run).`);
  return rows.join("\n");
}
