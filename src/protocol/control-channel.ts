// docs/protocol.md#seed-references: "Control request/response 生命周期" and "request 的完整状态机". Both directions over one NDJSON
// transport: requests we send (NEW -> PENDING -> PROGRESS* -> SUCCEEDED | FAILED | CANCELLED |
// TIMED_OUT | TRANSPORT_CLOSED) and requests the CLI sends us (dispatched to pluggable handlers).
import {
  ControlRequestCancelledError,
  ControlRequestError,
  ControlRequestTimeoutError,
  ControlTransportClosedError,
} from "./control-errors.js";
import {
  type ControlRequestFields,
  type ControlResponsePayloads,
  controlPayloadProblems,
  type TypedControlSubtype,
} from "./control-payloads.js";
import { CONTROL_REQUEST_SUBTYPES, isControlRequestSubtype } from "./control-request-subtypes.js";
import type {
  IncomingControlContext,
  IncomingControlHandlers,
  PermissionDecision,
} from "./incoming-control-handlers.js";
import {
  type ControlResponseOutFrame,
  controlCancelFrame,
  controlErrorFrame,
  controlRequestFrame,
  controlSuccessFrame,
  type StdinFrame,
} from "./stdin-frames.js";
import type {
  CanUseToolRequest,
  ControlErrorResponse,
  ControlRequestBody,
  ControlRequestFrame,
  ControlSuccessResponse,
  ElicitationRequest,
  HookCallbackRequest,
  McpMessageRequest,
  RequestUserDialogRequest,
  StdoutFrame,
} from "./stdout-frames.js";

/** docs/protocol.md#seed-references: "unmatched map 上限为 1024,超限淘汰最老项" */
export const UNMATCHED_RESPONSE_CAP = 1024;
/** How many settled/cancelled request ids are remembered so their late or duplicate responses are ignored. */
const FINISHED_ID_MEMORY = 1024;
const ID_ATTEMPTS = 100;

export type ControlChannelEvent =
  | { kind: "unmatched_response_cached"; requestId: string }
  | { kind: "unmatched_response_evicted"; requestId: string }
  | { kind: "late_response_ignored"; requestId: string }
  | { kind: "duplicate_request_ignored"; requestId: string; subtype: string }
  | { kind: "unsupported_request"; requestId: string; subtype: string }
  | { kind: "progress"; requestId: string; extended: boolean }
  | { kind: "handler_failed"; requestId: string; subtype: string; message: string }
  | { kind: "send_failed"; requestId: string; message: string };

export interface ControlChannelOptions {
  /** Writes one stdin frame; throwing means the transport is broken. */
  send: (frame: StdinFrame) => void;
  handlers?: Partial<IncomingControlHandlers>;
  /** Request id source (default: random UUIDs). Ids in flight or recently used are skipped. */
  newRequestId?: () => string;
  /** request_user_dialog kinds this host declared (initialize.supportedDialogKinds). */
  declaredDialogKinds?: readonly string[];
  /** Default deadline for outgoing requests; none by default (docs/protocol.md#seed-references: 本地 Query 没有通用 RPC 超时). */
  defaultTimeoutMs?: number;
  unmatchedCap?: number;
  onEvent?: (event: ControlChannelEvent) => void;
}

export interface ControlRequestOptions {
  signal?: AbortSignal;
  /** Deadline; every control_request_progress for this request restarts it. */
  timeoutMs?: number;
}

type Verdict = ControlSuccessResponse | ControlErrorResponse;

interface PendingRequest {
  readonly requestId: string;
  readonly subtype: string;
  /** Check the success payload against the subtype's shape (requests sent with call()). */
  readonly checkPayload: boolean;
  readonly resolve: (payload: Record<string, unknown>) => void;
  readonly reject: (error: Error) => void;
  readonly timeoutMs: number | undefined;
  timer: ReturnType<typeof setTimeout> | undefined;
  detachSignal: (() => void) | undefined;
}

type IncomingOutcome =
  | { kind: "success"; payload: Record<string, unknown> }
  | { kind: "error"; message: string }
  | { kind: "silent" };

export class ControlChannel {
  private readonly send: (frame: StdinFrame) => void;
  private readonly handlers: Partial<IncomingControlHandlers>;
  private readonly newRequestId: () => string;
  private readonly declaredDialogKinds: ReadonlySet<string>;
  private readonly defaultTimeoutMs: number | undefined;
  private readonly unmatchedCap: number;
  private readonly onEvent: ((event: ControlChannelEvent) => void) | undefined;

  private readonly pending = new Map<string, PendingRequest>();
  private readonly unmatched = new Map<string, Verdict>();
  private readonly finished = new Set<string>();
  /** Incoming requests in flight (including parked dialogs), keyed by request_id. */
  private readonly incoming = new Map<string, AbortController>();
  private closedReason: string | undefined;

  constructor(options: ControlChannelOptions) {
    this.send = options.send;
    this.handlers = options.handlers ?? {};
    this.newRequestId = options.newRequestId ?? (() => globalThis.crypto.randomUUID());
    // Stryker disable next-line ArrayDeclaration: an empty default and a one-sentinel default refuse every real dialog kind alike
    this.declaredDialogKinds = new Set(options.declaredDialogKinds ?? []);
    this.defaultTimeoutMs = options.defaultTimeoutMs;
    this.unmatchedCap = options.unmatchedCap ?? UNMATCHED_RESPONSE_CAP;
    this.onEvent = options.onEvent;
  }

  /** Outgoing requests still waiting for their response. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** Incoming requests being handled or parked (silent dialogs). */
  get incomingCount(): number {
    return this.incoming.size;
  }

  /** Responses that arrived for no pending request and are waiting to be claimed. */
  get unmatchedCount(): number {
    return this.unmatched.size;
  }

  get closed(): boolean {
    return this.closedReason !== undefined;
  }

  /**
   * Send a control_request and wait for its control_response. Resolves with the success payload
   * (`{}` when the verdict carries none); rejects with ControlRequestError on an `error` verdict.
   */
  request(
    subtype: string,
    fields: Record<string, unknown> = {},
    options: ControlRequestOptions = {},
  ): Promise<Record<string, unknown>> {
    return this.issue(subtype, fields, options, false);
  }

  /** request() with the subtype's typed fields and typed, shape-checked success payload. */
  call<S extends TypedControlSubtype>(
    subtype: S,
    fields: ControlRequestFields[S],
    options: ControlRequestOptions = {},
  ): Promise<ControlResponsePayloads[S]> {
    return this.issue(subtype, fields as Record<string, unknown>, options, true) as Promise<
      ControlResponsePayloads[S]
    >;
  }

  private issue(
    subtype: string,
    fields: Record<string, unknown>,
    options: ControlRequestOptions,
    checkPayload: boolean,
  ): Promise<Record<string, unknown>> {
    // can_use_tool, hook_callback and the other loop -> client subtypes are the CLI's to ask; a
    // host that sent one would be answering its own question (and would check the wrong side's reply).
    if (isControlRequestSubtype(subtype) && CONTROL_REQUEST_SUBTYPES[subtype] === "loop_to_client") {
      return Promise.reject(
        new ControlRequestError(subtype, "", `${subtype} is sent by the CLI to the host, never by the host`),
      );
    }
    if (this.closedReason !== undefined) {
      return Promise.reject(new ControlTransportClosedError(subtype, "", this.closedReason));
    }
    if (options.signal?.aborted) {
      return Promise.reject(new ControlRequestCancelledError(subtype, "", abortReason(options.signal)));
    }
    let requestId: string;
    try {
      requestId = this.allocateId();
    } catch (error) {
      return Promise.reject(error);
    }
    const promise = this.register(requestId, subtype, options, checkPayload);
    // docs/protocol.md#seed-references: "pending 必须先登记再写出" — the entry exists before the frame leaves.
    try {
      this.send(controlRequestFrame(requestId, subtype, fields));
    } catch (error) {
      const entry = this.pending.get(requestId);
      if (entry) {
        this.finish(entry);
        entry.reject(new ControlTransportClosedError(subtype, requestId, `send failed: ${messageOf(error)}`));
      }
    }
    return promise;
  }

  /**
   * Wait for the response to a control_request written by someone else (for example an initialize
   * frame written before this channel existed). A response that already arrived is taken from the
   * unmatched cache (docs/protocol.md#seed-references: "response 比 waiter 更早到达:先放入 unmatched map,稍后再领取").
   */
  awaitResponse(
    requestId: string,
    subtype = "external",
    options: ControlRequestOptions = {},
  ): Promise<Record<string, unknown>> {
    if (this.pending.has(requestId)) {
      return Promise.reject(new Error(`a request with id ${requestId} is already pending`));
    }
    const cached = this.unmatched.get(requestId);
    if (cached) {
      this.unmatched.delete(requestId);
      return cached.subtype === "success"
        ? Promise.resolve(payloadOf(cached))
        : Promise.reject(new ControlRequestError(subtype, requestId, String(cached.error), codeOf(cached)));
    }
    if (this.closedReason !== undefined) {
      return Promise.reject(new ControlTransportClosedError(subtype, requestId, this.closedReason));
    }
    if (options.signal?.aborted) {
      return Promise.reject(
        new ControlRequestCancelledError(subtype, requestId, abortReason(options.signal)),
      );
    }
    return this.register(requestId, subtype, options, false);
  }

  /** Remove and return a cached response that no request was waiting for. */
  takeUnmatched(requestId: string): Verdict | undefined {
    const verdict = this.unmatched.get(requestId);
    this.unmatched.delete(requestId);
    return verdict;
  }

  /**
   * Stop waiting for a pending request: it is rejected at once and a control_cancel_request is sent.
   * Cancel has no reply; a late response is ignored (docs/protocol.md#seed-references: "cancel 与晚到 response").
   */
  cancel(requestId: string, reason = "cancelled by caller"): boolean {
    const entry = this.pending.get(requestId);
    if (!entry) return false;
    this.finish(entry);
    this.sendQuietly(requestId, controlCancelFrame(requestId));
    entry.reject(new ControlRequestCancelledError(entry.subtype, requestId, reason));
    return true;
  }

  /**
   * Feed one stdout frame. Returns true when it was control traffic the channel consumed
   * (control_request, control_response, control_cancel_request). system/control_request_progress
   * extends a deadline but is returned as not consumed, because it is also an observation.
   */
  receive(frame: StdoutFrame): boolean {
    switch (frame.type) {
      case "control_response":
        this.onResponse(frame.response);
        return true;
      case "control_request":
        this.onIncomingRequest(frame);
        return true;
      case "control_cancel_request":
        this.onIncomingCancel(frame.request_id);
        return true;
      case "system":
        if (frame.subtype === "control_request_progress") this.onProgress(frame.request_id);
        return false;
      default:
        return false;
    }
  }

  /** Transport closed: every pending request rejects and every incoming handler is aborted. */
  close(reason: string): void {
    if (this.closedReason !== undefined) return;
    this.closedReason = reason;
    const entries = [...this.pending.values()];
    this.pending.clear();
    for (const entry of entries) {
      clearTimer(entry);
      entry.detachSignal?.();
      entry.reject(new ControlTransportClosedError(entry.subtype, entry.requestId, reason));
    }
    const controllers = [...this.incoming.values()];
    this.incoming.clear();
    for (const controller of controllers) controller.abort(new Error(`transport closed: ${reason}`));
  }

  // --- outgoing ------------------------------------------------------------------------------

  private allocateId(): string {
    // docs/protocol.md#seed-references: "request_id ... 只要求在本端 in-flight 集合中唯一". Recently finished ids are skipped too,
    // so a late response to a cancelled request can never settle a new request that reused its id.
    for (let attempt = 0; attempt < ID_ATTEMPTS; attempt++) {
      const id = this.newRequestId();
      if (!this.pending.has(id) && !this.finished.has(id) && !this.unmatched.has(id)) return id;
    }
    throw new Error(`newRequestId returned ids already in use ${ID_ATTEMPTS} times in a row`);
  }

  private register(
    requestId: string,
    subtype: string,
    options: ControlRequestOptions,
    checkPayload: boolean,
  ): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const entry: PendingRequest = {
        requestId,
        subtype,
        checkPayload,
        resolve,
        reject,
        timeoutMs: options.timeoutMs ?? this.defaultTimeoutMs,
        timer: undefined,
        detachSignal: undefined,
      };
      this.pending.set(requestId, entry);
      const signal = options.signal;
      if (signal) {
        const onAbort = () => this.cancel(requestId, abortReason(signal));
        // Stryker disable next-line ObjectLiteral,BooleanLiteral: finish() removes the listener before a second abort could call it
        signal.addEventListener("abort", onAbort, { once: true });
        entry.detachSignal = () => signal.removeEventListener("abort", onAbort);
      }
      this.armTimer(entry);
    });
  }

  private armTimer(entry: PendingRequest): void {
    clearTimer(entry);
    const timeoutMs = entry.timeoutMs;
    if (timeoutMs === undefined) return;
    entry.timer = setTimeout(() => {
      // Stryker disable next-line ConditionalExpression: defensive; finish() and close() clear the timer of every entry they drop
      if (this.pending.get(entry.requestId) !== entry) return;
      this.finish(entry);
      this.sendQuietly(entry.requestId, controlCancelFrame(entry.requestId));
      entry.reject(new ControlRequestTimeoutError(entry.subtype, entry.requestId, timeoutMs));
    }, timeoutMs);
  }

  /** Leave PENDING: drop the entry, its timer and its abort listener; remember the id. */
  private finish(entry: PendingRequest): void {
    this.pending.delete(entry.requestId);
    clearTimer(entry);
    entry.detachSignal?.();
    this.rememberFinished(entry.requestId);
  }

  private rememberFinished(requestId: string): void {
    this.finished.delete(requestId);
    this.finished.add(requestId);
    if (this.finished.size > FINISHED_ID_MEMORY) {
      const oldest = this.finished.values().next().value;
      // Stryker disable next-line ConditionalExpression: the set holds more than 1024 ids here, so oldest is defined
      if (oldest !== undefined) this.finished.delete(oldest);
    }
  }

  private onResponse(verdict: Verdict): void {
    const requestId = verdict.request_id;
    const entry = this.pending.get(requestId);
    if (!entry) {
      if (this.finished.has(requestId) || this.closedReason !== undefined) {
        this.onEvent?.({ kind: "late_response_ignored", requestId });
      } else {
        this.cacheUnmatched(requestId, verdict);
      }
      return;
    }
    this.finish(entry);
    if (verdict.subtype === "error") {
      entry.reject(new ControlRequestError(entry.subtype, requestId, String(verdict.error), codeOf(verdict)));
    } else {
      // A success verdict is checked against the subtype's payload shape before anyone relies on it.
      const payload = payloadOf(verdict);
      const problems = entry.checkPayload ? controlPayloadProblems(entry.subtype, payload) : [];
      if (problems.length > 0) {
        entry.reject(
          new ControlRequestError(
            entry.subtype,
            requestId,
            `malformed success payload: ${problems.join("; ")}`,
          ),
        );
      } else {
        entry.resolve(payload);
      }
    }
    // docs/protocol.md#seed-references: "initialize 的特殊重连语义" — prompts still pending in the CLI are redelivered on the
    // response envelope; they go through the same in-flight de-duplication as live requests.
    for (const list of [verdict.pending_permission_requests, verdict.pending_user_dialog_requests]) {
      if (!Array.isArray(list)) continue;
      for (const item of list) if (isControlRequestFrame(item)) this.onIncomingRequest(item);
    }
  }

  private cacheUnmatched(requestId: string, verdict: Verdict): void {
    this.unmatched.delete(requestId);
    this.unmatched.set(requestId, verdict);
    this.onEvent?.({ kind: "unmatched_response_cached", requestId });
    while (this.unmatched.size > this.unmatchedCap) {
      const oldest = this.unmatched.keys().next().value;
      // Stryker disable next-line ConditionalExpression: size > cap >= 0 means a key exists; the break only guards a negative cap
      if (oldest === undefined) break;
      this.unmatched.delete(oldest);
      this.onEvent?.({ kind: "unmatched_response_evicted", requestId: oldest });
    }
  }

  private onProgress(requestId: unknown): void {
    // docs/protocol.md#seed-references: "control_request_progress ... 只续期/展示,不结算;未知 request_id 必须忽略"
    if (typeof requestId !== "string") return;
    const entry = this.pending.get(requestId);
    if (entry) this.armTimer(entry);
    this.onEvent?.({ kind: "progress", requestId, extended: entry?.timeoutMs !== undefined });
  }

  private sendQuietly(requestId: string, frame: StdinFrame): void {
    try {
      this.send(frame);
    } catch (error) {
      this.onEvent?.({ kind: "send_failed", requestId, message: messageOf(error) });
    }
  }

  // --- incoming ------------------------------------------------------------------------------

  private onIncomingRequest(frame: ControlRequestFrame): void {
    if (this.closedReason !== undefined) return;
    const requestId = frame.request_id;
    const subtype = frame.request.subtype;
    // docs/protocol.md#seed-references: "SDK host 对正在处理的同一 request_id 跳过重复 delivery"
    if (this.incoming.has(requestId)) {
      this.onEvent?.({ kind: "duplicate_request_ignored", requestId, subtype });
      return;
    }
    const controller = new AbortController();
    this.incoming.set(requestId, controller);
    const context: IncomingControlContext = { signal: controller.signal, requestId };
    this.dispatch(frame.request, context).then(
      (outcome) => this.answer(requestId, controller, outcome),
      (error: unknown) => {
        this.onEvent?.({ kind: "handler_failed", requestId, subtype, message: messageOf(error) });
        this.answer(requestId, controller, refusal(`${subtype} handler failed: ${messageOf(error)}`));
      },
    );
  }

  private answer(requestId: string, controller: AbortController, outcome: IncomingOutcome): void {
    // Cancelled by the CLI or transport closed meanwhile: nobody waits for this answer any more.
    if (this.incoming.get(requestId) !== controller) return;
    if (outcome.kind === "silent") return; // stays parked until the CLI cancels it or the transport closes
    this.incoming.delete(requestId);
    const frame: ControlResponseOutFrame =
      outcome.kind === "success"
        ? controlSuccessFrame(requestId, outcome.payload)
        : controlErrorFrame(requestId, outcome.message);
    this.sendQuietly(requestId, frame);
  }

  private onIncomingCancel(requestId: string): void {
    const controller = this.incoming.get(requestId);
    if (!controller) return;
    this.incoming.delete(requestId);
    controller.abort(new Error("cancelled by the CLI (control_cancel_request)"));
  }

  private async dispatch(
    request: ControlRequestBody,
    context: IncomingControlContext,
  ): Promise<IncomingOutcome> {
    const subtype = request.subtype;
    const handlers = this.handlers;
    // Only loop -> client (and both) subtypes are ours to answer; anything else, client -> loop
    // subtypes included, gets the CLI's own text for an unsupported subtype (the default branch).
    switch (subtype) {
      case "can_use_tool":
        return this.answerCanUseTool(request as CanUseToolRequest, context);
      case "hook_callback": {
        const hook = request as HookCallbackRequest;
        if (!handlers.hookCallback) return refusal(`No hook callback found for ID: ${hook.callback_id}`);
        return success(await handlers.hookCallback(hook, context));
      }
      case "elicitation": {
        if (!handlers.elicitation) return { kind: "success", payload: { action: "decline" } };
        const result = await handlers.elicitation(request as ElicitationRequest, context);
        return { kind: "success", payload: { ...result } };
      }
      case "request_user_dialog": {
        const dialog = request as RequestUserDialogRequest;
        if (!handlers.requestUserDialog || !this.declaredDialogKinds.has(dialog.dialog_kind))
          return { kind: "silent" };
        const result = await handlers.requestUserDialog(dialog, context);
        return result === null ? { kind: "silent" } : { kind: "success", payload: { ...result } };
      }
      case "mcp_message": {
        const message = request as McpMessageRequest;
        if (!handlers.mcpMessage) return refusal(`SDK MCP server not found: ${message.server_name}`);
        return success(await handlers.mcpMessage(message, context));
      }
      case "oauth_token_refresh":
        if (!handlers.oauthTokenRefresh) return refusal("oauth_token_refresh is not supported by this host");
        return success(await handlers.oauthTokenRefresh(request, context));
      case "host_auth_token_refresh":
        if (!handlers.hostAuthTokenRefresh) {
          return refusal("host_auth_token_refresh is not supported by this host");
        }
        return success(await handlers.hostAuthTokenRefresh(request, context));
      default:
        // A subtype the tables know but the host never answers (client -> loop) is not "unsupported".
        if (!isControlRequestSubtype(subtype)) {
          this.onEvent?.({ kind: "unsupported_request", requestId: context.requestId, subtype });
        }
        return refusal(`Unsupported control request subtype: ${subtype}`);
    }
  }

  private async answerCanUseTool(
    request: CanUseToolRequest,
    context: IncomingControlContext,
  ): Promise<IncomingOutcome> {
    if (!this.handlers.canUseTool) return refusal("no can_use_tool handler is registered");
    if (typeof request.tool_name !== "string" || !isRecord(request.input)) {
      return refusal("malformed can_use_tool request: tool_name and input are required");
    }
    // A handler that returns nothing gets an error answer, never silence: a silent host would
    // leave the tool call parked until the session's deadline.
    const decision: PermissionDecision | null | undefined = await this.handlers.canUseTool(request, context);
    if (decision === null || decision === undefined) {
      return refusal("can_use_tool handler returned no decision");
    }
    // The tool use id rides along: the CLI checks it, so this decision never approves another
    // tool call (docs/protocol.md, "Control channel").
    // Stryker disable next-line ConditionalExpression: a toolUseID key holding undefined vanishes in JSON.stringify, the wire frame is the same
    const toolUseId = typeof request.tool_use_id === "string" ? { toolUseID: request.tool_use_id } : {};
    if (decision.behavior === "allow") {
      const updatedInput = isRecord(decision.updatedInput) ? decision.updatedInput : request.input;
      const permissions = decision.updatedPermissions
        ? { updatedPermissions: decision.updatedPermissions }
        : {};
      return { kind: "success", payload: { behavior: "allow", updatedInput, ...permissions, ...toolUseId } };
    }
    if (decision.behavior === "deny") {
      // Stryker disable next-line ConditionalExpression: an interrupt key holding undefined vanishes in JSON.stringify, the wire frame is the same
      const interrupt = decision.interrupt === undefined ? {} : { interrupt: decision.interrupt };
      return {
        kind: "success",
        payload: {
          behavior: "deny",
          message: String(decision.message ?? "denied"),
          ...interrupt,
          ...toolUseId,
        },
      };
    }
    return refusal("can_use_tool handler returned neither allow nor deny");
  }
}

function refusal(message: string): IncomingOutcome {
  return { kind: "error", message };
}

function success(payload: unknown): IncomingOutcome {
  return { kind: "success", payload: isRecord(payload) ? payload : {} };
}

function payloadOf(verdict: ControlSuccessResponse): Record<string, unknown> {
  return isRecord(verdict.response) ? verdict.response : {};
}

function isControlRequestFrame(value: unknown): value is ControlRequestFrame {
  return (
    isRecord(value) &&
    typeof value.request_id === "string" &&
    isRecord(value.request) &&
    typeof value.request.subtype === "string"
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function clearTimer(entry: PendingRequest): void {
  // Stryker disable next-line ConditionalExpression: clearTimeout(undefined) is a no-op
  if (entry.timer !== undefined) clearTimeout(entry.timer);
  entry.timer = undefined;
}

function abortReason(signal: AbortSignal): string {
  const reason: unknown = signal.reason;
  if (reason instanceof Error) return reason.message;
  // Stryker disable next-line ConditionalExpression,StringLiteral: a real AbortSignal's reason is never undefined (abort() without one sets an AbortError)
  return reason === undefined ? "aborted" : String(reason);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The error verdict's `error_code`, when the CLI sends one (2.1.332 does; 2.1.235 does not). */
function codeOf(verdict: ControlErrorResponse): string | undefined {
  return typeof verdict.error_code === "string" ? verdict.error_code : undefined;
}
