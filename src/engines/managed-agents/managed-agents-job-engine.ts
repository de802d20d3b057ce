import type {
  DetachedEngine,
  JobSessionPlan,
  JobSessionResult,
  SessionHandle,
  SessionLook,
} from "../engine.js";
import type { EngineJob, ManagedAgentsEngine } from "./managed-agents-engine.js";

/** Local transcripts never carry over to the remote engine: every session there starts fresh. */
const REMOTE_START = {
  status: "fresh",
  reason: "no_prior_session",
  message:
    "Started a fresh Managed Agents session: local transcripts do not carry over to the remote engine.",
} as const;

/**
 * Claude Managed Agents behind the engine interface: the same plan as for the CLI (prompt, schema,
 * policy confirming the agent's shell commands, caps), run in Anthropic's container on the mounted
 * repository. A lineage is ignored: the conversation lives remotely.
 */
export class ManagedAgentsJobEngine implements DetachedEngine {
  readonly name = "managed-agents";
  readonly editsComeBackAsPatch = true;
  readonly reads = "mounted-commit";

  constructor(readonly service: ManagedAgentsEngine) {}

  async run(plan: JobSessionPlan): Promise<JobSessionResult> {
    const outcome = await this.service.run({
      ...(await engineJobOf(plan)),
      policy: plan.policy,
      policyRoot: plan.cwd,
      ...(plan.deadlineMs === undefined ? {} : { deadlineMs: plan.deadlineMs }),
      ...(plan.appendSystemPrompt ? { appendSystemPrompt: plan.appendSystemPrompt } : {}),
    });
    return { outcome, restore: REMOTE_START, notes: [] };
  }

  async begin(plan: JobSessionPlan, mountToken?: () => Promise<string>): Promise<SessionHandle> {
    const { sessionId } = await this.service.start({
      ...(await engineJobOf(plan)),
      ...(mountToken ? { repositoryToken: mountToken } : {}),
    });
    return {
      sessionId,
      startedAt: new Date().toISOString(),
      ...(plan.maxTurns === undefined ? {} : { maxTurns: plan.maxTurns }),
      // The same time budget a CLI session of this job gets, counted from the session's creation.
      ...(plan.deadlineMs === undefined
        ? {}
        : { deadlineAt: new Date(Date.now() + plan.deadlineMs).toISOString() }),
    };
  }

  resultOf(sessionId: string, jsonSchema: Record<string, unknown>): Promise<unknown> {
    return this.service.resultOf(sessionId, jsonSchema);
  }

  async look(
    handle: SessionHandle,
    check: Pick<JobSessionPlan, "jsonSchema" | "policy"> & { access?: "read" | "write" },
  ): Promise<SessionLook> {
    const settled = await this.service.settle(handle.sessionId, {
      jsonSchema: check.jsonSchema as Record<string, unknown>,
      policy: check.policy,
      ...(check.access ? { access: check.access } : {}),
      ...(handle.maxTurns === undefined ? {} : { maxTurns: handle.maxTurns }),
      ...(handle.deadlineAt === undefined ? {} : { deadlineAt: Date.parse(handle.deadlineAt) }),
    });
    if (settled.state === "waiting") return { state: "waiting" };
    return {
      state: "ended",
      session: {
        outcome: settled.outcome,
        restore: { ...REMOTE_START, message: "A Managed Agents session, settled from its webhook." },
        notes: [],
      },
    };
  }
}

/** What the service needs of a plan: a fixed prompt, an object schema and a dollar cap. */
async function engineJobOf(plan: JobSessionPlan): Promise<EngineJob> {
  if (typeof plan.jsonSchema !== "object" || plan.jsonSchema === null) {
    throw new Error(
      "the managed-agents engine needs the job's output schema (it becomes submit_result's input)",
    );
  }
  if (plan.maxBudgetUsd === undefined) {
    throw new Error("the managed-agents engine needs a dollar cap (it becomes the session budget)");
  }
  return {
    jobKind: plan.jobKind,
    prompt: typeof plan.prompt === "string" ? plan.prompt : await plan.prompt(REMOTE_START),
    jsonSchema: plan.jsonSchema as Record<string, unknown>,
    maxBudgetUsd: plan.maxBudgetUsd,
    workspace: plan.workspace,
    ...(plan.maxTurns === undefined ? {} : { maxTurns: plan.maxTurns }),
    ...(plan.model ? { model: plan.model } : {}),
  };
}
