import type { Finding, FindingSeverity } from "./finding.js";
import { fingerprintMarker, readFingerprintMarkers } from "./fingerprint-marker.js";

const SEVERITY_LABEL: Record<FindingSeverity, string> = {
  error: "🔴 Error",
  warning: "🟠 Warning",
  notice: "🔵 Notice",
};

export function severityLabel(severity: FindingSeverity): string {
  return SEVERITY_LABEL[severity];
}

/** The severity a label of `severityLabel` stands for; undefined for any other text. */
export function severityFromLabel(label: string): FindingSeverity | undefined {
  return (Object.keys(SEVERITY_LABEL) as FindingSeverity[]).find((s) => SEVERITY_LABEL[s] === label);
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

/**
 * `text` as one inline code span that nothing in it can close or break out of: git allows any byte
 * but NUL in a file name, backticks and line breaks included. The fence is one backtick longer than
 * the longest run inside, padded when the text starts or ends with one; control characters (a line
 * break would end the span) are shown escaped.
 */
export function inlineCode(text: string): string {
  const flat = text.replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is escaped
    /[\u0000-\u001f\u007f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  const longest = Math.max(0, ...Array.from(flat.matchAll(/`+/g), (m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** Makes text safe inside one Markdown table cell. */
export function tableCell(text: string): string {
  return text.replace(/\r?\n/g, " ").replace(/\|/g, "\\|");
}

/** What a finding comment of ours says, read back from its Markdown (see `renderFindingComment`). */
export interface ParsedFindingComment {
  severity: FindingSeverity;
  category: string;
  title: string;
  /** The explanation, with the suggestion block when there was one (it shows the intended fix). */
  body: string;
  fingerprint: string;
}

const HEADER =
  /^\*\*(?<label>[^*\n]+)\*\* · (?<category>[^\n]*?) — \*\*(?<title>[\s\S]*?)\*\*(?:\n\n(?<rest>[\s\S]*))?$/;

/**
 * The inverse of `renderFindingComment`: undefined for anything it did not render (no fingerprint
 * marker, or a header that is not ours), so foreign comments are never mistaken for findings.
 */
export function parseFindingComment(body: string | null | undefined): ParsedFindingComment | undefined {
  const [fingerprint] = readFingerprintMarkers(body);
  if (fingerprint === undefined || !body) return undefined;
  const text = body.replace(fingerprintMarker(fingerprint), "").replace(/\r\n/g, "\n").trim();
  const groups = HEADER.exec(text)?.groups;
  if (!groups) return undefined;
  const severity = severityFromLabel(groups.label ?? "");
  if (severity === undefined) return undefined;
  return {
    severity,
    category: groups.category ?? "",
    title: groups.title ?? "",
    body: (groups.rest ?? "").trim(),
    fingerprint,
  };
}
