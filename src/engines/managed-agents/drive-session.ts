import type Anthropic from "@anthropic-ai/sdk";
import type { BetaManagedAgentsEventParams } from "@anthropic-ai/sdk/resources/beta/sessions/events";
import {
  type EventHandling,
  type PendingCustomToolUse,
  SessionEventLedger,
  type StreamItem,
} from "../../protocol/managed-agents/index.js";

export interface CustomToolAnswer {
  text: string;
  isError: boolean;
}

export interface ToolUseToConfirm {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

export interface SessionHandlers {
  /** Runs a custom tool; called at most once per `custom_tool_use_id`, however often it is redelivered. */
  answerCustomTool: (use: PendingCustomToolUse) => Promise<CustomToolAnswer> | CustomToolAnswer;
  /** Decides a built-in tool call the agent must have confirmed (bash). Default: deny. */
  confirmToolUse?: (use: ToolUseToConfirm) => Promise<{ allow: boolean; reason: string }>;
}

export interface RetryTimings {
  /** First reconnect delay; doubles up to maxDelayMs. */
  initialDelayMs: number;
  maxDelayMs: number;
  /** Reconnects allowed without a single new event in between. */
  maxAttempts: number;
  /** Tries per event POST, with initialDelayMs * 2^n between them. */
  sendAttempts: number;
}

/** Reconnect from 500 ms, doubling to 10 s; three tries per POST (docs/engines.md). */
export const DEFAULT_RETRY: RetryTimings = {
  initialDelayMs: 500,
  maxDelayMs: 10_000,
  maxAttempts: 8,
  sendAttempts: 3,
};

export type DriveEnd =
  | { kind: "end_turn" }
  | { kind: "requires_action"; eventIds: string[] }
  | { kind: "budget_reached" }
  | { kind: "retries_exhausted" }
  | { kind: "refusal"; detail?: string }
  | { kind: "terminated" }
  | { kind: "deleted" }
  | { kind: "deadline" }
  | { kind: "max_turns"; turns: number; limit: number }
  | { kind: "stream_failed"; message: string };

export interface DriveOptions extends SessionHandlers {
  client: Anthropic;
  sessionId: string;
  /** Shared across drives of the same session so a follow-up turn never re-handles old events. */
  ledger?: SessionEventLedger;
  /** An idle counts only after this event (our latest input) was processed: earlier idles are stale. */
  awaitEventId?: string;
  /** Absolute time (ms since epoch) after which the session is interrupted and archived. */
  deadlineAt?: number;
  /**
   * The job's turn cap: when the agent starts a model request past it, nothing more is answered and
   * the session is interrupted (`user.interrupt`), as the CLI stops at `--max-turns`.
   */
  maxTurns?: number;
  retry?: Partial<RetryTimings>;
  /** Ask for live previews of agent.message (scratch only). */
  previews?: boolean;
  onEvent?: (handling: EventHandling) => void;
}

export interface DriveResult {
  end: DriveEnd;
  ledger: SessionEventLedger;
  reconnects: number;
  notes: string[];
}

/**
 * Follows one remote session until it needs nothing more from us: stream its events, reconcile from
 * the event list after every (re)connect, answer custom tools and tool confirmations exactly once,
 * and stop on a final idle, termination, deletion or the deadline (interrupt, then archive).
 */
export async function driveSession(options: DriveOptions): Promise<DriveResult> {
  const driver = new SessionDriver(options);
  return driver.run();
}

/** The part shared by the streaming driver and the webhook-driven follow-up: act on what is owed. */
export class SessionDriver {
  readonly ledger: SessionEventLedger;
  readonly notes: string[] = [];
  private readonly answered = new Set<string>();
  private readonly asks = new Map<string, ToolUseToConfirm>();
  private readonly retry: RetryTimings;
  private reconnects = 0;

  constructor(private readonly options: DriveOptions) {
    this.ledger = options.ledger ?? new SessionEventLedger();
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
  }

  async run(): Promise<DriveResult> {
    const deadline = new AbortController();
    const remaining =
      this.options.deadlineAt === undefined ? undefined : this.options.deadlineAt - Date.now();
    const timer =
      remaining === undefined ? undefined : setTimeout(() => deadline.abort(), Math.max(0, remaining));
    try {
      const end = await this.follow(deadline.signal);
      if (end.kind === "deadline") await this.interruptAndArchive();
      if (end.kind === "max_turns") await this.interruptForTurnCap(end);
      return { end, ledger: this.ledger, reconnects: this.reconnects, notes: this.notes };
    } finally {
      if (timer) clearTimeout(timer);
    }
  }

  /** Lists the whole history into the ledger and acts on what is owed; returns the end if there is one. */
  async reconcile(listed?: readonly StreamItem[]): Promise<DriveEnd | undefined> {
    const history = listed ?? (await listHistory(this.options.client, this.options.sessionId));
    for (const handling of this.ledger.reconcile(history)) this.observe(handling);
    const capped = this.overTurnCap();
    if (capped) return capped;
    const late = this.pastDeadline();
    if (late) return late;
    await this.act();
    return this.decide();
  }

  /**
   * Past the deadline, unless the session already stopped on its own (terminated, deleted, or idle
   * for any reason but a tool call we owe): nothing more is answered, the caller interrupts and
   * archives. The streaming driver's timer stops it the same way; this catches a session looked at
   * only now (the webhook-driven settle, the sweeper's wake-up).
   */
  pastDeadline(now = Date.now()): Extract<DriveEnd, { kind: "deadline" }> | undefined {
    const { deadlineAt } = this.options;
    if (deadlineAt === undefined || now < deadlineAt) return undefined;
    if (this.ledger.ended) return undefined;
    const stop = this.ledger.idleStop;
    if (stop && stop.reason !== "requires_action") return undefined;
    return { kind: "deadline" };
  }

  /**
   * Past the turn cap, unless the session already ended on its own: a session that finished its
   * work within the last allowed turn is not held against the cap.
   */
  overTurnCap(): Extract<DriveEnd, { kind: "max_turns" }> | undefined {
    const limit = this.options.maxTurns;
    const turns = this.ledger.usage.agentTurns;
    if (limit === undefined || turns <= limit) return undefined;
    if (this.ledger.status === "terminated" || this.ledger.status === "deleted") return undefined;
    if (this.ledger.status === "idle" && this.ledger.idleStop?.reason === "end_turn") return undefined;
    return { kind: "max_turns", turns, limit };
  }

  /** Stops the turn past the cap; the session stays (idle) for inspection, nothing more is answered. */
  async interruptForTurnCap(end: Extract<DriveEnd, { kind: "max_turns" }>): Promise<void> {
    this.notes.push(
      `the agent started turn ${end.turns}, past the job's limit of ${end.limit}: the session was interrupted`,
    );
    await this.send({ type: "user.interrupt" });
  }

  private async follow(signal: AbortSignal): Promise<DriveEnd> {
    let failures = 0;
    let lastError = "";
    while (!signal.aborted) {
      const connection = new AbortController();
      const abort = () => connection.abort();
      signal.addEventListener("abort", abort, { once: true });
      let progressed = false;
      try {
        // Connect first, then list: anything emitted in between is in one or the other (or both,
        // and the ledger drops the second copy).
        const stream = await this.options.client.beta.sessions.events.stream(
          this.options.sessionId,
          this.options.previews ? { event_deltas: ["agent.message"] } : {},
          { signal: connection.signal, maxRetries: 0 },
        );
        const settled = await this.reconcile();
        if (settled) return settled;
        for await (const item of stream) {
          const handling = this.ledger.apply(item as unknown as StreamItem);
          if (handling.kind !== "duplicate") progressed = true;
          this.observe(handling);
          const capped = this.overTurnCap();
          if (capped) return capped;
          await this.act();
          const end = this.decide();
          if (end) return end;
        }
        lastError = "the event stream ended";
      } catch (error) {
        if (signal.aborted) break;
        lastError = (error as Error).message;
      } finally {
        signal.removeEventListener("abort", abort);
        connection.abort();
      }
      if (signal.aborted) break;
      failures = progressed ? 1 : failures + 1;
      if (failures > this.retry.maxAttempts) {
        return {
          kind: "stream_failed",
          message: `${lastError} (${failures - 1} reconnects without progress)`,
        };
      }
      this.reconnects++;
      this.notes.push(`stream dropped (${lastError}); reconnecting and reconciling from the event list`);
      const delay = Math.min(this.retry.initialDelayMs * 2 ** (failures - 1), this.retry.maxDelayMs);
      await sleep(delay, signal);
    }
    return { kind: "deadline" };
  }

  private observe(handling: EventHandling): void {
    if (handling.kind === "tool_use" && handling.needsConfirmation) {
      this.asks.set(handling.id, { id: handling.id, name: handling.name, input: handling.input });
    }
    this.options.onEvent?.(handling);
  }

  /** Answers every custom tool call and confirmation still owed, each at most once. */
  private async act(): Promise<void> {
    for (const use of this.ledger.unsettledCustomToolUses()) {
      if (this.answered.has(use.id)) continue;
      this.answered.add(use.id);
      const answer = await this.options.answerCustomTool(use);
      await this.send({
        type: "user.custom_tool_result",
        custom_tool_use_id: use.id,
        is_error: answer.isError,
        content: [{ type: "text", text: answer.text }],
      });
    }
    for (const ask of this.asks.values()) {
      if (this.answered.has(ask.id) || this.ledger.isSettled(ask.id)) continue;
      this.answered.add(ask.id);
      const decision = this.options.confirmToolUse
        ? await this.options.confirmToolUse(ask)
        : { allow: false, reason: "no tool confirmation handler: denied" };
      await this.send({
        type: "user.tool_confirmation",
        tool_use_id: ask.id,
        result: decision.allow ? "allow" : "deny",
        ...(decision.allow ? {} : { deny_message: decision.reason }),
      });
    }
  }

  private decide(): DriveEnd | undefined {
    if (this.ledger.status === "terminated") return { kind: "terminated" };
    if (this.ledger.status === "deleted") return { kind: "deleted" };
    const stop = this.ledger.idleStop;
    if (!stop) return undefined;
    if (this.options.awaitEventId && !this.ledger.isProcessed(this.options.awaitEventId)) return undefined;
    switch (stop.reason) {
      case "end_turn":
        return { kind: "end_turn" };
      case "requires_action": {
        // Waiting on calls we already answered: our results are on their way, keep following.
        const owed = stop.eventIds.filter((id) => !this.answered.has(id) && !this.ledger.isSettled(id));
        return owed.length === 0 ? undefined : { kind: "requires_action", eventIds: owed };
      }
      case "budget_reached":
        return { kind: "budget_reached" };
      case "retries_exhausted":
        return { kind: "retries_exhausted" };
      case "refusal":
        return stop.detail ? { kind: "refusal", detail: stop.detail } : { kind: "refusal" };
      default:
        return { kind: "retries_exhausted" };
    }
  }

  /** Posts one event, retrying transport failures with backoff; the SDK's own retries are off. */
  async send(event: BetaManagedAgentsEventParams): Promise<string | undefined> {
    let lastError: unknown;
    for (let attempt = 0; attempt < this.retry.sendAttempts; attempt++) {
      try {
        const sent = await this.options.client.beta.sessions.events.send(
          this.options.sessionId,
          { events: [event] },
          { maxRetries: 0 },
        );
        return sent.data?.[0]?.id;
      } catch (error) {
        lastError = error;
        const status = (error as { status?: number }).status;
        // A 4xx is an answer, not a transport failure: retrying would not change it.
        if (status !== undefined && status >= 400 && status < 500 && status !== 408 && status !== 429) break;
        if (attempt + 1 < this.retry.sendAttempts) await sleep(this.retry.initialDelayMs * 2 ** attempt);
      }
    }
    this.notes.push(`could not send ${event.type}: ${(lastError as Error).message}`);
    return undefined;
  }

  /** The deadline's stop: the turn is interrupted, then the session archived so nothing resumes it. */
  async interruptAndArchive(): Promise<void> {
    this.notes.push("deadline reached: interrupting the session, then archiving it");
    await this.send({ type: "user.interrupt" });
    await this.archive();
  }

  /** Archives the session (read-only from then on); a failure is noted, never thrown. */
  async archive(): Promise<void> {
    try {
      await this.options.client.beta.sessions.archive(this.options.sessionId, {}, { maxRetries: 0 });
    } catch (error) {
      this.notes.push(`archive failed: ${(error as Error).message}`);
    }
  }
}

/** Every event of a session, oldest first (the SDK follows the cursor pages). */
export async function listHistory(client: Anthropic, sessionId: string): Promise<StreamItem[]> {
  const history: StreamItem[] = [];
  for await (const event of client.beta.sessions.events.list(sessionId))
    history.push(event as unknown as StreamItem);
  return history;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
