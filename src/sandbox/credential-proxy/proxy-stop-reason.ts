/**
 * Why the proxy stopped serving a job. The runner surfaces it in the session outcome, so a job that
 * hit its spend cap or lost its credential says so in one typed value rather than in CLI retries.
 */
export type ProxyStopReason =
  | { kind: "budget_exceeded"; spentUsd: number; capUsd: number; message: string }
  | { kind: "upstream_auth_failed"; status: number; message: string };
