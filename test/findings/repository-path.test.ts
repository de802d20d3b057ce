import { describe, expect, it } from "vitest";
import { repositoryPathProblem } from "../../src/findings/repository-path.js";
import { checkAudit } from "../../src/jobs/audit/audit-checks.js";
import { checkReview } from "../../src/jobs/review/review-checks.js";
import { finding } from "../github/pr-fixture.js";

describe("repositoryPathProblem", () => {
  it("accepts repository-relative paths, including names that contain '..'", () => {
    for (const path of ["src/a.ts", "a..b.ts", "docs/v1..v2/notes.md", ".github/workflows/ci.yml"]) {
      expect(repositoryPathProblem(path)).toBeUndefined();
    }
  });

  it("rejects absolute paths, '..' segments and empty paths", () => {
    expect(repositoryPathProblem("/etc/passwd")).toMatch(/repository-relative/);
    expect(repositoryPathProblem("../x.ts")).toMatch(/repository-relative/);
    expect(repositoryPathProblem("src/../../x")).toMatch(/repository-relative/);
    expect(repositoryPathProblem("src/..")).toMatch(/repository-relative/);
    expect(repositoryPathProblem(" ")).toMatch(/non-empty/);
    expect(repositoryPathProblem(undefined)).toMatch(/non-empty/);
  });
});

describe("the review and audit checks share the one path rule", () => {
  const legal = finding({ path: "a..b.ts", startLine: 1 });
  const escaping = finding({ path: "src/../../x.ts", startLine: 1 });
  const lineCount = () => 10;

  it("keeps a finding on a..b.ts and sets aside one whose path leaves the repository", () => {
    const review = checkReview(
      { verdict: "comment", summary: "", findings: [legal, escaping] },
      { knownPaths: new Set(["a..b.ts", "src/../../x.ts"]), lineCount },
    );
    expect(review.review.findings).toEqual([legal]);
    expect(review.rejected.map((r) => r.reason)).toEqual([
      'path "src/../../x.ts" is not a repository-relative path',
    ]);

    const audit = checkAudit({ summary: "", findings: [legal, escaping] }, lineCount);
    expect(audit.report.findings).toEqual([legal]);
    expect(audit.rejected.map((r) => r.finding)).toEqual([escaping]);
  });
});
