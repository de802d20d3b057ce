import { describe, expect, it } from "vitest";
import { baseBranchOf, pullRequestLineage } from "../../src/jobs/shared/pull-request-lineage.js";
import { branchLineageKey, prLineageKey } from "../../src/sessions/lineage-key.js";

describe("pullRequestLineage", () => {
  const repository = { owner: "acme", name: "app" };

  it("keys the PR's lineage by number and its base by the PR's base ref", () => {
    expect(pullRequestLineage(repository, { number: 7, baseRef: "release/2" }, "main")).toEqual({
      lineageKey: prLineageKey("acme", "app", 7),
      baseKey: branchLineageKey("acme", "app", "release/2"),
    });
  });

  it("falls back to the default branch only when the event carried no base ref", () => {
    expect(baseBranchOf({ baseRef: "" }, "trunk")).toBe("trunk");
    expect(baseBranchOf({ baseRef: "dev" }, "trunk")).toBe("dev");
    expect(pullRequestLineage(repository, { number: 7, baseRef: "" }, "trunk").baseKey).toEqual(
      branchLineageKey("acme", "app", "trunk"),
    );
    // Neither: no branch is made up; the key builder says the name is empty.
    expect(() => pullRequestLineage(repository, { number: 7, baseRef: "" })).toThrow(/branch name is empty/);
  });
});
