import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  type Message,
  ReceiveMessageCommand,
  SendMessageCommand,
  type SQSClient,
} from "@aws-sdk/client-sqs";
import { fitSqsId } from "./job-queue.js";

export interface DeadLetter {
  messageId: string;
  groupId?: string;
  jobId?: string;
  job?: string;
  /** Why the worker put it there (absent for messages SQS's own redrive moved). */
  reason?: string;
  receiveCount?: number;
  body: string;
}

/**
 * Reads the DLQ without consuming it: every message received is made visible again at once, so a
 * listing changes nothing. FIFO hands out one message per group at a time, hence the loop.
 */
export async function listDeadLetters(sqs: SQSClient, dlqUrl: string, max = 100): Promise<DeadLetter[]> {
  const seen = new Map<string, DeadLetter>();
  const held: Message[] = [];
  try {
    while (seen.size < max) {
      const out = await sqs.send(receive(dlqUrl));
      const fresh = (out.Messages ?? []).filter((m) => !seen.has(m.MessageId ?? ""));
      held.push(...(out.Messages ?? []));
      if (fresh.length === 0) break;
      for (const m of fresh) seen.set(m.MessageId ?? "", describe(m));
    }
  } finally {
    for (const m of held)
      await sqs
        .send(
          new ChangeMessageVisibilityCommand({
            QueueUrl: dlqUrl,
            ReceiptHandle: m.ReceiptHandle,
            VisibilityTimeout: 0,
          }),
        )
        .catch(() => undefined);
  }
  return [...seen.values()];
}

/**
 * Moves DLQ messages back to the job queue, in their own FIFO groups, then deletes them from the DLQ.
 * A redriven job runs again from the start; idempotent jobs (review of a head already reviewed, a
 * superseded head) end quickly.
 */
export async function redriveDeadLetters(
  sqs: SQSClient,
  target: { dlqUrl: string; queueUrl: string },
  options: { max?: number; filter?: (letter: DeadLetter) => boolean } = {},
): Promise<DeadLetter[]> {
  const moved: DeadLetter[] = [];
  const skipped: Message[] = [];
  try {
    while (moved.length < (options.max ?? 100)) {
      const messages = (await sqs.send(receive(target.dlqUrl))).Messages ?? [];
      if (messages.length === 0) break;
      for (const m of messages) {
        const letter = describe(m);
        if (options.filter && !options.filter(letter)) {
          skipped.push(m);
          continue;
        }
        await sqs.send(
          new SendMessageCommand({
            QueueUrl: target.queueUrl,
            MessageBody: letter.body,
            MessageGroupId: letter.groupId ?? "redriven",
            MessageDeduplicationId: fitSqsId(`redrive:${letter.messageId}:${Date.now()}`),
          }),
        );
        await sqs.send(new DeleteMessageCommand({ QueueUrl: target.dlqUrl, ReceiptHandle: m.ReceiptHandle }));
        moved.push(letter);
      }
      if (messages.every((m) => skipped.includes(m))) break;
    }
  } finally {
    for (const m of skipped)
      await sqs
        .send(
          new ChangeMessageVisibilityCommand({
            QueueUrl: target.dlqUrl,
            ReceiptHandle: m.ReceiptHandle,
            VisibilityTimeout: 0,
          }),
        )
        .catch(() => undefined);
  }
  return moved;
}

function receive(queueUrl: string): ReceiveMessageCommand {
  return new ReceiveMessageCommand({
    QueueUrl: queueUrl,
    MaxNumberOfMessages: 10,
    VisibilityTimeout: 60,
    WaitTimeSeconds: 0,
    MessageAttributeNames: ["All"],
    MessageSystemAttributeNames: ["All"],
  });
}

function describe(m: Message): DeadLetter {
  const attrs = m.MessageAttributes ?? {};
  let jobId: string | undefined;
  let job: string | undefined;
  try {
    const body = JSON.parse(m.Body ?? "") as {
      jobId?: string;
      kind?: string;
      owner?: string;
      repo?: string;
      pullNumber?: number;
    };
    jobId = body.jobId;
    job = `${body.kind ?? "?"} ${body.owner ?? "?"}/${body.repo ?? "?"}${body.pullNumber ? `#${body.pullNumber}` : ""}`;
  } catch {
    job = "not JSON";
  }
  return {
    messageId: m.MessageId ?? "",
    ...(m.Attributes?.MessageGroupId ? { groupId: m.Attributes.MessageGroupId } : {}),
    ...(jobId ? { jobId } : {}),
    ...(job ? { job } : {}),
    ...(attrs.reason?.StringValue ? { reason: attrs.reason.StringValue } : {}),
    ...(attrs.receiveCount?.StringValue ? { receiveCount: Number(attrs.receiveCount.StringValue) } : {}),
    body: m.Body ?? "",
  };
}
