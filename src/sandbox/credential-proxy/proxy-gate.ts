import type { IncomingHttpHeaders } from "node:http";
import type { JobToken } from "./job-token.js";
import type { ProxyStopReason } from "./proxy-stop-reason.js";

/** Starts every message the proxy writes, so a CLI error names who refused. */
export const PROXY_MESSAGE_PREFIX = "claude-pr-runner credential proxy";

/** An answer the proxy gives itself instead of going upstream. */
export interface ProxyRefusal {
  status: number;
  /** The Messages API error type for `status` (the CLI reads it). */
  type: string;
  message: string;
}

export interface ProxyGateOptions {
  token: JobToken;
  /** The job's spend cap in USD; absent means no cap. */
  maxCostUsd?: number;
  /** Called once, with the first reason the gate closed for good. */
  onStop?: (reason: ProxyStopReason) => void;
}

/**
 * Which requests of one job may go upstream: only those presenting the job's token, only until the
 * job ended (revoked), only while the metered spend is below the cap, and never again once upstream
 * rejected the real credential. The first stop is final; the ones after it change nothing.
 */
export class ProxyGate {
  private revoked = false;
  private stop?: ProxyStopReason;
  private spent = 0;

  constructor(private readonly options: ProxyGateOptions) {}

  get stopReason(): ProxyStopReason | undefined {
    return this.stop;
  }

  get spentUsd(): number {
    return this.spent;
  }

  /** The job ended: its token is refused from now on. */
  revoke(): void {
    this.revoked = true;
  }

  /** Why a request with these headers must not go upstream, or undefined when it may. */
  refusalFor(headers: IncomingHttpHeaders): ProxyRefusal | undefined {
    const presented = presentedToken(headers);
    if (presented === undefined || !this.options.token.matches(presented)) {
      const message = `${PROXY_MESSAGE_PREFIX}: unknown token; this proxy serves one job and accepts only that job's token`;
      return { status: 401, type: "authentication_error", message };
    }
    if (this.revoked) {
      const message = `${PROXY_MESSAGE_PREFIX}: the job this token belonged to has ended; the token is no longer accepted`;
      return { status: 401, type: "authentication_error", message };
    }
    if (this.capReached()) this.stopWith(budgetStop(this.spent, this.options.maxCostUsd as number));
    if (this.stop) {
      const status = this.stop.kind === "budget_exceeded" ? 402 : this.stop.status;
      return { status, type: errorTypeFor(status), message: this.stop.message };
    }
    return undefined;
  }

  /** Adds the metered cost of one answer; reaching the cap stops the job. */
  charge(costUsd: number): void {
    this.spent += costUsd;
    if (this.capReached()) this.stopWith(budgetStop(this.spent, this.options.maxCostUsd as number));
  }

  /** Upstream rejected the real credential (401/403): no retry can fix that. */
  upstreamRejected(status: number, detail: string): ProxyRefusal {
    this.stopWith({
      kind: "upstream_auth_failed",
      status,
      message:
        `${PROXY_MESSAGE_PREFIX}: the model API rejected the credentials (HTTP ${status}${detail ? ` ${detail}` : ""}); ` +
        "check ANTHROPIC_API_KEY, the OAuth token or the cloud credentials. Retrying cannot fix this, so the job's further requests are refused",
    });
    // The CLI gets upstream's status; the message is the gate's first stop (the one the job ends with).
    return { status, type: errorTypeFor(status), message: (this.stop as ProxyStopReason).message };
  }

  private capReached(): boolean {
    return this.spent >= (this.options.maxCostUsd ?? Number.POSITIVE_INFINITY);
  }

  private stopWith(reason: ProxyStopReason): void {
    if (this.stop) return;
    this.stop = reason;
    try {
      // Stryker disable next-line OptionalChaining: without a listener the call throws into the catch, the same outcome
      this.options.onStop?.(reason);
    } catch {
      // A faulty listener must not break the proxy.
    }
  }
}

/** The job token as the CLI presents it: `x-api-key`, else an `Authorization: Bearer` token. */
export function presentedToken(headers: IncomingHttpHeaders): string | undefined {
  const key = headers["x-api-key"];
  if (typeof key === "string" && key !== "") return key;
  // (`.+` runs to the end: a header value holds no line break.)
  // Stryker disable next-line OptionalChaining,StringLiteral: group 1 exists after any match; a fallback that is no bearer refuses alike
  const bearer = /^Bearer\s(.+)/i.exec(headers.authorization ?? "")?.[1]?.trim();
  return bearer || undefined;
}

/** The Messages API's error type for a status the proxy answers with. */
export function errorTypeFor(status: number): string {
  if (status === 401) return "authentication_error";
  if (status === 402) return "billing_error";
  if (status === 403) return "permission_error";
  return "api_error";
}

function budgetStop(spentUsd: number, capUsd: number): ProxyStopReason {
  return {
    kind: "budget_exceeded",
    spentUsd,
    capUsd,
    message: `${PROXY_MESSAGE_PREFIX}: the job's spend cap of $${capUsd} is reached ($${spentUsd.toFixed(6)} metered); no further model requests are allowed`,
  };
}
