import Anthropic from "@anthropic-ai/sdk";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AgentRef } from "../../../src/engines/managed-agents/ensure-agent.js";
import {
  type ManagedSessionOptions,
  runManagedSession,
} from "../../../src/engines/managed-agents/run-managed-session.js";
import { REVIEW_SCHEMA } from "../../../src/jobs/review/review-schema.js";
import { builtInPolicy } from "../../../src/runner/policy/built-in-policy.js";
import { sessionFailureReason } from "../../../src/runner/session-outcome.js";
import {
  DOUBLE_API_KEY,
  ManagedAgentsDouble,
  type UserInput,
} from "../../managed-agents-double/managed-agents-double.js";
import {
  idle,
  message,
  modelRequest,
  requiresAction,
  running,
  sessionError,
  submit,
  usage,
} from "../../managed-agents-double/scripted-events.js";

// The real @anthropic-ai/sdk client against the scripted Managed Agents double on 127.0.0.1.

const HEAD = "0123456789abcdef0123456789abcdef01234567";
const REVIEW = { verdict: "comment", summary: "One remark.", findings: [] };

let double: ManagedAgentsDouble;
let client: Anthropic;
const tokens: string[] = [];

beforeEach(async () => {
  double = await ManagedAgentsDouble.start();
  client = new Anthropic({ apiKey: DOUBLE_API_KEY, baseURL: double.baseURL, maxRetries: 0 });
  tokens.length = 0;
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
    repositoryToken: async (access) => {
      const token = `ghs_${access}_${tokens.length}`;
      tokens.push(token);
      return token;
    },
    retry: { initialDelayMs: 5, maxDelayMs: 20 },
    ...overrides,
  };
}

/** A well-behaved agent: looks, submits, and ends its turn once the result is accepted. */
function reviewer(first: Record<string, unknown> = REVIEW) {
  return (input: UserInput, _session?: unknown) => {
    if (input.kind === "message") {
      return [running(), ...modelRequest(), message("Looking at the diff."), submit(first), requiresAction()];
    }
    if (input.kind === "custom_tool_result" && input.isError) {
      return [running(), ...modelRequest(), submit(REVIEW), requiresAction()];
    }
    if (input.kind === "custom_tool_result") {
      return [running(), ...modelRequest(300, 40), message("Submitted."), usage(42, 17), idle("end_turn")];
    }
    return undefined;
  };
}

describe("runManagedSession (real SDK, Managed Agents double)", () => {
  it("happy review: requires_action → submit_result accepted → end_turn, with the CLI outcome shape", async () => {
    double.scenario = reviewer();
    const cache = new Map<string, AgentRef>();
    const result = await runManagedSession(options({ agentCache: cache }));

    expect(result.outcome).toMatchObject({
      subtype: "success",
      exitCode: 0,
      isError: false,
      structuredOutput: REVIEW,
      structuredOutputCheck: "schema_valid",
      totalCostUsd: 0.42,
      numTurns: 2,
      stopReason: "end_turn",
      failureReasons: [],
    });
    expect(result.outcome.sessionId).toBe(double.session().id);
    // Previews were streamed, but only the buffered messages count.
    expect(result.ledger.messages).toEqual(["Looking at the diff.", "Submitted."]);
    expect(result.outcome.resultText).toBe("Submitted.");

    const created = double.session().createParams;
    expect(created.budget).toEqual({ type: "limit", max_list_cost: { amount: "150", currency: "USD" } });
    expect(created.resources).toEqual([
      {
        type: "github_repository",
        url: "https://github.com/octo/repo",
        authorization_token: "ghs_read_0",
        checkout: { type: "commit", sha: HEAD },
      },
    ]);
    expect(double.session().customToolResults).toEqual([
      { customToolUseId: expect.any(String), isError: false, text: "Result accepted. Stop here." },
    ]);

    // The agent definition: submit_result takes the job's schema; only reading tools run unasked.
    const [agent] = [...double.agents.values()];
    const tools = agent!.tools as Array<Record<string, unknown>>;
    expect(tools[1]).toMatchObject({ type: "custom", name: "submit_result", input_schema: REVIEW_SCHEMA });
    const configs = (tools[0]!.configs as Array<{ name: string; enabled: boolean }>).filter((c) => c.enabled);
    expect(configs.map((c) => c.name)).toEqual(["read", "glob", "grep", "bash"]);
  });

  it("reuses the agent by content hash, and updates it (not a second agent) when the definition changes", async () => {
    double.scenario = reviewer();
    const first = await runManagedSession(options());
    const again = await runManagedSession(options());
    const changed = await runManagedSession(options({ appendSystemPrompt: "Be brief." }));
    expect([first.agent.action, again.agent.action, changed.agent.action]).toEqual([
      "created",
      "reused",
      "updated",
    ]);
    expect(double.agents.size).toBe(1);
    expect(changed.agent.version).toBe(2);
    expect(changed.agent.contentHash).not.toBe(first.agent.contentHash);
    const cache = new Map<string, AgentRef>();
    await runManagedSession(options({ agentCache: cache }));
    expect((await runManagedSession(options({ agentCache: cache }))).agent.action).toBe("cached");
  });

  it("custom-tool loop: an invalid first input is answered with an error result, the fixed one is accepted", async () => {
    double.scenario = reviewer({ verdict: "approve", summary: "" });
    const result = await runManagedSession(options());
    expect(result.outcome.exitCode).toBe(0);
    expect(result.outcome.structuredOutput).toEqual(REVIEW);
    const answers = double.session().customToolResults;
    expect(answers.map((a) => a.isError)).toEqual([true, false]);
    expect(answers[0]!.text).toContain("/verdict must be equal to one of the allowed values");
    expect(answers[0]!.text).toContain("/summary must NOT have fewer than 1 characters");
  });

  it("gives up after the attempts run out and says why", async () => {
    double.scenario = (input) =>
      input.kind === "custom_tool_result" && !input.isError
        ? [idle("end_turn")]
        : input.kind === "custom_tool_result" && input.text.includes("no attempts are left")
          ? [message("I give up."), idle("end_turn")]
          : [running(), submit({ verdict: "nope" }), requiresAction()];
    const result = await runManagedSession(options({ submitAttempts: 2, nudges: 0 }));
    expect(double.session().customToolResults).toHaveLength(2);
    expect(result.outcome).toMatchObject({ exitCode: 1, structuredOutputCheck: "invalid" });
    expect(result.outcome.failureReasons[0]).toMatch(/submit_result was called 2 times and never matched/);
  });

  it("SSE drop mid-turn: reconnects, reconciles the missed events from the list, answers once", async () => {
    let dropped = false;
    const good = reviewer();
    double.scenario = (input, session) => {
      if (input.kind === "message" && !dropped) {
        dropped = true;
        // The stream dies after two events; the tool call and the idle only reach the list.
        return {
          events: [running(), ...modelRequest(), message("Half"), submit(REVIEW), requiresAction()],
          dropStreamAfter: 2,
        };
      }
      return good(input, session);
    };
    const result = await runManagedSession(options());
    expect(result.reconnects).toBeGreaterThanOrEqual(1);
    expect(result.outcome.notes.join("\n")).toContain("reconnecting and reconciling from the event list");
    expect(result.outcome.exitCode).toBe(0);
    expect(double.session().customToolResults).toHaveLength(1);
    expect(result.ledger.messages).toEqual(["Half", "Submitted."]);
  });

  it("duplicate events on the stream are handled once: one tool result per custom_tool_use_id", async () => {
    const good = reviewer();
    double.scenario = (input, session) => {
      const plan = good(input, session);
      return plan ? { events: plan, duplicateOnStream: true } : undefined;
    };
    const result = await runManagedSession(options());
    expect(result.outcome.exitCode).toBe(0);
    expect(double.session().customToolResults).toHaveLength(1);
    expect(result.outcome.numTurns).toBe(2);
  });

  it("budget_reached is a pause reported as budget, with the cost so far", async () => {
    double.scenario = (input) =>
      input.kind === "message"
        ? [running(), ...modelRequest(), usage(150, 40), idle("budget_reached")]
        : undefined;
    const result = await runManagedSession(options());
    expect(result.end).toEqual({ kind: "budget_reached" });
    expect(result.outcome).toMatchObject({ subtype: "error_max_budget_usd", exitCode: 1, totalCostUsd: 1.5 });
    expect(result.outcome.failureReasons[0]).toContain("budget");
  });

  it("rescheduled after an error, then success: the error is kept, the run is not failed", async () => {
    const good = reviewer();
    double.scenario = (input, session) =>
      input.kind === "message"
        ? [
            running(),
            ...modelRequest(100, 0, true),
            sessionError("model_overloaded_error", "Overloaded"),
            { type: "session.status_rescheduled" },
            running(),
            ...modelRequest(),
            submit(REVIEW),
            requiresAction(),
          ]
        : good(input, session);
    const result = await runManagedSession(options());
    expect(result.outcome.exitCode).toBe(0);
    expect(result.outcome.apiRetries).toBe(1);
    expect(result.outcome.errors).toEqual([
      expect.stringMatching(/^model request .* failed$/),
      "model_overloaded_error: Overloaded",
    ]);
  });

  it("terminated with an error and no result: a failed outcome with the service's error", async () => {
    double.scenario = (input) =>
      input.kind === "message"
        ? [
            running(),
            sessionError("repository_checkout_error", "no such commit"),
            { type: "session.status_terminated" },
          ]
        : undefined;
    const result = await runManagedSession(options());
    expect(result.end).toEqual({ kind: "terminated" });
    expect(result.outcome).toMatchObject({ exitCode: 1, structuredOutputCheck: "missing" });
    expect(result.outcome.errors).toEqual(["repository_checkout_error: no such commit"]);
    // The service's cause leads: a clone failure is not the model's fault.
    expect(result.outcome.failureReasons).toEqual([
      "the session terminated after a service error: repository_checkout_error: no such commit",
      "the agent never called submit_result",
    ]);
    expect(sessionFailureReason(result.outcome)).toContain("repository_checkout_error: no such commit");
  });

  it("deleted mid-run ends the run as deleted", async () => {
    double.scenario = (input) =>
      input.kind === "message" ? [running(), { type: "session.deleted" }] : undefined;
    const result = await runManagedSession(options());
    expect(result.end).toEqual({ kind: "deleted" });
    expect(result.outcome.failureReasons[0]).toBe("the session was deleted");
  });

  it("the deadline interrupts, then archives", async () => {
    double.scenario = (input) =>
      input.kind === "message"
        ? [running(), ...modelRequest()]
        : input.kind === "interrupt"
          ? [idle("end_turn")]
          : undefined;
    const result = await runManagedSession(options({ deadlineMs: 400 }));
    expect(result.end).toEqual({ kind: "deadline" });
    const sent = double.requests.filter((r) => r.method === "POST" && r.path.endsWith("/events"));
    expect(sent.map((r) => (r.body as { events: Array<{ type: string }> }).events[0]!.type)).toEqual([
      "user.interrupt",
    ]);
    expect(double.session().archived).toBe(true);
    expect(result.outcome.failureReasons[0]).toContain("interrupted and archived");
    expect(result.outcome.stoppedBy).toBe("deadline");
  });

  it("a turn that ends in prose is nudged once in the same session", async () => {
    const good = reviewer();
    let nudged = false;
    double.scenario = (input, session) => {
      if (input.kind === "message" && !nudged) {
        nudged = true;
        return [running(), ...modelRequest(), message("Here is my review in prose."), idle("end_turn")];
      }
      return good(input, session);
    };
    const result = await runManagedSession(options());
    expect(result.outcome.exitCode).toBe(0);
    expect(result.outcome.structuredOutput).toEqual(REVIEW);
    expect(double.sessions.size).toBe(1);
  });

  it("shell commands are confirmed by the job's policy: a read-only command is allowed, a write denied", async () => {
    const policy = builtInPolicy("review", { workspace: "/tmp" });
    const good = reviewer();
    double.scenario = (input, session) => {
      if (input.kind === "message") {
        return [
          running(),
          {
            type: "agent.tool_use",
            name: "bash",
            input: { command: "git log --oneline -3" },
            evaluated_permission: "ask",
          },
          {
            type: "agent.tool_use",
            name: "bash",
            input: { command: "curl https://evil.example" },
            evaluated_permission: "ask",
          },
          requiresAction(),
        ];
      }
      if (input.kind === "tool_confirmation" && input.result === "deny") {
        return [submit(REVIEW), requiresAction()];
      }
      return input.kind === "custom_tool_result" ? good(input, session) : undefined;
    };
    const result = await runManagedSession(options({ policy, policyRoot: "/tmp" }));
    expect(result.outcome.exitCode).toBe(0);
    expect(result.outcome.policyDecisions.map((d) => [d.subject, d.behavior])).toEqual([
      ["git log --oneline -3", "allow"],
      ["curl https://evil.example", "deny"],
    ]);
  });
});

describe("the mount token, checked before the session exists", () => {
  it("a classic token from the door stops the job before any request to the service", async () => {
    await expect(
      runManagedSession(options({ repositoryToken: async () => "ghp_classicTokenCanPush0123456789" })),
    ).rejects.toThrow(/^the mount token is a classic personal access token or OAuth token/);
    expect(double.sessions.size).toBe(0);
    expect(JSON.stringify(double.requests)).not.toContain("ghp_classicTokenCanPush");
  });

  it("the door's own write token, named as the door names it", async () => {
    await expect(
      runManagedSession(
        options({
          repositoryToken: async () => "ghs_theJobsWriteToken0123456789",
          mountToken: {
            name: "repository_read_token",
            writeTokens: [{ name: "the workflow's github_token", value: "ghs_theJobsWriteToken0123456789" }],
          },
        }),
      ),
    ).rejects.toThrow(/^repository_read_token is the workflow's github_token, which can write/);
    expect(double.sessions.size).toBe(0);
  });
});
