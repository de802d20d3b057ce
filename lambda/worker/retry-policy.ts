import { ChangeMessageVisibilityCommand, SendMessageCommand, type SQSClient } from "@aws-sdk/client-sqs";
import type { SQSRecord } from "aws-lambda";
import { fitSqsId } from "../shared/job-queue.js";

/**
 * How a failed job goes back: a transient failure waits out a growing backoff (by default 1, 5, then
 * 15 minutes) instead of the queue's whole visibility timeout, because a FIFO message that waits also
 * holds back every later job of its PR. At the last receive the worker moves the message to the DLQ
 * itself, with the reason as message attributes, and acknowledges it (SQS's own redrive would carry
 * no reason).
 */
export interface RetryPolicy {
  sqs: SQSClient;
  queueUrl: string;
  deadLetterQueueUrl: string;
  /** The queue's redrive maxReceiveCount: at this receive a transient failure goes to the DLQ. */
  maxReceiveCount: number;
  /** Seconds before receive n + 1 after failed receive n; the last value repeats. */
  backoffSeconds: readonly number[];
}

export const DEFAULT_BACKOFF_SECONDS = [60, 300, 900] as const;

export function backoffFor(policy: Pick<RetryPolicy, "backoffSeconds">, receiveCount: number): number {
  const list = policy.backoffSeconds;
  return list[Math.min(Math.max(receiveCount, 1), list.length) - 1] ?? 0;
}

/** Makes the message visible again only after the backoff for this receive. */
export async function delayRetry(
  policy: RetryPolicy,
  record: SQSRecord,
  receiveCount: number,
): Promise<number> {
  const seconds = backoffFor(policy, receiveCount);
  await policy.sqs.send(
    new ChangeMessageVisibilityCommand({
      QueueUrl: policy.queueUrl,
      ReceiptHandle: record.receiptHandle,
      VisibilityTimeout: seconds,
    }),
  );
  return seconds;
}

/** Copies the message to the DLQ with why it is there; the caller then acknowledges the original. */
export async function deadLetter(
  policy: RetryPolicy,
  record: SQSRecord,
  why: { reason: string; error?: string; receiveCount: number },
): Promise<void> {
  await policy.sqs.send(
    new SendMessageCommand({
      QueueUrl: policy.deadLetterQueueUrl,
      MessageBody: record.body,
      MessageGroupId: record.attributes.MessageGroupId ?? "dead-letters",
      MessageDeduplicationId: fitSqsId(`dlq:${record.messageId}`),
      MessageAttributes: {
        reason: { DataType: "String", StringValue: why.reason.slice(0, 1000) },
        ...(why.error ? { error: { DataType: "String", StringValue: why.error.slice(0, 2000) } } : {}),
        receiveCount: { DataType: "Number", StringValue: String(why.receiveCount) },
        originalMessageId: { DataType: "String", StringValue: record.messageId },
      },
    }),
  );
}
