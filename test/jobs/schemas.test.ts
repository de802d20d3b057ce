import { describe, expect, it } from "vitest";
import { AUDIT_SCHEMA, auditReportFromStructuredOutput } from "../../src/jobs/audit/audit-schema.js";
import { AUTOFIX_SCHEMA, autofixReportFromStructuredOutput } from "../../src/jobs/autofix/autofix-schema.js";
import { REVIEW_SCHEMA, reviewFromStructuredOutput } from "../../src/jobs/review/review-schema.js";
import { createAjv } from "../../src/json-schema/create-ajv.js";

const ajv = createAjv({ schemas: "ours" });

describe("built-in job schemas", () => {
  it("compile under ajv strict mode", () => {
    for (const schema of [REVIEW_SCHEMA, AUTOFIX_SCHEMA, AUDIT_SCHEMA])
      expect(() => ajv.compile(schema)).not.toThrow();
  });

  it("review: accepts a well-formed review and maps it to findings; refuses an approve verdict", () => {
    const validate = ajv.compile(REVIEW_SCHEMA);
    const value = {
      verdict: "request_changes",
      summary: "One bug.",
      findings: [
        {
          path: "./src/a.ts",
          start_line: 3,
          end_line: 4,
          severity: "error",
          title: "Off by one",
          body: "b",
          category: "bug",
          suggestion: "x",
        },
      ],
    };
    expect(validate(value)).toBe(true);
    expect(reviewFromStructuredOutput(value).findings[0]).toEqual({
      path: "src/a.ts",
      startLine: 3,
      endLine: 4,
      severity: "error",
      title: "Off by one",
      body: "b",
      category: "bug",
      suggestion: "x",
    });
    expect(validate({ ...value, verdict: "approve" })).toBe(false);
  });

  it("audit: the model's key becomes a stable fingerprint; keys with spaces are refused", () => {
    const validate = ajv.compile(AUDIT_SCHEMA);
    const finding = {
      key: "sqli:src/db.ts:where",
      category: "security",
      severity: "error",
      path: "src/db.ts",
      line: 9,
      title: "t",
      body: "b",
    };
    expect(validate({ summary: "s", findings: [finding] })).toBe(true);
    expect(auditReportFromStructuredOutput({ summary: "s", findings: [finding] }).findings[0]).toMatchObject({
      fingerprint: "audit:sqli:src/db.ts:where",
      startLine: 9,
      endLine: 9,
    });
    expect(validate({ summary: "s", findings: [{ ...finding, key: "has spaces" }] })).toBe(false);
  });

  it("autofix: requires the commit message and per-command results", () => {
    const validate = ajv.compile(AUTOFIX_SCHEMA);
    const report = {
      summary: "s",
      files_changed: [{ path: "a", reason: "r" }],
      commands_run: [{ command: "npm test", result: "passed" }],
      commit_message: "fix: x",
    };
    expect(validate(report)).toBe(true);
    expect(autofixReportFromStructuredOutput(report).commitMessage).toBe("fix: x");
    expect(validate({ ...report, commit_message: undefined })).toBe(false);
    expect(validate({ ...report, commands_run: [{ command: "npm test", result: "ok" }] })).toBe(false);
  });
});
