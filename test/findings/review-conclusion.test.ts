import { describe, expect, it } from "vitest";
import type { FindingSeverity } from "../../src/findings/finding.js";
import {
  countBySeverity,
  DEFAULT_FAIL_ON,
  type FailOn,
  reviewConclusion,
} from "../../src/findings/review-conclusion.js";

const of = (...severities: FindingSeverity[]) => severities.map((severity) => ({ severity }));

describe("reviewConclusion: one rule for the review event, the check, the headline and the exit code", () => {
  const table: Array<{
    findings: FindingSeverity[];
    failOn: FailOn;
    event: "COMMENT" | "REQUEST_CHANGES";
    check: "success" | "failure";
    headline: string;
    blocking: number;
  }> = [
    {
      findings: [],
      failOn: "error",
      event: "COMMENT",
      check: "success",
      headline: "No issues found",
      blocking: 0,
    },
    {
      findings: [],
      failOn: "warning",
      event: "COMMENT",
      check: "success",
      headline: "No issues found",
      blocking: 0,
    },
    {
      findings: [],
      failOn: "never",
      event: "COMMENT",
      check: "success",
      headline: "No issues found",
      blocking: 0,
    },
    {
      findings: ["error"],
      failOn: "error",
      event: "REQUEST_CHANGES",
      check: "failure",
      headline: "Changes requested: 1 error",
      blocking: 1,
    },
    {
      findings: ["warning", "notice"],
      failOn: "error",
      event: "COMMENT",
      check: "success",
      headline: "Comments, nothing blocking: 1 warning, 1 notice",
      blocking: 0,
    },
    {
      findings: ["warning", "warning", "notice"],
      failOn: "warning",
      event: "REQUEST_CHANGES",
      check: "failure",
      headline: "Changes requested: 2 warnings, 1 notice",
      blocking: 2,
    },
    {
      findings: ["error", "warning"],
      failOn: "warning",
      event: "REQUEST_CHANGES",
      check: "failure",
      headline: "Changes requested: 1 error, 1 warning",
      blocking: 2,
    },
    {
      findings: ["notice"],
      failOn: "warning",
      event: "COMMENT",
      check: "success",
      headline: "Comments, nothing blocking: 1 notice",
      blocking: 0,
    },
    {
      findings: ["error", "error", "warning"],
      failOn: "never",
      event: "COMMENT",
      check: "success",
      headline: "Comments, nothing blocking: 2 errors, 1 warning",
      blocking: 0,
    },
  ];

  for (const row of table) {
    it(`${JSON.stringify(row.findings)} with fail_on ${row.failOn} → ${row.event}, ${row.check}`, () => {
      const decided = reviewConclusion(of(...row.findings), row.failOn);
      expect(decided).toEqual({
        event: row.event,
        check: row.check,
        headline: row.headline,
        blocking: row.blocking,
        failed: row.check === "failure",
        publishInline: true,
      });
    });
  }

  it("an error finding can never read 'No issues found' or pass the check under the default", () => {
    const decided = reviewConclusion(of("error"), DEFAULT_FAIL_ON);
    expect(decided.headline).not.toMatch(/No issues found/);
    expect(decided.check).toBe("failure");
    expect(decided.failed).toBe(true);
  });

  it("never approves, whatever the findings", () => {
    for (const failOn of ["error", "warning", "never"] as const)
      for (const findings of [[], of("error"), of("notice")])
        expect(["COMMENT", "REQUEST_CHANGES"]).toContain(reviewConclusion(findings, failOn).event);
  });

  it("a head that moved during the review is neutral, not inline, and does not fail the step", () => {
    const sha = "0123456789abcdef0123456789abcdef01234567";
    expect(reviewConclusion(of("error", "notice"), "error", { headMovedTo: sha })).toEqual({
      event: "COMMENT",
      check: "neutral",
      headline:
        "Not published: the PR head moved to `0123456789ab` during the review (1 error, 1 notice on the reviewed commit)",
      blocking: 1,
      failed: false,
      publishInline: false,
    });
    expect(reviewConclusion([], "error", { headMovedTo: sha }).headline).toBe(
      "Not published: the PR head moved to `0123456789ab` during the review",
    );
  });
});

describe("reviewConclusion: a review that read too little of the change", () => {
  it("without findings is neutral 'Partly reviewed', never 'No issues found', and does not fail the step", () => {
    expect(reviewConclusion([], "error", { partlyRead: "read 40 of 600 changed lines" })).toEqual({
      event: "COMMENT",
      check: "neutral",
      headline: "Partly reviewed (read 40 of 600 changed lines): no issues found in what was read",
      blocking: 0,
      failed: false,
      publishInline: true,
    });
  });

  it("with findings concludes from them as usual, and a moved head still wins", () => {
    expect(reviewConclusion(of("error"), "error", { partlyRead: "read 1 of 9 changed lines" })).toMatchObject(
      {
        check: "failure",
        headline: "Changes requested: 1 error",
      },
    );
    expect(
      reviewConclusion([], "error", { partlyRead: "read 1 of 9 changed lines", headMovedTo: "f".repeat(40) })
        .headline,
    ).toMatch(/^Not published: the PR head moved/);
  });
});

describe("countBySeverity", () => {
  it("orders by weight, pluralises, and leaves out zero counts", () => {
    expect(countBySeverity(of("notice", "error", "notice"))).toBe("1 error, 2 notices");
    expect(countBySeverity(of("warning"))).toBe("1 warning");
    expect(countBySeverity([])).toBe("");
  });
});
