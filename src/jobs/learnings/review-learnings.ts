import type { GitHubClient } from "../../github/github-client.js";
import type { TranscriptStore } from "../../sessions/transcript-store.js";
import type { LearnedRule } from "../shared/repository-config.js";
import type { ReplyVerdict } from "./classify-replies.js";
import { learnFromTeam } from "./learn-from-team.js";
import { readLearnings } from "./learnings-ledger.js";
import type { NoiseSignal } from "./noise-signals.js";
import { activeRecords } from "./suppression-record.js";

export interface ReviewLearningsInput {
  /** Where sessions are stored; the learnings live beside them (none: no noise memory). */
  store: TranscriptStore | undefined;
  octokit: GitHubClient;
  owner: string;
  repo: string;
  pullNumber: number;
  /** An untrusted run reads what was learned but learns nothing and writes nothing. */
  untrusted: boolean;
  classify?: (replies: NoiseSignal[]) => Promise<ReplyVerdict[]>;
  log?: (line: string) => void;
}

/**
 * The learned rules a review of this PR follows, after learning what writers said since the last
 * review. The noise memory makes reviews quieter, never less safe, so a store or GitHub failure here
 * is logged and the review goes on with what it has (the signal is read again next time).
 */
export async function learningsForReview(input: ReviewLearningsInput): Promise<LearnedRule[] | undefined> {
  const { store, owner, repo } = input;
  if (!store) return undefined;
  const place = { store, owner, repo };
  try {
    if (input.untrusted) {
      const active = activeRecords(await readLearnings(place));
      if (active.length > 0)
        input.log?.(
          `Noise memory: ${active.length} learned rule(s) applied; nothing is learned in an untrusted run`,
        );
      return active;
    }
    const team = await learnFromTeam(place, input.octokit, { pullNumber: input.pullNumber }, input.classify);
    for (const note of team.notes) input.log?.(`Noise memory: ${note}`);
    if (team.active.length > 0) input.log?.(`Noise memory: ${team.active.length} learned rule(s) applied`);
    return team.active;
  } catch (error) {
    input.log?.(`Noise memory not used for this review: ${(error as Error).message}`);
    return undefined;
  }
}
