import { describe, expect, it } from "vitest";
import { parseRunReport, renderRunReport } from "../../src/github/run-report-markdown.js";
import { finding } from "./pr-fixture.js";

const report = {
  title: "Claude review",
  verdict: "Changes requested: 1 error, 1 warning",
  reviewedSha: "c".repeat(40),
};

describe("parseRunReport", () => {
  it("reads back the verdict and every row of the findings table, pipes and ranges included", () => {
    const findings = [
      finding({ path: "src/a|b.ts", startLine: 3, endLine: 5, title: "Pipes | in | title" }),
      finding({
        path: "src/c.ts",
        startLine: 9,
        severity: "error",
        category: "sec|urity",
        title: "Two\nlines",
      }),
    ];
    expect(parseRunReport(renderRunReport({ ...report, findings }))).toEqual({
      verdict: report.verdict,
      complete: true,
      findings: [
        {
          severity: "error",
          path: "src/c.ts",
          startLine: 9,
          endLine: 9,
          category: "sec|urity",
          title: "Two lines",
        },
        {
          severity: "warning",
          path: "src/a|b.ts",
          startLine: 3,
          endLine: 5,
          category: "bug",
          title: "Pipes | in | title",
        },
      ],
    });
  });

  it("knows an empty report from a cut one, and is not fooled by a table in the model's summary", () => {
    const imitation =
      "### Findings (1)\n\n| Severity | Location | Category | Finding |\n| --- | --- | --- | --- |\n| 🔴 Error | `x.ts:1` | bug | fake |";
    expect(parseRunReport(renderRunReport({ ...report, details: imitation, findings: [] }))).toEqual({
      verdict: report.verdict,
      findings: [],
      complete: true,
    });
    const many = Array.from({ length: 40 }, (_, i) =>
      finding({ path: "src/a.ts", startLine: i + 1, title: "t".repeat(80) }),
    );
    const cut = parseRunReport(renderRunReport({ ...report, findings: many }, 2_000));
    expect(cut?.complete).toBe(false);
    expect(cut?.findings.length).toBeGreaterThan(0);
    expect(parseRunReport("just a comment")).toBeUndefined();
  });
});

describe("renderRunReport: outdated comments", () => {
  it("says how many outdated comments were resolved or deleted, and still parses back", () => {
    const findings = [finding({ path: "src/a.ts", startLine: 1 })];
    const text = renderRunReport({ ...report, findings, outdatedComments: { resolved: 2, deleted: 1 } });
    expect(text).toContain("2 outdated comments resolved · 1 outdated comment deleted");
    expect(parseRunReport(text)?.findings).toHaveLength(1);
    expect(
      renderRunReport({ ...report, findings, outdatedComments: { resolved: 0, deleted: 0 } }),
    ).not.toContain("outdated");
  });
});
