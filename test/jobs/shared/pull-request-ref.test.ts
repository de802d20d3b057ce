import { describe, expect, it } from "vitest";
import { pullRequestRef } from "../../../src/jobs/shared/pull-request-ref.js";
import { openPullRequest } from "../../../src/jobs/shared/read-pull-request.js";

const payload = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  number: 7,
  head: { sha: "h".repeat(40), ref: "feature", repo: { full_name: "acme/app" } },
  base: { sha: "b".repeat(40), ref: "main", repo: { full_name: "acme/app" } },
  draft: false,
  state: "open",
  title: "Fix it",
  body: "Details",
  user: { login: "dev" },
  ...overrides,
});

describe("pullRequestRef", () => {
  it("reads the facts every job needs", () => {
    expect(pullRequestRef(payload({ draft: true }))).toEqual({
      number: 7,
      headSha: "h".repeat(40),
      headRef: "feature",
      baseSha: "b".repeat(40),
      baseRef: "main",
      headRepoFullName: "acme/app",
      baseRepoFullName: "acme/app",
      draft: true,
      state: "open",
      title: "Fix it",
      body: "Details",
      author: "dev",
    });
    expect(pullRequestRef(payload({ state: "closed", merged: true }))).toMatchObject({
      state: "closed",
      merged: true,
    });
  });

  it("is undefined without a number, a head commit or a base commit", () => {
    expect(pullRequestRef(payload({ number: "7" }))).toBeUndefined();
    expect(pullRequestRef(payload({ head: { ref: "feature" } }))).toBeUndefined();
    expect(pullRequestRef(payload({ base: { ref: "main" } }))).toBeUndefined();
    expect(pullRequestRef(null)).toBeUndefined();
  });

  it("never takes a head repository name that is not a string", () => {
    const odd = pullRequestRef(payload({ head: { sha: "h".repeat(40), repo: { full_name: 42 } } }));
    expect(odd?.headRepoFullName).toBeUndefined();
    expect(pullRequestRef(payload({ head: { sha: "h".repeat(40), repo: null } }))?.headRepoFullName).toBe(
      undefined,
    );
  });

  it("fills what the payload left out with empty text, never with a guess", () => {
    const bare = pullRequestRef({ number: 7, head: { sha: "h" }, base: { sha: "b" } });
    expect(bare).toEqual({
      number: 7,
      headSha: "h",
      headRef: "",
      baseSha: "b",
      baseRef: "",
      headRepoFullName: undefined,
      baseRepoFullName: "",
      draft: false,
      title: "",
      body: "",
      author: "unknown",
    });
    expect(pullRequestRef(payload({ state: "reopened", user: { login: 5 } }))).not.toHaveProperty("state");
    expect(pullRequestRef(payload({ user: { login: 5 } }))?.author).toBe("unknown");
  });
});

describe("openPullRequest", () => {
  const pr = pullRequestRef(payload())!;

  it("keeps an open PR and one that does not say its state", () => {
    expect(openPullRequest(pr, "acme/app#7")).toEqual({ status: "open", pr });
    const { state: _state, ...unsaid } = pr;
    expect(openPullRequest(unsaid, "acme/app#7")).toEqual({ status: "open", pr: unsaid });
  });

  it("refuses a PR it could not read, naming it", () => {
    expect(openPullRequest(undefined, "acme/app#7")).toEqual({
      status: "refused",
      reason: "unreadable",
      message: "acme/app#7 has no head or base commit",
    });
  });
});
