import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import {
  ControlChannel,
  encodeStdinFrame,
  NdjsonDecoder,
  outcomeFromTurn,
  type PermissionDecision,
  parseStdoutFrame,
  type StdinFrame,
  type StdoutFrame,
  type ToolUseBlock,
  userMessageFrame,
} from "../protocol/index.js";
import { BudgetWatchdog } from "./budget-watchdog.js";
import { checkStructuredOutput, structuredOutputFailure } from "./check-structured-output.js";
import { defuseFileMentions } from "./defuse-file-mentions.js";
import { ExecutionLog } from "./execution-log.js";
import { FrameStream } from "./frame-stream.js";
import { agentConfigNote } from "./isolation/agent-config.js";
import { agentLaunch } from "./isolation/agent-launch.js";
import { type ModelGateway, openModelGateway } from "./model-gateway.js";
import type { PolicyDecision, ToolUseRequest } from "./policy/tool-policy.js";
import { type PreparedSession, prepareSession } from "./prepare-session.js";
import { ProcessStopper } from "./process-stopper.js";
import type { ProgressEvent } from "./progress-event.js";
import { attestRun } from "./run-attestation.js";
import type { SessionOptions } from "./session-options.js";
import type { HostStopReason, SessionOutcome } from "./session-outcome.js";
import { ToolUseCollector } from "./tool-use-collector.js";

export interface RunningSession {
  /**
   * Every typed frame from the CLI, in order. Recording starts the first time this property is read;
   * read it right after runSession (before awaiting anything) to see every frame. Iterators replay
   * from the start of the recording.
   */
  frames: AsyncIterable<StdoutFrame>;
  /** Settles once the child is reaped. Rejects only with RunnerConfigError (nothing was spawned). */
  outcome: Promise<SessionOutcome>;
  /** Multi-turn: queue another user message (sent once the CLI is running). */
  sendUserMessage(text: string): void;
  /** Sends an `interrupt` control request (the current turn ends with error_during_execution). */
  interrupt(reason?: string): Promise<void>;
  /** Ends the session: closes stdin so the CLI finishes the current turn and exits, then reaps it. */
  close(): void;
}

const DEFAULTS = { reapGraceMs: 5000, interruptGraceMs: 5000, termGraceMs: 3000 };
const STDERR_TAIL_BYTES = 4000;
/** 401/403 cannot be fixed by the CLI's ten backed-off retries (minutes for a bad key): stop at once. */
const AUTH_FAILURE_STATUSES = new Set([401, 403]);

/** Drives one real CLI session end to end (docs/protocol.md#seed-references: 本地 Agent SDK 的典型线序). The only spawner of `claude`. */
export function runSession(options: SessionOptions): RunningSession {
  return new SessionHost(options).handle;
}

class SessionHost {
  readonly frames = new FrameStream<StdoutFrame>();
  readonly handle: RunningSession;
  private readonly startedAt = Date.now();
  private readonly timings: Required<NonNullable<SessionOptions["lifecycle"]>>;
  private readonly watchdog: BudgetWatchdog;
  private prepared?: PreparedSession;
  private gateway?: ModelGateway;
  private child?: ChildProcessWithoutNullStreams;
  private stopper?: ProcessStopper;
  private channel?: ControlChannel;
  private log?: ExecutionLog;
  private readonly queuedMessages: string[] = [];
  private readonly decisions: PolicyDecision[] = [];
  private readonly failureReasons: string[] = [];
  private stoppedBy?: HostStopReason;
  private readonly notes: string[] = [];
  /** Frames of the turn in progress (stream_event previews left out: the outcome never needs them). */
  private turnFrames: StdoutFrame[] = [];
  private lastCompletedTurn?: StdoutFrame[];
  private sessionId?: string;
  private claudeVersion?: string;
  private model?: string;
  private apiRetries = 0;
  /** What the agent looked at, for the job's finish (a review's coverage). */
  private readonly toolUses = new ToolUseCollector();
  private stderrTail = "";
  private stdinClosed = false;
  private closeRequested = false;
  private stopping = false;
  private reaping = false;
  /** The agent's edits the host did not bring back (isHostGitSteering). */
  private readonly editsLeftOut: string[] = [];
  private deadlineTimer?: NodeJS.Timeout;

  constructor(private readonly options: SessionOptions) {
    this.timings = { ...DEFAULTS, ...options.lifecycle };
    this.watchdog = new BudgetWatchdog({
      ...(options.maxTurns !== undefined ? { maxTurns: options.maxTurns + 1 } : {}),
      ...(options.maxBudgetUsd !== undefined ? { maxCostUsd: options.maxBudgetUsd } : {}),
      ...options.watchdog,
    });
    const outcome = this.run();
    outcome.catch(() => {}); // the caller observes it through handle.outcome
    const frames = this.frames;
    this.handle = {
      // Reading `frames` starts recording (a host that never subscribes keeps no frames in memory).
      get frames() {
        return frames.activate();
      },
      outcome,
      sendUserMessage: (text) => this.sendUserMessage(text),
      interrupt: (reason) => this.interrupt(reason),
      close: () => this.close(),
    };
  }

  private progress(event: ProgressEvent): void {
    try {
      this.options.onProgress?.(event);
    } catch {
      // A faulty progress listener must not break the session.
    }
  }

  private async run(): Promise<SessionOutcome> {
    let prepared: PreparedSession;
    try {
      prepared = await prepareSession(this.options);
    } catch (error) {
      this.frames.end();
      throw error;
    }
    this.prepared = prepared;
    // The agent works in its own copy of the checkout, made without the persisted git credentials
    // (actions/checkout's extraheader and the like): say which settings the copy left out.
    if (prepared.keptOutOfCopy.length > 0)
      this.notes.push(
        `left out of the agent's copy of the checkout: ${prepared.keptOutOfCopy.join(", ")} (git config)`,
      );
    if (prepared.credentialFilesLeftOut.length > 0)
      this.notes.push(
        `left out of the agent's copy of the checkout: ${prepared.credentialFilesLeftOut.join(", ")} (credentials an earlier step wrote there)`,
      );
    if (prepared.searchPathLeftOut.length > 0)
      this.notes.push(
        `PATH entries left out of the agent's environment: ${prepared.searchPathLeftOut.map((entry) => (entry === "" ? "(empty: the working directory)" : entry)).join(", ")} (relative, in the checkout, or writable by others: the CLI starts bwrap, git and more through PATH itself)`,
      );
    const pinned = prepared.agentConfig;
    if (pinned && this.options.agentConfigFrom)
      this.notes.push(agentConfigNote(this.options.agentConfigFrom, pinned));
    let finished = false;
    const finish = async () => {
      finished = true;
      const { notes, failures, editsLeftOut } = await prepared.finish();
      this.editsLeftOut.push(...editsLeftOut);
      this.notes.push(...notes);
      this.failureReasons.push(...failures);
    };
    try {
      if (this.options.credentialProxy !== false) await this.openGateway(prepared);
      this.log = await ExecutionLog.open(this.options.executionLogPath, prepared.redactor);
      const exit = await this.spawnAndDrive(prepared);
      // Before the outcome: an autofix's edits must be back in the checkout when the caller reads it.
      await finish();
      return this.buildOutcome(exit);
    } finally {
      if (this.deadlineTimer) clearTimeout(this.deadlineTimer);
      this.frames.end();
      // The job is over: its proxy token stops working even if something kept it.
      await this.gateway?.proxy.close();
      await this.log?.close();
      if (!finished) await finish().catch(() => {});
      await rm(prepared.tempRoot, { recursive: true, force: true }).catch(() => {});
    }
  }

  /** Starts the session's credential proxy and points the agent's environment at it. */
  private async openGateway(prepared: PreparedSession): Promise<void> {
    const cap = this.options.watchdog?.maxCostUsd ?? this.options.maxBudgetUsd;
    this.gateway = await openModelGateway({
      ...(this.options.provider ? { provider: this.options.provider } : {}),
      hostEnv: prepared.hostEnv,
      agentEnv: prepared.env,
      ...(cap !== undefined ? { maxCostUsd: cap } : {}),
      // The proxy saw a reason no retry can fix: stop the session now rather than after the CLI's retries.
      onStop: (reason) => this.stop("credential_proxy", reason.message),
      // Every refusal is on the record: a request off the allowlist is what a hostile agent would send.
      onRefusal: (reason) => {
        this.notes.push(reason);
        this.log?.host({ kind: "proxy_refusal", reason });
      },
      ...(this.options.providerCredentials ? { credentialSources: this.options.providerCredentials } : {}),
      // In its own network namespace the agent reaches the proxy by its socket only.
      ...(prepared.agentNetwork?.own ? { unixSocket: prepared.agentNetwork.socket } : {}),
    });
    prepared.env = this.gateway.env;
  }

  private spawnAndDrive(prepared: PreparedSession): Promise<{ code: number | null; signal: string | null }> {
    // After openGateway: the environment is final (sudo passes it on by name).
    const launch = agentLaunch(
      prepared.claudePath,
      prepared.argv,
      prepared.env,
      prepared.agentUser,
      prepared.agentMounts,
      prepared.agentNetwork?.own ? prepared.agentNetwork : undefined,
    );
    const child = spawn(launch.command, launch.args, {
      cwd: prepared.cwd,
      env: prepared.env,
      stdio: ["pipe", "pipe", "pipe"],
      // Own process group, so the stop ladder and the reaper reach everything the CLI started.
      detached: true,
      ...(launch.uid !== undefined ? { uid: launch.uid, gid: launch.gid } : {}),
    });
    this.child = child;
    this.stopper = new ProcessStopper(
      child,
      (step) => {
        this.progress({ kind: "stopping", reason: this.failureReasons.at(-1) ?? "reaping", step });
        this.log?.host({ kind: "signal", step });
      },
      launch.signalGroup,
    );
    this.channel = new ControlChannel({
      send: (frame) => this.write(frame),
      handlers: { canUseTool: (request) => this.decide(request) },
    });
    child.stdin.on("error", () => {}); // EPIPE when the CLI exits before reading everything
    const decoder = new NdjsonDecoder();
    child.stdout.on("data", (chunk: Buffer) => {
      for (const line of decoder.push(chunk)) this.onLine(line);
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk: string) => {
      this.stderrTail = (this.stderrTail + chunk).slice(-STDERR_TAIL_BYTES);
    });

    if (this.options.deadlineMs !== undefined) {
      this.deadlineTimer = setTimeout(
        () => this.stop("deadline", `deadline of ${(this.options.deadlineMs as number) / 1000}s reached`),
        this.options.deadlineMs,
      );
    }

    return new Promise((resolve) => {
      child.once("error", (error) => {
        this.failureReasons.push(`could not start ${prepared.claudePath}: ${error.message}`);
        resolve({ code: null, signal: null });
      });
      child.once("spawn", () => {
        this.progress({
          kind: "spawned",
          pid: child.pid ?? -1,
          claudePath: prepared.claudePath,
          confinement: prepared.confinement,
        });
        // docs/protocol.md#seed-references: initialize first (once-only config), then the user message; no need to wait for the reply.
        this.channel?.request("initialize", {}).catch(() => {});
        this.writeUserMessage(this.options.prompt);
        for (const text of this.queuedMessages.splice(0)) this.writeUserMessage(text);
      });
      child.once("exit", (code, signal) => {
        this.progress({ kind: "exited", code, signal });
        // Whatever the CLI left behind in its group goes too; the session is over.
        this.stopper?.signalGroup("SIGKILL");
        // 'close' waits for the pipes; a grandchild holding them open must not hang the host.
        const drain = setTimeout(() => {
          child.stdout.destroy();
          child.stderr.destroy();
        }, 2000);
        child.once("close", () => {
          clearTimeout(drain);
          for (const line of decoder.end()) this.onLine(line);
          this.channel?.close("the claude process exited");
          resolve({ code, signal });
        });
      });
    });
  }

  private write(frame: StdinFrame): void {
    const child = this.child;
    if (!child || this.stdinClosed || child.stdin.destroyed) {
      this.log?.host({ kind: "dropped_send", reason: "stdin closed", frame });
      return;
    }
    this.log?.sent(frame);
    child.stdin.write(encodeStdinFrame(frame));
  }

  private onLine(line: ReturnType<NdjsonDecoder["push"]>[number]): void {
    if (line.kind === "protocol_error") {
      this.log?.host({
        kind: "protocol_error",
        line: line.line,
        message: line.message,
        excerpt: line.excerpt,
      });
      this.notes.push(`stdout line ${line.line} was not a JSON frame: ${line.message}`);
      return;
    }
    const frame = parseStdoutFrame(line.value);
    this.log?.received(line.value);
    this.channel?.receive(frame);
    this.observe(frame);
    this.frames.push(frame);
  }

  private observe(frame: StdoutFrame): void {
    if (frame.type !== "stream_event") this.turnFrames.push(frame);
    if (this.watchdog.observe(frame)) this.progress({ kind: "turn", turn: this.watchdog.assistantTurns });
    switch (frame.type) {
      case "system":
        if (frame.subtype === "init") {
          this.sessionId = frame.session_id;
          this.claudeVersion =
            typeof frame.claude_code_version === "string" ? frame.claude_code_version : undefined;
          this.model = frame.model;
          this.progress({
            kind: "init",
            sessionId: frame.session_id,
            model: frame.model,
            tools: frame.tools,
            ...(this.claudeVersion ? { claudeVersion: this.claudeVersion } : {}),
          });
        } else if (frame.subtype === "api_retry") {
          this.apiRetries++;
          this.progress({
            kind: "api_retry",
            attempt: frame.attempt,
            maxRetries: frame.max_retries,
            errorStatus: frame.error_status,
            error: frame.error,
            delayMs: frame.retry_delay_ms,
          });
          if (frame.error_status !== null && AUTH_FAILURE_STATUSES.has(frame.error_status)) {
            // With the proxy, its own fail-fast has usually stopped the session already (same wording).
            this.stop(
              "credentials_rejected",
              `the API rejected the credentials (HTTP ${frame.error_status} ${frame.error}); check ANTHROPIC_API_KEY ` +
                "or the Bedrock/Vertex credentials — retrying cannot fix this",
            );
          }
        }
        break;
      case "user":
        this.toolUses.observeUser(frame.message.content);
        break;
      case "assistant":
        this.toolUses.observeAssistant(frame.message.content);
        for (const block of frame.message.content) {
          if (block.type === "tool_use") {
            const use = block as ToolUseBlock;
            this.progress({
              kind: "tool_call",
              toolName: use.name,
              toolUseId: use.id,
              subject: this.subjectOf(use.name, use.input),
            });
          }
        }
        break;
      case "result":
        this.lastCompletedTurn = this.turnFrames;
        this.turnFrames = [];
        this.progress({
          kind: "result",
          subtype: frame.subtype,
          isError: frame.is_error,
          costUsd: frame.total_cost_usd,
          numTurns: frame.num_turns,
        });
        // Single-turn hosts close stdin at the first result (docs/protocol.md#seed-references: SDK 等到首个 result 再关闭 stdin).
        if (!this.options.multiTurn || this.stopping || this.closeRequested) this.finishInput();
        break;
    }
    const breach = this.watchdog.breach();
    if (breach) this.stop("watchdog", breach);
  }

  private async decide(request: ToolUseRequest): Promise<PermissionDecision> {
    const prepared = this.prepared as PreparedSession;
    let decision: PolicyDecision;
    try {
      const verdict = await prepared.policy.evaluate(request, prepared.cwd);
      decision = {
        ...verdict,
        subject: this.subjectOf(request.tool_name, request.input),
        at: new Date().toISOString(),
      };
    } catch (error) {
      decision = {
        toolName: request.tool_name,
        ...(request.tool_use_id ? { toolUseId: request.tool_use_id } : {}),
        behavior: "deny",
        ruleId: "policy-error",
        reason: `the policy could not evaluate the call: ${(error as Error).message}`,
        subject: this.subjectOf(request.tool_name, request.input),
        at: new Date().toISOString(),
      };
    }
    decision.reason = prepared.redactor.redact(decision.reason);
    this.decisions.push(decision);
    this.log?.host({ kind: "policy_decision", ...decision });
    this.progress({ kind: "policy_decision", decision });
    if (decision.behavior === "allow") return { behavior: "allow", updatedInput: request.input };
    return {
      behavior: "deny",
      message: `Denied by tool policy "${prepared.policy.name}" (${decision.ruleId}): ${decision.reason}`,
    };
  }

  private subjectOf(toolName: string, input: unknown): string {
    const record = (typeof input === "object" && input !== null ? input : {}) as Record<string, unknown>;
    const raw =
      toolName === "Bash" && typeof record.command === "string"
        ? record.command
        : typeof record.file_path === "string"
          ? record.file_path
          : typeof record.path === "string"
            ? record.path
            : JSON.stringify(input ?? {});
    const text = raw.length > 200 ? `${raw.slice(0, 197)}...` : raw;
    return this.prepared ? this.prepared.redactor.redact(text) : text;
  }

  /** Close stdin so the CLI exits after the turn, and reap it if it lingers (the result stands). */
  private finishInput(): void {
    if (!this.stdinClosed) {
      this.stdinClosed = true;
      this.child?.stdin.end();
      this.log?.host({ kind: "stdin_closed" });
    }
    if (this.reaping) return;
    this.reaping = true;
    const child = this.child;
    const reapTimer = setTimeout(() => {
      if (child && child.exitCode === null && child.signalCode === null) {
        this.notes.push(
          `claude did not exit within ${this.timings.reapGraceMs} ms after its result; it was killed`,
        );
        this.stopper?.escalate(0, this.timings.termGraceMs);
      }
    }, this.timings.reapGraceMs);
    child?.once("exit", () => clearTimeout(reapTimer));
  }

  /** The stop ladder: interrupt, then SIGTERM after a grace period, then SIGKILL. */
  private stop(kind: HostStopReason, reason: string): void {
    if (this.stopping) return;
    this.stopping = true;
    this.stoppedBy = kind;
    this.failureReasons.push(reason);
    this.log?.host({ kind: "stop", reason });
    this.progress({ kind: "stopping", reason, step: "interrupt" });
    this.channel?.request("interrupt", {}).catch(() => {});
    this.stopper?.escalate(this.timings.interruptGraceMs, this.timings.termGraceMs);
  }

  private sendUserMessage(text: string): void {
    if (!this.child) this.queuedMessages.push(text);
    else this.writeUserMessage(text);
  }

  /** A user message with its file mentions defused (defuse-file-mentions.ts); the notes count them. */
  private writeUserMessage(text: string): void {
    const { cwd, redactor } = this.prepared as PreparedSession;
    const { text: safe, defused } = defuseFileMentions(text, cwd);
    if (defused.length > 0) {
      const shown = defused.slice(0, 5).map((token) => `@${redactor.redact(token)}`);
      this.notes.push(
        `${defused.length} file mention${defused.length === 1 ? " in the prompt was" : "s in the prompt were"} sent as text, since the CLI would read them itself: ${shown.join(", ")}${defused.length > shown.length ? ", …" : ""}`,
      );
    }
    this.write(userMessageFrame(safe));
  }

  private async interrupt(reason = "interrupted by the host"): Promise<void> {
    this.log?.host({ kind: "interrupt", reason });
    await this.channel?.request("interrupt", {});
  }

  private close(): void {
    this.closeRequested = true;
    if (this.child) this.finishInput();
  }

  private proxyReport(gateway: ModelGateway): NonNullable<SessionOutcome["credentialProxy"]> {
    const stop = gateway.proxy.proxy.stopReason;
    return { ...gateway.proxy.proxy.stats, ...(stop ? { stop } : {}) };
  }

  private buildOutcome(exit: { code: number | null; signal: string | null }): SessionOutcome {
    const prepared = this.prepared as PreparedSession;
    const sawResult = this.lastCompletedTurn !== undefined;
    const turn = sawResult
      ? outcomeFromTurn(this.lastCompletedTurn as StdoutFrame[], { transportClosed: false })
      : outcomeFromTurn(this.turnFrames, { transportClosed: true });
    const failureReasons = [...this.failureReasons];
    const stderrTail = prepared.redactor.redact(this.stderrTail.trim());
    if (!sawResult) {
      failureReasons.push(
        `claude exited (code ${exit.code ?? "none"}, signal ${exit.signal ?? "none"}) without a result` +
          (stderrTail ? `; stderr tail:\n${stderrTail}` : ""),
      );
    } else if (turn.isError) {
      const detail = turn.errors.length ? turn.errors.join("; ") : (turn.resultText ?? "");
      failureReasons.push(
        `the result is an error (${turn.subtype}${turn.apiErrorStatus ? `, HTTP ${turn.apiErrorStatus}` : ""}): ${prepared.redactor.redact(detail)}`,
      );
    }
    const structured = checkStructuredOutput(prepared.outputSchema, turn.structuredOutput);
    const structuredFailure = structuredOutputFailure(structured);
    if (structuredFailure) failureReasons.push(structuredFailure);
    const failed = turn.exitCode !== 0 || failureReasons.length > 0;
    const sessionId = turn.sessionId ?? this.sessionId;
    return {
      ...turn,
      exitCode: failed ? 1 : 0,
      ...(sessionId ? { sessionId } : {}),
      durationMs: Date.now() - this.startedAt,
      policyDecisions: this.decisions,
      ...(this.options.executionLogPath ? { executionLogPath: this.options.executionLogPath } : {}),
      failureReasons,
      ...(this.stoppedBy ? { stoppedBy: this.stoppedBy } : {}),
      structuredOutputCheck: structured.check,
      ...(this.claudeVersion ? { claudeVersion: this.claudeVersion } : {}),
      ...(this.model ? { model: this.model } : {}),
      confinement: prepared.confinement,
      attestation: attestRun({
        ...(this.claudeVersion ? { claudeVersion: this.claudeVersion } : {}),
        policy: prepared.policy,
        confinement: prepared.confinement,
        credentialProxy: this.gateway !== undefined,
        agentEnv: prepared.env,
        hostEnv: prepared.hostEnv,
      }),
      apiRetries: this.apiRetries,
      toolUses: this.toolUses.records,
      ...(this.gateway ? { credentialProxy: this.proxyReport(this.gateway) } : {}),
      ...(failed && stderrTail ? { stderrTail } : {}),
      ...(this.editsLeftOut.length > 0 ? { editsLeftOut: this.editsLeftOut } : {}),
      notes: this.notes,
    };
  }
}
