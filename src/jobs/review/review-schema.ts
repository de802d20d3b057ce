import type { Finding, FindingSeverity } from "../../findings/finding.js";

/**
 * The JSON schema the CLI enforces through its StructuredOutput tool (docs/protocol.md#seed-references: structured output), and
 * that the runner validates again locally. Field names are snake_case because that is what models
 * produce most reliably; `reviewFromStructuredOutput` maps them to our camelCase Finding.
 */
export const REVIEW_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["verdict", "summary", "findings"],
  properties: {
    verdict: {
      type: "string",
      enum: ["pass", "comment", "request_changes"],
      description:
        "pass: nothing worth a comment; comment: remarks that need not block; request_changes: at least one problem that must be fixed before merging. There is no approve: a human approves.",
    },
    summary: {
      type: "string",
      minLength: 1,
      maxLength: 4000,
      description: "Markdown summary of the review.",
    },
    findings: {
      type: "array",
      maxItems: 200,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["path", "start_line", "end_line", "severity", "title", "body", "category"],
        properties: {
          path: { type: "string", minLength: 1, description: "Repository-relative path in the PR head." },
          start_line: { type: "integer", minimum: 1 },
          end_line: { type: "integer", minimum: 1 },
          severity: { type: "string", enum: ["error", "warning", "notice"] },
          title: { type: "string", minLength: 1, maxLength: 200 },
          body: { type: "string", minLength: 1, maxLength: 8000 },
          suggestion: {
            type: "string",
            description: "Exact replacement text for lines start_line..end_line, without fences.",
          },
          category: { type: "string", minLength: 1, maxLength: 60 },
        },
      },
    },
  },
} as const;

export type ReviewVerdict = "pass" | "comment" | "request_changes";

export interface Review {
  verdict: ReviewVerdict;
  summary: string;
  findings: Finding[];
}

interface RawFinding {
  path: string;
  start_line: number;
  end_line: number;
  severity: FindingSeverity;
  title: string;
  body: string;
  suggestion?: string;
  category: string;
}

/** Maps a schema-valid structured output to a Review. Call only after schema validation passed. */
export function reviewFromStructuredOutput(value: unknown): Review {
  const raw = value as { verdict: ReviewVerdict; summary: string; findings: RawFinding[] };
  return {
    verdict: raw.verdict,
    summary: raw.summary,
    findings: raw.findings.map((f) => ({
      path: f.path.replace(/^\.?\//, ""),
      startLine: f.start_line,
      endLine: f.end_line,
      severity: f.severity,
      title: f.title,
      body: f.body,
      category: f.category,
      ...(f.suggestion === undefined ? {} : { suggestion: f.suggestion }),
    })),
  };
}
