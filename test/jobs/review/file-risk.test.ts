import { describe, expect, it } from "vitest";
import { byRisk, riskTier } from "../../../src/jobs/review/file-risk.js";

describe("riskTier", () => {
  it.each([
    [".github/workflows/ci.yml", 0],
    [".github/actions/setup/action.yml", 0],
    ["scripts/release.sh", 0],
    ["Dockerfile", 0],
    ["src/auth/session.ts", 0],
    ["lib/sql/query-builder.py", 0],
    ["src/math.ts", 1],
    ["cmd/server/main.go", 1],
    ["config/app.yaml", 2],
    ["test/math.test.ts", 3],
    ["src/auth/session.test.ts", 3],
    ["pkg/parse_test.go", 3],
    ["docs/guide.md", 4],
    ["README.md", 4],
    ["package-lock.json", 4],
    ["vendor/lib/auth.go", 4],
  ])("%s is tier %i", (path, tier) => {
    expect(riskTier(path)).toBe(tier);
  });
});

describe("byRisk", () => {
  it("orders by tier, keeps removed files after kept ones, then the larger change first, then by path", () => {
    const file = (path: string, lines: number, status = "modified") => ({
      path,
      status,
      additions: lines,
      deletions: 0,
    });
    const ordered = byRisk([
      file("README.md", 500),
      file("src/b.ts", 10),
      file("src/old-auth.ts", 90, "removed"),
      file("src/a.ts", 10),
      file("src/big.ts", 300),
      file("src/token.ts", 1),
    ]);
    expect(ordered.map((f) => f.path)).toEqual([
      "src/token.ts",
      "src/old-auth.ts",
      "src/big.ts",
      "src/a.ts",
      "src/b.ts",
      "README.md",
    ]);
  });
});
