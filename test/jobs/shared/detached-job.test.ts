import { describe, expect, it } from "vitest";
import type { DetachedEngine, JobSessionResult, SessionLook } from "../../../src/engines/engine.js";
import {
  type DetachedJob,
  type DetachedJobRecord,
  settleJob,
} from "../../../src/jobs/shared/detached-job.js";
import { builtInPolicy } from "../../../src/runner/policy/built-in-policy.js";
import type { SessionOutcome } from "../../../src/runner/session-outcome.js";

// The generic settle step every detached job kind goes through: one look at the session, the claim,
// the output's secret check, then the job's own finish. The engine here is an in-memory one (the
// interface is the seam); the real Managed Agents engine is driven end to end in
// test/jobs/review/review-job.test.ts and test/lambda/managed-agents-*.test.ts.

const SECRET = "ghs_SettleSecret0123456789abcdef";

function outcome(structuredOutput: unknown): SessionOutcome {
  return {
    exitCode: 0,
    isError: false,
    structuredOutput,
    failureReasons: [],
    errors: [],
    policyDecisions: [],
    numTurns: 1,
    totalCostUsd: 0.01,
  } as unknown as SessionOutcome;
}

function engineLooking(look: SessionLook): DetachedEngine & { looks: number } {
  const engine = {
    name: "managed-agents" as const,
    editsComeBackAsPatch: true,
    reads: "mounted-commit" as const,
    looks: 0,
    run: async () => {
      throw new Error("not used");
    },
    begin: async () => ({ sessionId: "s1", startedAt: new Date().toISOString() }),
    resultOf: async () => undefined,
    look: async () => {
      engine.looks++;
      return look;
    },
  };
  return engine;
}

const ended = (structuredOutput: unknown): SessionLook => ({
  state: "ended",
  session: {
    outcome: outcome(structuredOutput),
    restore: { status: "fresh", reason: "no_prior_session", message: "" },
    notes: [],
  },
});

function recordingJob() {
  const finished: JobSessionResult[] = [];
  const job: DetachedJob<DetachedJobRecord, string> = {
    check: () => ({ jsonSchema: { type: "object" }, policy: builtInPolicy("review", { workspace: "/x" }) }),
    async finish(_record, session) {
      finished.push(session);
      return { result: "done", session, conclusion: session.outcome.exitCode === 0 ? "ok" : "failed" };
    },
  };
  return { job, finished };
}

const record: DetachedJobRecord = { kind: "ask", sessionId: "s1", startedAt: "", owner: "o", repo: "r" };
const context = { octokit: async () => ({}) as never, hostEnv: {}, secretValues: [SECRET] };

describe("settleJob", () => {
  it("a session still working: waiting, and the job's finish never runs", async () => {
    const { job, finished } = recordingJob();
    const settled = await settleJob(job, engineLooking({ state: "waiting" }), record, context);
    expect(settled).toEqual({ status: "waiting" });
    expect(finished).toHaveLength(0);
  });

  it("ended, but another step holds the claim: nothing finished or published here", async () => {
    const { job, finished } = recordingJob();
    const settled = await settleJob(job, engineLooking(ended({ answer: "x" })), record, {
      ...context,
      claim: async () => false,
    });
    expect(settled).toEqual({ status: "claimed_elsewhere" });
    expect(finished).toHaveLength(0);
  });

  it("ended and claimed: the finish runs once with the session's output", async () => {
    const { job, finished } = recordingJob();
    const settled = await settleJob(job, engineLooking(ended({ answer: "fine" })), record, {
      ...context,
      claim: async () => true,
    });
    expect(settled).toMatchObject({ status: "published", result: "done", conclusion: "ok" });
    expect(finished.map((s) => s.outcome.structuredOutput)).toEqual([{ answer: "fine" }]);
  });

  it("an output carrying a job secret, reversed, reaches the finish as a failed session without output", async () => {
    const { job, finished } = recordingJob();
    const reversed = [...SECRET].reverse().join("");
    const settled = await settleJob(
      job,
      engineLooking(ended({ answer: `see ${reversed}` })),
      record,
      context,
    );
    expect(settled).toMatchObject({ status: "published", conclusion: "failed" });
    expect(finished[0]?.outcome.structuredOutput).toBeUndefined();
    expect(finished[0]?.outcome.failureReasons.join(" ")).toMatch(/carries a secret the job holds/);
  });
});
