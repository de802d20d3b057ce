import Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type ManagedSessionOptions,
  prepareManagedSession,
  runManagedSession,
} from "../../../src/engines/managed-agents/run-managed-session.js";
import { settleManagedSession } from "../../../src/engines/managed-agents/settle-managed-session.js";
import { REVIEW_SCHEMA } from "../../../src/jobs/review/review-schema.js";
import { DOUBLE_API_KEY, ManagedAgentsDouble } from "../../managed-agents-double/managed-agents-double.js";
import {
  idle,
  message,
  modelRequest,
  requiresAction,
  running,
  submit,
} from "../../managed-agents-double/scripted-events.js";

// The job's max turns on the remote engine, counted from the session's span.model_request_start
// events (the real SDK against the Managed Agents double): past the cap the host answers nothing
// more, interrupts the session with user.interrupt, and reports error_max_turns stopped by the host.

const HEAD = "0123456789abcdef0123456789abcdef01234567";
const REVIEW = { verdict: "comment", summary: "One remark.", findings: [] };

let double: ManagedAgentsDouble;
let client: Anthropic;

beforeEach(async () => {
  double = await ManagedAgentsDouble.start();
  client = new Anthropic({ apiKey: DOUBLE_API_KEY, baseURL: double.baseURL, maxRetries: 0 });
});
afterEach(async () => {
  await double.close();
});

function options(overrides: Partial<ManagedSessionOptions> = {}): ManagedSessionOptions {
  return {
    client,
    jobKind: "review",
    prompt: "Review the change.",
    model: "claude-sonnet-4-6",
    jsonSchema: REVIEW_SCHEMA,
    maxBudgetUsd: 1.5,
    deadlineMs: 20_000,
    workspace: { owner: "octo", name: "repo", headSha: HEAD, access: "read" },
    repositoryToken: async () => "ghs_read",
    retry: { initialDelayMs: 5, maxDelayMs: 20 },
    ...overrides,
  };
}

/** Event types the host sent to the session, in order. */
function sentTypes(): string[] {
  return double.requests
    .filter((r) => r.method === "POST" && r.path.endsWith("/events"))
    .flatMap((r) => (r.body as { events: Array<{ type: string }> }).events.map((e) => e.type));
}

/** An agent that reads for `turns` model requests, then submits and waits on the result. */
function slowReviewer(turns: number) {
  return (input: { kind: string }) => {
    if (input.kind === "message")
      return [
        running(),
        ...Array.from({ length: turns }, () => modelRequest()).flat(),
        submit(REVIEW),
        requiresAction(),
      ];
    if (input.kind === "custom_tool_result") return [running(), message("Done."), idle("end_turn")];
    if (input.kind === "interrupt") return [idle("end_turn")];
    return undefined;
  };
}

describe("turn cap on the managed-agents engine", () => {
  it("streaming: the turn past the cap is interrupted, nothing more is answered, error_max_turns stopped by the host", async () => {
    double.scenario = slowReviewer(5);
    const result = await runManagedSession(options({ maxTurns: 3 }));
    expect(result.end).toEqual({ kind: "max_turns", turns: 4, limit: 3 });
    // The interrupt is the only event the host sent: the submit_result call after the cap was not answered.
    expect(sentTypes()).toEqual(["user.interrupt"]);
    expect(double.session().customToolResults).toEqual([]);
    expect(result.outcome).toMatchObject({
      subtype: "error_max_turns",
      isError: true,
      exitCode: 1,
      stoppedBy: "watchdog",
      stopReason: "max_turns",
    });
    expect(result.outcome.failureReasons[0]).toContain("turn limit (max_turns)");
    expect(result.outcome.failureReasons[0]).toContain("at turn 4 of 3");
  });

  it("streaming: a session that finishes within its turns is not touched by the cap", async () => {
    double.scenario = slowReviewer(3);
    const result = await runManagedSession(options({ maxTurns: 3 }));
    expect(result.end).toEqual({ kind: "end_turn" });
    expect(sentTypes()).toEqual(["user.custom_tool_result"]);
    expect(result.outcome).toMatchObject({ subtype: "success", exitCode: 0 });
    expect(result.outcome.stoppedBy).toBeUndefined();
  });

  it("webhook-driven settle: over the cap at the requires_action idle, it interrupts instead of answering and settles as max_turns", async () => {
    double.scenario = slowReviewer(4);
    const { params } = await prepareManagedSession(options());
    const session = await client.beta.sessions.create(params);
    await double.settled();

    const settled = await settleManagedSession({
      client,
      sessionId: session.id,
      jsonSchema: REVIEW_SCHEMA,
      maxTurns: 2,
    });
    expect(settled.state).toBe("ended");
    if (settled.state !== "ended") return;
    expect(settled.end).toEqual({ kind: "max_turns", turns: 4, limit: 2 });
    expect(settled.outcome).toMatchObject({ subtype: "error_max_turns", stoppedBy: "watchdog" });
    expect(sentTypes()).toEqual(["user.interrupt"]);
    expect(double.session(session.id).customToolResults).toEqual([]);
    // Nobody follows a webhook-driven session: once stopped it is archived, so it never runs again.
    expect(double.session(session.id).archived).toBe(true);

    // Within the cap the same history is answered normally.
    double.scenario = slowReviewer(2);
    const next = await client.beta.sessions.create(params);
    await double.settled();
    const answered = await settleManagedSession({
      client,
      sessionId: next.id,
      jsonSchema: REVIEW_SCHEMA,
      maxTurns: 2,
    });
    expect(answered.state).toBe("waiting");
    expect(double.session(next.id).customToolResults).toHaveLength(1);
  });
});
