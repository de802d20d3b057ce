import type { StartPoint } from "./choose-start.js";

export type ForkStart = Extract<StartPoint, { kind: "fork" }>;

/** Why a stored parent could not be used and the job started a fresh session instead. */
export type FreshFallbackReason =
  | "transcript_missing"
  | "checksum_mismatch"
  | "store_error"
  /** The stored transcript was not uploaded by one of our own trusted runs. */
  | "untrusted_origin"
  | "refused_by_cli";

/**
 * What restore did, for the job outcome and the summary comment. A fallback is never silent: it
 * carries the reason and a human sentence.
 */
export type RestoreResult =
  | {
      status: "fresh";
      /**
       * no_prior_session: nothing to continue. cheaper_than_continuing: a parent was there, but the
       * job estimated a fresh session on the whole change cheaper than resuming it or starting from
       * its summary (chooseLineageStart), so its prompt carries no history at all.
       */
      reason: "no_prior_session" | "cheaper_than_continuing";
      message: string;
    }
  | {
      status: "restored";
      start: ForkStart;
      /** The parent session to resume with --fork-session. */
      sessionId: string;
      /** Commit the parent saw: the job can review `parentHeadSha..head` first. */
      parentHeadSha: string;
      transcriptPath: string;
      message: string;
    }
  | { status: "fresh_fallback"; reason: FreshFallbackReason; start: ForkStart; message: string }
  | {
      /**
       * The parent was fine but its conversation passed the context bound: start fresh and hand the
       * job the parent's entry, so it can seed the prompt with a summary (its findings, its sha).
       */
      status: "compacted";
      start: ForkStart;
      message: string;
    };

/** The runner's `SessionOptions.resume` for this restore (undefined: start fresh). */
export function resumeOption(result: RestoreResult): { sessionId: string; fork: boolean } | undefined {
  return result.status === "restored" ? { sessionId: result.sessionId, fork: true } : undefined;
}

/** The CLI arguments for this restore, independent of how the CLI is spawned. */
export function resumeArgs(result: RestoreResult): string[] {
  const resume = resumeOption(result);
  return resume ? ["--resume", resume.sessionId, "--fork-session"] : [];
}

/** The parent session id to record in the new lineage entry (null for a fresh session). */
export function parentSessionId(result: RestoreResult): string | null {
  return result.status === "restored" ? result.sessionId : null;
}

export function freshFallback(start: ForkStart, reason: FreshFallbackReason, detail: string): RestoreResult {
  return {
    status: "fresh_fallback",
    reason,
    start,
    message: `Started a fresh session: could not continue session ${start.entry.sessionId} of ${start.lineageKey.key} (${detail}).`,
  };
}
