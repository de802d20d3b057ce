import { describe, expect, it } from "vitest";
import {
  branchLineageKey,
  lineageKeyFromStoragePath,
  lineageStoragePath,
  parseLineageKey,
  prLineageKey,
} from "../../src/sessions/lineage-key.js";
import { LineageKeyError } from "../../src/sessions/session-errors.js";

describe("lineage keys", () => {
  it("parses PR and branch keys, including branch names with slashes and dots", () => {
    expect(parseLineageKey("octo/hello.js/pr/42")).toEqual(prLineageKey("octo", "hello.js", 42));
    const key = parseLineageKey("octo/repo_1/branch/release/v1.2");
    expect(key).toMatchObject({ kind: "branch", owner: "octo", repo: "repo_1", branch: "release/v1.2" });
    expect(key.key).toBe("octo/repo_1/branch/release/v1.2");
  });

  it.each([
    ["octo/repo/pr/0", /positive integer/],
    ["octo/repo/pr/07", /positive integer/],
    ["octo/repo/pr/1.5", /positive integer/],
    ["octo/repo/issue/3", /"pr" or "branch"/],
    ["octo/repo/pr", /fewer than four/],
    ["-octo/repo/pr/1", /owner/],
    ["octo/../pr/1", /repo/],
    ["octo/repo/branch/a..b", /'\.\.'/],
    ["octo/repo/branch/has space", /forbids/],
    ["octo/repo/branch/x.lock", /\.lock/],
    ["octo/repo/branch/refs/heads/main", /short/],
    ["octo/repo/branch/trailing/", /ends/],
  ])("rejects %s with a clear LineageKeyError", (input, problem) => {
    const error = (() => {
      try {
        parseLineageKey(input);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(LineageKeyError);
    expect((error as Error).message).toMatch(problem);
    expect((error as Error).message).toContain("{owner}/{repo}/pr/{number}");
  });

  it("maps each lineage to one storage path and back, keeping 'a' and 'a/b' apart", () => {
    const a = branchLineageKey("o", "r", "a");
    const ab = branchLineageKey("o", "r", "a/b");
    expect(lineageStoragePath(a)).toBe("o/r/branch/a");
    expect(lineageStoragePath(ab)).toBe("o/r/branch/a%2Fb");
    expect(lineageKeyFromStoragePath(lineageStoragePath(ab))).toEqual(ab);
    expect(lineageKeyFromStoragePath(lineageStoragePath(prLineageKey("o", "r", 9)))).toEqual(
      prLineageKey("o", "r", 9),
    );
    expect(lineageKeyFromStoragePath("o/r/pr/x")).toBeUndefined();
    expect(lineageKeyFromStoragePath("o/r/branch/a/b")).toBeUndefined();
  });
});
