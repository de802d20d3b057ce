import { describe, expect, it } from "vitest";
import { sessionConclusion } from "../../src/jobs/shared/session-conclusion.js";
import type { SessionOutcome } from "../../src/runner/session-outcome.js";

function outcome(overrides: Partial<SessionOutcome>): SessionOutcome {
  return {
    subtype: "error_during_execution",
    isError: true,
    exitCode: 1,
    totalCostUsd: 0,
    numTurns: 1,
    permissionDenials: [],
    errors: [],
    durationMs: 10,
    policyDecisions: [],
    failureReasons: [],
    structuredOutputCheck: "missing",
    apiRetries: 0,
    notes: [],
    ...overrides,
  };
}

describe("sessionConclusion", () => {
  it("is success for a clean exit", () => {
    expect(sessionConclusion(outcome({ subtype: "success", isError: false, exitCode: 0 }))).toBe("success");
  });

  it("is timed_out when the engine stopped the session at its deadline, whatever the reason says", () => {
    expect(
      sessionConclusion(outcome({ stoppedBy: "deadline", failureReasons: ["the deadline passed"] })),
    ).toBe("timed_out");
  });

  it("reads the typed stop reason, not the wording of a failure reason", () => {
    expect(sessionConclusion(outcome({ failureReasons: ["deadline of 5s reached"] }))).toBe("failure");
    expect(sessionConclusion(outcome({ stoppedBy: "watchdog" }))).toBe("failure");
    expect(sessionConclusion(outcome({ stoppedBy: "budget" }))).toBe("failure");
  });
});
