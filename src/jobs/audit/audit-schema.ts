import type { Finding, FindingSeverity } from "../../findings/finding.js";

/**
 * Audit findings carry a `key` chosen by the model that names the problem, not its wording
 * ("sql-injection:src/db/query.ts:buildWhere"). It becomes the fingerprint, so a weekly run that
 * phrases the same problem differently still updates the same issue instead of opening a new one.
 */
export const AUDIT_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["summary", "findings"],
  properties: {
    summary: { type: "string", minLength: 1, maxLength: 4000 },
    findings: {
      type: "array",
      maxItems: 100,
      items: {
        type: "object",
        additionalProperties: false,
        required: ["key", "category", "severity", "path", "line", "title", "body"],
        properties: {
          key: {
            type: "string",
            minLength: 3,
            maxLength: 200,
            pattern: "^[A-Za-z0-9._:/#-]+$",
            description:
              "Stable identity: problem kind, path and symbol, e.g. sql-injection:src/db.ts:buildWhere.",
          },
          category: { type: "string", minLength: 1, maxLength: 60 },
          severity: { type: "string", enum: ["error", "warning", "notice"] },
          path: { type: "string", minLength: 1 },
          line: { type: "integer", minimum: 1 },
          end_line: { type: "integer", minimum: 1 },
          title: { type: "string", minLength: 1, maxLength: 200 },
          body: { type: "string", minLength: 1, maxLength: 8000 },
        },
      },
    },
  },
} as const;

export interface AuditReport {
  summary: string;
  findings: Finding[];
}

export function auditReportFromStructuredOutput(value: unknown): AuditReport {
  const raw = value as {
    summary: string;
    findings: {
      key: string;
      category: string;
      severity: FindingSeverity;
      path: string;
      line: number;
      end_line?: number;
      title: string;
      body: string;
    }[];
  };
  return {
    summary: raw.summary,
    findings: raw.findings.map((f) => ({
      path: f.path.replace(/^\.?\//, ""),
      startLine: f.line,
      endLine: Math.max(f.line, f.end_line ?? f.line),
      severity: f.severity,
      title: f.title,
      body: f.body,
      category: f.category,
      fingerprint: `audit:${f.key}`,
    })),
  };
}
