// docs/protocol.md#seed-references: "request 的完整状态机" — FAILED, CANCELLED, TIMED_OUT and TRANSPORT_CLOSED each end a pending
// request with their own error type, so callers can tell a peer's refusal from a local decision.

/**
 * The peer answered the request with an `error` verdict, or with a response that does not fit it.
 * `peerCode` is the verdict's machine-readable `error_code` when the CLI sends one (2.1.332 does,
 * e.g. `unsupported_request`; 2.1.235 never does).
 */
export class ControlRequestError extends Error {
  override readonly name = "ControlRequestError";
  constructor(
    readonly subtype: string,
    readonly requestId: string,
    readonly peerMessage: string,
    readonly peerCode?: string,
  ) {
    super(`control request ${subtype} (${requestId}) failed: ${peerMessage}`);
  }
}

/** This side stopped waiting (AbortSignal or cancel()); a control_cancel_request was sent. */
export class ControlRequestCancelledError extends Error {
  override readonly name: string = "ControlRequestCancelledError";
  constructor(
    readonly subtype: string,
    readonly requestId: string,
    readonly reason: string,
  ) {
    super(`control request ${subtype} (${requestId}) cancelled: ${reason}`);
  }
}

/** The deadline passed without a response (control_request_progress extends it). */
export class ControlRequestTimeoutError extends ControlRequestCancelledError {
  override readonly name = "ControlRequestTimeoutError";
  constructor(subtype: string, requestId: string, timeoutMs: number) {
    super(subtype, requestId, `no response within ${timeoutMs} ms`);
  }
}

/** The transport closed (or could not be written) while the request was pending. */
export class ControlTransportClosedError extends Error {
  override readonly name = "ControlTransportClosedError";
  constructor(
    readonly subtype: string,
    readonly requestId: string,
    readonly reason: string,
  ) {
    super(`control request ${subtype} (${requestId}) ended: transport closed (${reason})`);
  }
}
