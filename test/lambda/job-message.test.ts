import { describe, expect, it } from "vitest";
import {
  createJobMessage,
  InvalidJobMessageError,
  parseJobMessage,
  validateJobMessage,
} from "../../lambda/shared/job-message.js";
import { fitSqsId, messageGroupId } from "../../lambda/shared/job-queue.js";

const review = {
  kind: "review" as const,
  owner: "octo-org",
  repo: "hello.world",
  installationId: 7,
  pullNumber: 12,
  headSha: "a".repeat(40),
  trigger: { source: "webhook" as const, event: "pull_request", action: "opened" },
};

describe("job message", () => {
  it("round-trips through JSON with a fresh id and timestamp", () => {
    const job = createJobMessage(review);
    expect(job.version).toBe(1);
    expect(job.jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect(parseJobMessage(JSON.stringify(job))).toEqual(job);
  });

  it("lists every problem at once in words a user can act on", () => {
    const error = (() => {
      try {
        validateJobMessage({
          ...createJobMessage(review),
          kind: "deploy",
          installationId: "7",
          headSha: "xyz",
          extra: 1,
        });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(InvalidJobMessageError);
    const { problems } = error as InvalidJobMessageError;
    expect(problems).toContain('message has unknown field "extra"');
    expect(problems).toContain(
      'kind must be one of ["review","autofix","describe","audit","prune","ask","reply"]',
    );
    expect(problems).toContain("installationId must be integer");
    expect(problems.some((p) => p.startsWith("headSha must match pattern"))).toBe(true);
  });

  it("requires a PR and a commit for a review, a PR for an autofix, neither for an audit", () => {
    const { pullNumber: _p, headSha: _h, ...repoOnly } = review;
    expect(() => createJobMessage({ ...repoOnly, kind: "review" })).toThrow(
      /missing "pullNumber".*missing "headSha"/,
    );
    expect(() => createJobMessage({ ...repoOnly, kind: "autofix" })).toThrow(/missing "pullNumber"/);
    expect(createJobMessage({ ...repoOnly, kind: "autofix", pullNumber: 3 }).headSha).toBeUndefined();
    // A review asked for in a comment works on the head at run time.
    const commented = { ...repoOnly, kind: "review" as const, pullNumber: 3 };
    expect(() => createJobMessage(commented)).toThrow(/missing "headSha"/);
    expect(
      createJobMessage({ ...commented, trigger: { source: "webhook", event: "issue_comment", commentId: 7 } })
        .headSha,
    ).toBeUndefined();
    expect(createJobMessage({ ...repoOnly, kind: "audit", trigger: { source: "schedule" } }).kind).toBe(
      "audit",
    );
  });

  it("refuses a message from a newer producer instead of guessing", () => {
    expect(() => validateJobMessage({ ...createJobMessage(review), version: 2 })).toThrow(
      "version must be 1",
    );
  });

  it("rejects a body that is not JSON with a typed error", () => {
    expect(() => parseJobMessage("{not json")).toThrow(InvalidJobMessageError);
  });
});

describe("FIFO ids", () => {
  it("groups by PR, and repo-wide jobs by kind", () => {
    expect(messageGroupId({ owner: "o", repo: "r", pullNumber: 5, kind: "review" })).toBe("o/r#5");
    expect(messageGroupId({ owner: "o", repo: "r", pullNumber: 5, kind: "prune" })).toBe("o/r#5");
    expect(messageGroupId({ owner: "o", repo: "r", kind: "audit" })).toBe("o/r#audit");
  });

  it("keeps long ids within SQS's 128 characters and distinct", () => {
    const a = fitSqsId(`${"o".repeat(39)}/${"r".repeat(100)}#1`);
    const b = fitSqsId(`${"o".repeat(39)}/${"r".repeat(100)}#2`);
    expect(a.length).toBeLessThanOrEqual(128);
    expect(a).not.toBe(b);
    expect(fitSqsId("short")).toBe("short");
  });
});
