import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findForkDecisions, findForkDecisionsInFile } from "./fork-decisions.js";

// Whether a PR's head is trusted (a fork, a deleted head repository) is decided in one place, the
// PR-setup step every door and job takes (src/jobs/shared/prepare-pull-request-job.ts). Every other
// module asks it: a second copy of the rule is where a door would drift into trusting a fork.
const allowed: Record<string, string> = {
  // The decision itself.
  "src/jobs/shared/pull-request-trust.ts": "decides",
  // The payload and API parser: reads the head repository's name into the PR's facts, decides nothing.
  "src/jobs/shared/pull-request-ref.ts": "reads the payload",
};

async function sourcesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((path) => !path.includes("node_modules") && !path.includes("cdk.out"));
}

describe("the trust decision of a PR's head", () => {
  it("is made only in src/jobs/shared (no head-repository comparison anywhere else)", async () => {
    const readers: string[] = [];
    for (const folder of ["src", "lambda"]) {
      for (const file of await sourcesUnder(folder)) {
        const found = await findForkDecisionsInFile(file);
        if (found.length > 0) readers.push(`${file}: ${[...new Set(found)].join(", ")}`);
      }
    }
    const outside = readers.filter(
      (line) => !Object.keys(allowed).some((file) => line.startsWith(`${file}:`)),
    );
    expect(outside).toEqual([]);
    // Every allowed module still exists and still reads them: a stale entry would let a new copy slip in.
    expect(readers.map((line) => line.slice(0, line.indexOf(":"))).sort()).toEqual(
      Object.keys(allowed).sort(),
    );
  });
});

describe("findForkDecisions", () => {
  it("finds a comparison of the PR's repository names, however it is written", () => {
    expect(findForkDecisions("const fork = pr.headRepoFullName !== pr.baseRepoFullName;")).toEqual([
      "headRepoFullName",
      "baseRepoFullName",
    ]);
    expect(findForkDecisions('const f = pr["headRepoFullName"] === undefined;')).toEqual([
      "headRepoFullName",
    ]);
    expect(findForkDecisions("const { headRepoFullName: h, baseRepoFullName } = pr;")).toEqual([
      "headRepoFullName",
      "baseRepoFullName",
    ]);
    // Passed on as an argument, inside an object.
    expect(findForkDecisions("run({ same: same(pr.headRepoFullName) });")).toEqual(["headRepoFullName"]);
  });

  it("finds a payload's head repository and GitHub's fork flag", () => {
    expect(findForkDecisions("const r = payload.pull_request.head.repo;")).toEqual(["head.repo"]);
    expect(findForkDecisions("const r = head.repo?.full_name;")).toEqual(["head.repo"]);
    expect(findForkDecisions("if (pr.head.repo.fork) skip();")).toEqual(["repo.fork", "head.repo"]);
  });

  it("ignores comments, strings and other repositories", () => {
    expect(
      findForkDecisions(
        '// pr.headRepoFullName\nconst a = "head.repo"; const r = context.repo; const b = base.repo;',
      ),
    ).toEqual([]);
  });
});
