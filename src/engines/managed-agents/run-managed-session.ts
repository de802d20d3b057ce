import type Anthropic from "@anthropic-ai/sdk";
import type { SessionCreateParams } from "@anthropic-ai/sdk/resources/beta/sessions/sessions";
import type { SessionEventLedger } from "../../protocol/managed-agents/index.js";
import type { PolicyDecision, ToolPolicy } from "../../runner/policy/tool-policy.js";
import { attestRemoteRun, type RunAttestation } from "../../runner/run-attestation.js";
import type { SessionOutcome } from "../../runner/session-outcome.js";
import { READ_BACK_COMMAND, submitResultSchema, WORKSPACE_PATCH_FIELD } from "./agent-definition.js";
import { type DriveEnd, driveSession, type RetryTimings, SessionDriver } from "./drive-session.js";
import type { AgentRef } from "./ensure-agent.js";
import { ensureAgent, ensureEnvironment } from "./ensure-agent.js";
import { type MountTokenRules, refuseWritableMountToken } from "./mount-token-check.js";
import { SubmitResultTool } from "./submit-result-tool.js";

/** The repository the agent sees, mounted by Anthropic at one exact commit. */
export interface RemoteWorkspace {
  owner: string;
  name: string;
  headSha: string;
  /**
   * "write" only for autofix: the editing tools are enabled and the edits come back as a patch. The
   * mount token reads only, whatever the access: the agent can never push.
   */
  access: "read" | "write";
  /** https://github.com, or a GitHub Enterprise Server URL. */
  serverUrl?: string;
}

export interface ManagedSessionOptions {
  client: Anthropic;
  jobKind: string;
  prompt: string;
  model: string;
  /** The job's output schema; `submit_result` takes exactly this. */
  jsonSchema: Record<string, unknown>;
  /** Becomes the session's budget (list price), enforced by the service. */
  maxBudgetUsd: number;
  /** Wall-clock limit: interrupt, then archive. */
  deadlineMs?: number;
  /** The job's turn cap, counted from the session's model requests: interrupt past it. */
  maxTurns?: number;
  workspace: RemoteWorkspace;
  /** Mints a short-lived token for this one repository, contents read (the workspace's access is passed along). */
  repositoryToken: (access: "read" | "write") => Promise<string>;
  /** What the minted token is checked against before it is sent (default: its prefix only). */
  mountToken?: MountTokenRules;
  /** Confirms the agent's shell commands (the same rules as the CLI path's Bash). */
  policy?: ToolPolicy;
  /** Local root the policy judges paths against. */
  policyRoot?: string;
  appendSystemPrompt?: string;
  agentCache?: Map<string, AgentRef>;
  environmentName?: string;
  /** How many times the agent is reminded to submit when a turn ends without a result (default 1). */
  nudges?: number;
  submitAttempts?: number;
  retry?: Partial<RetryTimings>;
}

export interface ManagedSessionResult {
  outcome: SessionOutcome;
  ledger: SessionEventLedger;
  agent: AgentRef;
  end: DriveEnd;
  reconnects: number;
}

/** Everything `sessions.create` needs, apart from the client. Exposed for the webhook-driven path. */
export async function prepareManagedSession(options: ManagedSessionOptions): Promise<{
  agent: AgentRef;
  params: SessionCreateParams;
}> {
  const agent = await ensureAgent(
    options.client,
    {
      jobKind: options.jobKind,
      model: options.model,
      outputSchema: options.jsonSchema,
      access: options.workspace.access,
      ...(options.appendSystemPrompt ? { appendSystemPrompt: options.appendSystemPrompt } : {}),
    },
    options.agentCache,
  );
  const environmentId = await ensureEnvironment(options.client, options.environmentName);
  const { owner, name, headSha, access } = options.workspace;
  const token = await options.repositoryToken(access);
  // Before the session exists: a token that can write never reaches the agent's container.
  refuseWritableMountToken(token, options.mountToken ?? { name: "the mount token" });
  const server = (options.workspace.serverUrl ?? "https://github.com").replace(/\/+$/, "");
  const params: SessionCreateParams = {
    agent: { type: "agent", id: agent.id, version: agent.version },
    environment_id: environmentId,
    // Budget in cents as an integer string; a fraction of a cent rounds down so the cap never grows.
    budget: {
      type: "limit",
      max_list_cost: { amount: String(Math.floor(options.maxBudgetUsd * 100)), currency: "USD" },
    },
    resources: [
      {
        type: "github_repository",
        url: `${server}/${owner}/${name}`,
        // No token: the repository must be public (the service clones it anonymously).
        ...(token ? { authorization_token: token } : {}),
        checkout: { type: "commit", sha: headSha },
      },
    ],
    initial_events: [{ type: "user.message", content: [{ type: "text", text: options.prompt }] }],
    metadata: { "claude-pr-runner/job": options.jobKind, "claude-pr-runner/head-sha": headSha },
    title: `${options.jobKind} ${owner}/${name}@${headSha.slice(0, 12)}`,
  };
  return { agent, params };
}

/**
 * One job on Managed Agents, waiting for it: create the session, follow it to the end, and return the
 * same outcome shape as a CLI session. The structured output is what `submit_result` accepted.
 */
export async function runManagedSession(options: ManagedSessionOptions): Promise<ManagedSessionResult> {
  const started = Date.now();
  const deadlineAt = options.deadlineMs === undefined ? undefined : started + options.deadlineMs;
  const access = options.workspace.access;
  const submit = await SubmitResultTool.create(
    submitResultSchema(options.jsonSchema, access),
    options.submitAttempts,
  );
  const { agent, params } = await prepareManagedSession(options);
  const session = await options.client.beta.sessions.create(params);
  const policyDecisions: PolicyDecision[] = [];
  const handlers = toolHandlers({ ...options, readBack: access === "write" }, submit, policyDecisions);

  let drive = await driveSession({
    client: options.client,
    sessionId: session.id,
    ...handlers,
    ...(deadlineAt === undefined ? {} : { deadlineAt }),
    ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
    ...(options.retry ? { retry: options.retry } : {}),
    previews: true,
  });
  const notes = [...drive.notes];
  let reconnects = drive.reconnects;
  let nudges = options.nudges ?? 1;
  while (drive.end.kind === "end_turn" && !submit.hasResult && !submit.exhausted && nudges-- > 0) {
    // The turn ended in prose: ask once more for the tool call, in the same session (same context).
    const nudger = new SessionDriver({ client: options.client, sessionId: session.id, ...handlers });
    const sentId = await nudger.send({
      type: "user.message",
      content: [
        { type: "text", text: "Call the submit_result tool now with your result; text answers are ignored." },
      ],
    });
    if (!sentId) break;
    drive = await driveSession({
      client: options.client,
      sessionId: session.id,
      ledger: drive.ledger,
      awaitEventId: sentId,
      ...handlers,
      ...(deadlineAt === undefined ? {} : { deadlineAt }),
      ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
      ...(options.retry ? { retry: options.retry } : {}),
    });
    notes.push("the turn ended without submit_result; the agent was asked once more", ...drive.notes);
    reconnects += drive.reconnects;
  }

  const outcome = outcomeOf(drive.end, drive.ledger, submit, {
    sessionId: session.id,
    durationMs: Date.now() - started,
    policyDecisions,
    notes,
    attestation: attestRemoteRun({ policy: options.policy, access }),
  });
  if (access === "write") splitWorkspacePatch(outcome);
  return { outcome, ledger: drive.ledger, agent, end: drive.end, reconnects };
}

/** Moves the patch out of a write job's result: the job sees its own schema's shape only. */
export function splitWorkspacePatch(outcome: SessionOutcome): void {
  const result = outcome.structuredOutput;
  if (!result || typeof result !== "object" || !(WORKSPACE_PATCH_FIELD in result)) return;
  const { [WORKSPACE_PATCH_FIELD]: patch, ...rest } = result as Record<string, unknown>;
  outcome.structuredOutput = rest;
  if (typeof patch === "string") outcome.workspacePatch = patch;
}

export function toolHandlers(
  options: Pick<ManagedSessionOptions, "policy" | "policyRoot"> & {
    /** A write job: its read-back command is allowed whatever the policy says (docs/engines.md). */
    readBack?: boolean;
  },
  submit: SubmitResultTool,
  policyDecisions: PolicyDecision[],
) {
  return {
    answerCustomTool: (use: Parameters<SubmitResultTool["answer"]>[0]) => submit.answer(use),
    confirmToolUse: async (use: { id: string; name: string; input: Record<string, unknown> }) => {
      // The remote toolset's names are lower-case; the policy speaks the CLI's tool names.
      const toolName = use.name === "bash" ? "Bash" : use.name;
      const command = typeof use.input.command === "string" ? use.input.command : "";
      if (options.readBack && toolName === "Bash" && command.trim() === READ_BACK_COMMAND) {
        // It only reads the container's own clone: the patch it prints is what we commit, after our checks.
        const reason = "the read-back of the remote edits (git diff), run in Anthropic's container";
        policyDecisions.push({
          toolName,
          toolUseId: use.id,
          behavior: "allow",
          ruleId: "remote-read-back",
          reason,
          subject: command,
          at: new Date().toISOString(),
        });
        return { allow: true, reason };
      }
      if (!options.policy) return { allow: false, reason: "no policy allows shell commands" };
      const decision = await options.policy.evaluate(
        { tool_name: toolName, input: use.input, tool_use_id: use.id },
        options.policyRoot ?? "/",
      );
      policyDecisions.push({ ...decision, subject: command.slice(0, 200), at: new Date().toISOString() });
      return { allow: decision.behavior === "allow", reason: decision.reason };
    },
  };
}

const END_REASONS: Record<DriveEnd["kind"], string> = {
  end_turn: "the agent ended its turn",
  requires_action: "the session waits on a tool call this host does not own",
  budget_reached: "the session reached its budget (max_budget_usd) and was paused",
  retries_exhausted: "the service gave up after repeated errors",
  refusal: "the model refused",
  terminated: "the session terminated",
  deleted: "the session was deleted",
  deadline: "the deadline passed; the session was interrupted and archived",
  max_turns: "the agent reached the job's turn limit (max_turns); the session was interrupted",
  stream_failed: "the event stream could not be re-established",
};

export function outcomeOf(
  end: DriveEnd,
  ledger: SessionEventLedger,
  submit: SubmitResultTool,
  extra: {
    sessionId: string;
    durationMs: number;
    policyDecisions: PolicyDecision[];
    notes: string[];
    attestation: RunAttestation;
  },
): SessionOutcome {
  const failureReasons: string[] = [];
  // A terminated session that already handed in its result did its job. Any other end without a
  // result failed, and the engine's own cause comes first: a session the service terminated after an
  // error (a clone or container failure) is the service's failure, not the model's, so its error
  // text leads the reason every door shows, before "never called submit_result".
  const endOk = end.kind === "end_turn" || (end.kind === "terminated" && submit.hasResult);
  const serviceError = ledger.errors.at(-1);
  if (!endOk)
    failureReasons.push(
      END_REASONS[end.kind] +
        (end.kind === "stream_failed" ? `: ${end.message}` : "") +
        (end.kind === "max_turns" ? ` at turn ${end.turns} of ${end.limit}` : "") +
        ((end.kind === "terminated" || end.kind === "retries_exhausted") && serviceError !== undefined
          ? ` after a service error: ${serviceError}`
          : ""),
    );
  if (!submit.hasResult) {
    failureReasons.push(
      submit.attemptsUsed > 0
        ? `submit_result was called ${submit.attemptsUsed} times and never matched the schema: ${submit.problems.at(-1) ?? ""}`
        : "the agent never called submit_result",
    );
  }
  const ok = failureReasons.length === 0;
  const subtype =
    end.kind === "budget_reached"
      ? "error_max_budget_usd"
      : end.kind === "max_turns"
        ? "error_max_turns"
        : ok
          ? "success"
          : "error_during_execution";
  const outcome: SessionOutcome = {
    subtype,
    isError: !ok,
    exitCode: ok ? 0 : 1,
    sessionId: extra.sessionId,
    totalCostUsd: ledger.usage.listCostCents / 100,
    numTurns: ledger.usage.modelRequests,
    permissionDenials: [],
    errors: [...ledger.errors],
    durationMs: extra.durationMs,
    stopReason: end.kind,
    terminalReason: END_REASONS[end.kind],
    policyDecisions: extra.policyDecisions,
    failureReasons,
    ...(end.kind === "deadline" ? { stoppedBy: "deadline" as const } : {}),
    ...(end.kind === "budget_reached" ? { stoppedBy: "budget" as const } : {}),
    // The host's own turn count stopped it, as the CLI path's watchdog does past --max-turns.
    ...(end.kind === "max_turns" ? { stoppedBy: "watchdog" as const } : {}),
    structuredOutputCheck: submit.hasResult
      ? "schema_valid"
      : submit.attemptsUsed > 0
        ? "invalid"
        : "missing",
    apiRetries: ledger.rescheduleCount,
    attestation: extra.attestation,
    toolUses: [...ledger.toolUses],
    notes: [
      ...extra.notes,
      ...ledger.notes,
      `engine managed-agents: ${ledger.usage.activeSeconds}s active, ${ledger.usage.inputTokens} input / ${ledger.usage.outputTokens} output tokens`,
    ],
  };
  if (submit.hasResult) outcome.structuredOutput = submit.result;
  const lastMessage = ledger.messages.at(-1);
  if (lastMessage !== undefined) outcome.resultText = lastMessage;
  if (!ok) outcome.reason = failureReasons.join("; ");
  return outcome;
}
