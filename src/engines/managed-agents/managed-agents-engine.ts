import Anthropic from "@anthropic-ai/sdk";
import type { ToolPolicy } from "../../runner/policy/tool-policy.js";
import type { SessionOutcome } from "../../runner/session-outcome.js";
import { listHistory, type RetryTimings } from "./drive-session.js";
import type { AgentRef } from "./ensure-agent.js";
import type { MountTokenRules } from "./mount-token-check.js";
import { prepareManagedSession, type RemoteWorkspace, runManagedSession } from "./run-managed-session.js";
import { type SettleResult, settleManagedSession } from "./settle-managed-session.js";
import { SubmitResultTool } from "./submit-result-tool.js";

/** A session's status (`beta.sessions.retrieve`), or "deleted" once the service no longer knows it. */
export type RemoteSessionStatus = "rescheduling" | "running" | "idle" | "terminated" | "deleted";

/** The default model of remote sessions when the job names none. */
export const DEFAULT_REMOTE_MODEL = "claude-sonnet-4-6";

export interface ManagedAgentsEngineConfig {
  apiKey: string;
  /** For tests and gateways; default Anthropic's API. */
  baseURL?: string;
  /** Mints the token the repository is mounted with: this repository only, read unless "write". */
  repositoryToken: (workspace: RemoteWorkspace) => Promise<string>;
  /** How the door names that token, and the credentials it holds that can write (never mounted). */
  mountToken?: MountTokenRules;
  serverUrl?: string;
  retry?: Partial<RetryTimings>;
}

/** What a job hands to an engine: the same intent as for the CLI, plus where the code lives. */
export interface EngineJob {
  jobKind: string;
  prompt: string;
  jsonSchema: Record<string, unknown>;
  maxBudgetUsd: number;
  deadlineMs?: number;
  /** The job's turn cap, counted from the session's model requests (docs/engines.md). */
  maxTurns?: number;
  model?: string;
  policy?: ToolPolicy;
  policyRoot?: string;
  appendSystemPrompt?: string;
  workspace: RemoteWorkspace;
  /**
   * Mints this job's mount token instead of the engine's default (a worker serving many
   * installations mints one per job: this repository, contents read).
   */
  repositoryToken?: (workspace: RemoteWorkspace) => Promise<string>;
}

/**
 * Runs jobs as Claude Managed Agents sessions: the agent works in Anthropic's container on a mounted
 * copy of the repository, and this process only streams events and answers tools. One engine per
 * process: it keeps the agent-definition cache.
 */
export class ManagedAgentsEngine {
  readonly kind = "managed-agents";
  private readonly client: Anthropic;
  private readonly agentCache = new Map<string, AgentRef>();

  constructor(private readonly config: ManagedAgentsEngineConfig) {
    this.client = new Anthropic({
      apiKey: config.apiKey,
      ...(config.baseURL ? { baseURL: config.baseURL } : {}),
    });
  }

  /** What creating a session takes, the same whether the caller waits for it (`run`) or not (`start`). */
  private sessionBasics(job: EngineJob) {
    const workspace = {
      ...job.workspace,
      ...(this.config.serverUrl ? { serverUrl: this.config.serverUrl } : {}),
    };
    return {
      client: this.client,
      jobKind: job.jobKind,
      prompt: job.prompt,
      model: job.model ?? DEFAULT_REMOTE_MODEL,
      jsonSchema: job.jsonSchema,
      maxBudgetUsd: job.maxBudgetUsd,
      workspace,
      repositoryToken: () => (job.repositoryToken ?? this.config.repositoryToken)(workspace),
      ...(this.config.mountToken ? { mountToken: this.config.mountToken } : {}),
      agentCache: this.agentCache,
      ...(job.appendSystemPrompt ? { appendSystemPrompt: job.appendSystemPrompt } : {}),
    };
  }

  /** Creates the session and returns at once (the webhook-driven path); `settle` takes it from there. */
  async start(job: EngineJob): Promise<{ sessionId: string }> {
    const { params } = await prepareManagedSession(this.sessionBasics(job));
    const session = await this.client.beta.sessions.create(params);
    return { sessionId: session.id };
  }

  /** One look at a started session: answer what it waits on, or return its outcome once it ended. */
  settle(
    sessionId: string,
    job: Pick<EngineJob, "jsonSchema" | "policy" | "policyRoot" | "maxTurns"> & {
      /** When the job's time is up (ms since epoch): a session still working is interrupted and archived. */
      deadlineAt?: number;
      /** The workspace access the session was started with ("write" for an autofix). */
      access?: "read" | "write";
    },
  ): Promise<SettleResult> {
    return settleManagedSession({
      client: this.client,
      sessionId,
      jsonSchema: job.jsonSchema,
      ...(job.maxTurns === undefined ? {} : { maxTurns: job.maxTurns }),
      ...(job.deadlineAt === undefined ? {} : { deadlineAt: job.deadlineAt }),
      ...(job.access ? { access: job.access } : {}),
      ...(job.policy ? { policy: job.policy } : {}),
      ...(job.policyRoot ? { policyRoot: job.policyRoot } : {}),
    });
  }

  /** The session's status as the service reports it now; "deleted" when it answers 404. */
  async status(sessionId: string): Promise<RemoteSessionStatus> {
    try {
      return (await this.client.beta.sessions.retrieve(sessionId)).status;
    } catch (error) {
      if ((error as { status?: number }).status === 404) return "deleted";
      throw error;
    }
  }

  /** The result an earlier session's submit_result accepted, read back from its event history. */
  async resultOf(sessionId: string, jsonSchema: Record<string, unknown>): Promise<unknown> {
    const submit = await SubmitResultTool.create(jsonSchema);
    submit.restore(await listHistory(this.client, sessionId));
    return submit.result;
  }

  async run(job: EngineJob): Promise<SessionOutcome> {
    const result = await runManagedSession({
      ...this.sessionBasics(job),
      ...(job.deadlineMs === undefined ? {} : { deadlineMs: job.deadlineMs }),
      ...(job.maxTurns === undefined ? {} : { maxTurns: job.maxTurns }),
      ...(job.policy ? { policy: job.policy } : {}),
      ...(job.policyRoot ? { policyRoot: job.policyRoot } : {}),
      ...(this.config.retry ? { retry: this.config.retry } : {}),
    });
    return result.outcome;
  }
}
