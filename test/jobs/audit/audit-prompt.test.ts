import { describe, expect, it } from "vitest";
import { checkAudit } from "../../../src/jobs/audit/audit-checks.js";
import { AuditFocusError, parseAuditFocus } from "../../../src/jobs/audit/audit-focus.js";
import { buildAuditPrompt } from "../../../src/jobs/audit/audit-prompt.js";
import { auditReportFromStructuredOutput } from "../../../src/jobs/audit/audit-schema.js";

describe("parseAuditFocus", () => {
  it("maps names and aliases to built-in focuses, keeps free text, and treats empty as general", () => {
    expect(parseAuditFocus(undefined)).toEqual({ kind: "general" });
    expect(parseAuditFocus("  ")).toEqual({ kind: "general" });
    expect(parseAuditFocus("Security").kind).toBe("security");
    expect(parseAuditFocus("dead code").kind).toBe("dead-code");
    expect(parseAuditFocus("deps").kind).toBe("dependencies");
    expect(parseAuditFocus("the billing module")).toEqual({
      kind: "custom",
      instructions: "the billing module",
    });
  });

  it("refuses an oversized free-text focus with a message that says what to do", () => {
    expect(() => parseAuditFocus("x".repeat(2001))).toThrow(AuditFocusError);
    expect(() => parseAuditFocus("x".repeat(2001))).toThrow(
      /use one of security, dependencies, dead-code, tests/,
    );
  });
});

describe("buildAuditPrompt", () => {
  const base = { repository: "octo/app", branch: "main", headSha: "a".repeat(40) };
  it("puts the focus in the prompt and asks for stable keys", () => {
    const text = buildAuditPrompt({ ...base, focus: parseAuditFocus("security") });
    expect(text).toContain("Focus on security");
    expect(text).toContain("stable `key`");
    const custom = buildAuditPrompt({ ...base, focus: parseAuditFocus("only src/billing") });
    expect(custom).toContain("```focus\nonly src/billing\n```");
  });

  it("asks a continued audit to reuse its keys", () => {
    const text = buildAuditPrompt({ ...base, focus: { kind: "general" }, previousSha: "b".repeat(40) });
    expect(text).toContain(`You audited this repository before, at ${"b".repeat(40)}. Reuse the same keys`);
  });
});

describe("checkAudit", () => {
  it("sets aside findings on missing files, past the end, or with a duplicate key", () => {
    const report = auditReportFromStructuredOutput({
      summary: "s",
      findings: [
        {
          key: "a:src/x.ts",
          category: "bug",
          severity: "error",
          path: "./src/x.ts",
          line: 2,
          title: "t",
          body: "b",
        },
        {
          key: "b:src/x.ts",
          category: "bug",
          severity: "error",
          path: "src/x.ts",
          line: 9,
          title: "t",
          body: "b",
        },
        {
          key: "c:nope",
          category: "bug",
          severity: "error",
          path: "nope.ts",
          line: 1,
          title: "t",
          body: "b",
        },
        {
          key: "a:src/x.ts",
          category: "bug",
          severity: "error",
          path: "src/x.ts",
          line: 1,
          title: "t2",
          body: "b",
        },
      ],
    });
    const checked = checkAudit(report, (path) => (path === "src/x.ts" ? 3 : undefined));
    expect(checked.report.findings.map((f) => f.fingerprint)).toEqual(["audit:a:src/x.ts"]);
    expect(checked.rejected.map((r) => r.reason)).toEqual([
      "line 9 is past the end of src/x.ts (3 lines)",
      "nope.ts does not exist in the audited commit",
      "key a:src/x.ts is used by an earlier finding",
    ]);
  });
});
