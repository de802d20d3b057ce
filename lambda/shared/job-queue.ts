import { createHash } from "node:crypto";
import { SendMessageCommand, type SQSClient } from "@aws-sdk/client-sqs";
import type { JobMessage } from "./job-message.js";

/** SQS caps MessageGroupId and MessageDeduplicationId at 128 characters. */
const SQS_ID_LIMIT = 128;

/**
 * Jobs of one PR share a FIFO group so they run in order (a second push waits for the first review,
 * whose session it forks); different PRs land in different groups and run in parallel. Repo-wide jobs
 * get their own group per kind so an audit never waits behind a PR's reviews.
 */
export function messageGroupId(job: Pick<JobMessage, "owner" | "repo" | "pullNumber" | "kind">): string {
  const suffix = job.pullNumber !== undefined ? String(job.pullNumber) : job.kind;
  return fitSqsId(`${job.owner}/${job.repo}#${suffix}`);
}

/** Long ids (a 39-char owner plus a 100-char repo) keep a readable prefix plus a hash of the whole. */
export function fitSqsId(id: string): string {
  if (id.length <= SQS_ID_LIMIT) return id;
  const hash = createHash("sha256").update(id).digest("hex").slice(0, 32);
  return `${id.slice(0, SQS_ID_LIMIT - hash.length - 1)}~${hash}`;
}

export interface EnqueuedJob {
  jobId: string;
  messageId: string;
  groupId: string;
  sequenceNumber?: string;
}

/** Sends job messages to the FIFO job queue. */
export class JobQueue {
  constructor(
    private readonly sqs: SQSClient,
    readonly queueUrl: string,
  ) {}

  /**
   * `deduplicationId` is the delivery id for webhooks: SQS drops a second send with the same id
   * within five minutes, a second line of defence behind the idempotency table.
   */
  async enqueue(job: JobMessage, deduplicationId: string): Promise<EnqueuedJob> {
    const groupId = messageGroupId(job);
    const out = await this.sqs.send(
      new SendMessageCommand({
        QueueUrl: this.queueUrl,
        MessageBody: JSON.stringify(job),
        MessageGroupId: groupId,
        MessageDeduplicationId: fitSqsId(deduplicationId),
      }),
    );
    return {
      jobId: job.jobId,
      messageId: out.MessageId ?? "",
      groupId,
      ...(out.SequenceNumber ? { sequenceNumber: out.SequenceNumber } : {}),
    };
  }
}
