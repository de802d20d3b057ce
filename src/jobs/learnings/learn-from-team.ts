import type { GitHubClient } from "../../github/github-client.js";
import type { ReplyVerdict } from "./classify-replies.js";
import { addSuppressions, type LearningsPlace, readLearnings } from "./learnings-ledger.js";
import { collectNoiseSignals, describeSignal, type NoiseSignal } from "./noise-signals.js";
import { activeRecords, type SuppressionRecord, suppressionId } from "./suppression-record.js";

export interface TeamLearnings {
  /** Every record that still suppresses, for this review's prompt and filter. */
  active: SuppressionRecord[];
  /** The records this job added. */
  added: SuppressionRecord[];
  /** What did not count, or could not be read, for the log. */
  notes: string[];
}

/**
 * Before a review: read the repository's learnings, learn what writers said about our earlier
 * findings on this PR since (👎, a thread resolved with its lines unchanged, a reply the classifier
 * reads as "not useful"), record it, and return every active record. A failure to read replies is a
 * note, not a failed review: the 👎 and resolved threads are still learned.
 */
export async function learnFromTeam(
  place: LearningsPlace,
  octokit: GitHubClient,
  pr: { pullNumber: number },
  /** Reads writers' replies (see `classifyReplies`); without it replies wait for a job that can. */
  classify: ((replies: NoiseSignal[]) => Promise<ReplyVerdict[]>) | undefined,
  now: () => Date = () => new Date(),
): Promise<TeamLearnings> {
  const before = await readLearnings(place);
  const known = new Set([...before.records.map((r) => r.source), ...before.readReplies]);
  const { signals, notes } = await collectNoiseSignals(
    octokit,
    { owner: place.owner, repo: place.repo, pullNumber: pr.pullNumber },
    known,
    now,
  );
  const replies = signals.filter((s) => s.kind === "reply");
  const verdicts = new Map<string, { notUseful: boolean; rule: string }>();
  if (replies.length > 0 && !classify)
    notes.push(`${replies.length} repl(ies) to earlier findings left for a job that can read them`);
  if (replies.length > 0 && classify) {
    try {
      for (const v of await classify(replies)) verdicts.set(v.source, v);
    } catch (error) {
      notes.push(`replies to earlier findings not read: ${(error as Error).message}`);
    }
  }
  const records: SuppressionRecord[] = [];
  const readReplies: string[] = [];
  for (const signal of signals) {
    if (signal.kind !== "reply") {
      records.push(recordOf(signal, pr.pullNumber, defaultRule(signal)));
      continue;
    }
    const verdict = verdicts.get(signal.source);
    if (!verdict) continue;
    if (verdict.notUseful) records.push(recordOf(signal, pr.pullNumber, verdict.rule || defaultRule(signal)));
    else readReplies.push(signal.source);
  }
  const { added, document } = await addSuppressions(place, { records, readReplies });
  for (const r of added)
    notes.push(`learned ${r.id}: ${r.rule} (${describeSignal(r.signal, r.path, r.title)} by @${r.by})`);
  return { active: activeRecords(document), added, notes };
}

function recordOf(signal: NoiseSignal, pullNumber: number, rule: string): SuppressionRecord {
  return {
    id: suppressionId(signal.source),
    fingerprint: signal.on.finding.fingerprint,
    path: signal.on.path,
    category: signal.on.finding.category,
    title: signal.on.finding.title,
    rule: rule.slice(0, 300),
    signal: signal.kind,
    source: signal.source,
    by: signal.by,
    at: signal.at,
    pullNumber,
  };
}

function defaultRule(signal: NoiseSignal): string {
  const { title, category } = signal.on.finding;
  return `Do not report “${title}” (${category}) in ${signal.on.path} again`;
}
