import type { Finding, FindingSeverity } from "../findings/finding.js";
import {
  bySeverity,
  locationOf,
  severityFromLabel,
  severityLabel,
  tableCell,
} from "../findings/finding-markdown.js";

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
  /** What the run was estimated to cost before it started, shown next to the actual cost. */
  estimatedCostUsd?: number;
  numTurns?: number;
  sessionId?: string;
  /** Link to the workflow run or Lambda log. */
  runUrl?: string;
  /** Extra Markdown placed under the verdict (the model's summary). */
  details?: string;
  /** What happened to our comments from earlier runs whose finding is gone (`ReviewPublisher`). */
  outdatedComments?: { resolved: number; deleted: number };
}

/**
 * How a report's verdict starts when the run failed: its empty findings table then means "no review",
 * not "no findings", and readers must not take it as the latest review's list.
 */
export const FAILED_RUN_VERDICT = "Review failed";

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
  if (r.totalCostUsd !== undefined)
    facts.push(
      `cost $${r.totalCostUsd.toFixed(4)}${r.estimatedCostUsd !== undefined ? ` (estimated $${r.estimatedCostUsd.toFixed(4)})` : ""}`,
    );
  if (r.numTurns !== undefined) facts.push(`${r.numTurns} turn${r.numTurns === 1 ? "" : "s"}`);
  if (r.sessionId) facts.push(`session \`${r.sessionId}\``);
  if (r.runUrl) facts.push(`[run](${r.runUrl})`);
  const { resolved = 0, deleted = 0 } = r.outdatedComments ?? {};
  if (resolved > 0) facts.push(`${resolved} outdated comment${resolved === 1 ? "" : "s"} resolved`);
  if (deleted > 0) facts.push(`${deleted} outdated comment${deleted === 1 ? "" : "s"} deleted`);
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

/** A findings-table row read back from a rendered report: text cells as `tableCell` left them. */
export interface ReportFindingRow {
  severity: FindingSeverity;
  path: string;
  startLine: number;
  endLine: number;
  category: string;
  title: string;
}

export interface ParsedRunReport {
  verdict: string;
  findings: ReportFindingRow[];
  /** False when the table was cut (or could not be read in full), so `findings` is not the whole list. */
  complete: boolean;
}

/**
 * The inverse of `renderRunReport`, for reading our sticky comment back. The table is looked for
 * after the last "### Findings (N)" heading, below the model's own summary text, which could imitate it.
 */
export function parseRunReport(body: string | null | undefined): ParsedRunReport | undefined {
  const text = (body ?? "").replace(/\r\n/g, "\n");
  const verdict = /^\*\*Verdict:\*\* (.*)$/m.exec(text)?.[1];
  if (verdict === undefined) return undefined;
  // The report ends with "No findings." or with the table: what the model wrote comes before either.
  if (text.trimEnd().endsWith("\nNo findings.")) return { verdict, findings: [], complete: true };
  const heading = [...text.matchAll(/^### Findings \((\d+)\)$/gm)].at(-1);
  if (!heading) return { verdict, findings: [], complete: false };
  const findings: ReportFindingRow[] = [];
  for (const line of text.slice(heading.index).split("\n")) {
    const row = parseRow(line);
    if (row) findings.push(row);
  }
  return { verdict, findings, complete: findings.length === Number(heading[1]) };
}

function parseRow(line: string): ReportFindingRow | undefined {
  if (!line.startsWith("| ") || !line.endsWith(" |")) return undefined;
  // Cells are split on unescaped pipes: `tableCell` escapes every pipe inside a cell.
  const cells = line
    .slice(1, -1)
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());
  if (cells.length !== 4) return undefined;
  const [label, location, category, title] = cells.map((c) => c.replace(/\\\|/g, "|")) as [
    string,
    string,
    string,
    string,
  ];
  const severity = severityFromLabel(label);
  const where = /^`(.+):(\d+)(?:-(\d+))?`$/.exec(location);
  if (severity === undefined || !where) return undefined;
  const startLine = Number(where[2]);
  return {
    severity,
    path: where[1]!,
    startLine,
    endLine: where[3] === undefined ? startLine : Number(where[3]),
    category,
    title,
  };
}
