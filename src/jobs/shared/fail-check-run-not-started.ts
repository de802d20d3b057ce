import type { CheckRunHandle, CheckRunPublisher } from "../../github/check-run-publisher.js";

/**
 * Completes a job's check run as failed because its remote session could not start, so the PR never
 * shows a check in progress forever. Best effort: the start error, which the caller rethrows, is the
 * one that matters.
 */
export async function failCheckRunNotStarted(
  checks: CheckRunPublisher,
  handle: CheckRunHandle,
  job: "review" | "autofix",
  error: unknown,
  /** A job's own words for a stop it understands (an invalid config, over budget). */
  shown?: { title: string; summary: string },
): Promise<void> {
  await checks
    .complete(handle, {
      outcome: { status: "failure", isError: true },
      title: shown?.title ?? `Claude ${job} failed`,
      summary: shown?.summary ?? `Claude ${job} could not start: ${(error as Error).message}`,
      findings: [],
    })
    .catch(() => undefined);
}
