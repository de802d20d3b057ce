import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  type Message,
  ReceiveMessageCommand,
  type SQSClient,
} from "@aws-sdk/client-sqs";
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";

/**
 * What Lambda's SQS event source mapping does with `ReportBatchItemFailures`, run by hand against a
 * real SQS protocol server: receive a batch, invoke the handler with an SQS event, delete the records
 * the handler did not report as failed, and make the failed ones visible again at once (standing in for
 * the visibility timeout running out). The redrive policy on the queue does the rest.
 */
export class SqsEventSource {
  readonly invocations: { records: SQSRecord[]; response: SQSBatchResponse }[] = [];

  constructor(
    private readonly client: SQSClient,
    private readonly queueUrl: string,
    private readonly queueArn: string,
    private readonly batchSize = 10,
    /**
     * true: a failed record becomes visible again at once (standing in for the visibility timeout).
     * false: it stays as the handler left it, as with real Lambda (the worker's retry backoff).
     */
    private readonly resetFailedVisibility = true,
  ) {}

  /** One poll; returns false when the queue had nothing to hand out. */
  async pollOnce(
    handler: (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>,
    context: () => Context,
  ): Promise<boolean> {
    const received = await this.client.send(
      new ReceiveMessageCommand({
        QueueUrl: this.queueUrl,
        MaxNumberOfMessages: this.batchSize,
        MessageSystemAttributeNames: ["All"],
        MessageAttributeNames: ["All"],
        WaitTimeSeconds: 0,
      }),
    );
    const messages = received.Messages ?? [];
    if (messages.length === 0) return false;
    const records = messages.map((m) => this.toRecord(m));
    const response = await handler({ Records: records }, context());
    this.invocations.push({ records, response });
    const failed = new Set(response.batchItemFailures.map((f) => f.itemIdentifier));
    for (const m of messages) {
      if (failed.has(m.MessageId!)) {
        if (!this.resetFailedVisibility) continue;
        await this.client.send(
          new ChangeMessageVisibilityCommand({
            QueueUrl: this.queueUrl,
            ReceiptHandle: m.ReceiptHandle!,
            VisibilityTimeout: 0,
          }),
        );
      } else {
        await this.client.send(
          new DeleteMessageCommand({ QueueUrl: this.queueUrl, ReceiptHandle: m.ReceiptHandle! }),
        );
      }
    }
    return true;
  }

  /** Polls until the queue is drained or `maxPolls` is reached. */
  async drain(
    handler: (event: SQSEvent, context: Context) => Promise<SQSBatchResponse>,
    context: () => Context,
    maxPolls = 20,
  ): Promise<void> {
    for (let i = 0; i < maxPolls; i++) {
      if (!(await this.pollOnce(handler, context))) return;
    }
  }

  /** Every record body the handler was given, in delivery order. */
  get deliveredBodies(): string[] {
    return this.invocations.flatMap((i) => i.records.map((r) => r.body));
  }

  private toRecord(m: Message): SQSRecord {
    const a = m.Attributes ?? {};
    return {
      messageId: m.MessageId!,
      receiptHandle: m.ReceiptHandle!,
      body: m.Body ?? "",
      attributes: {
        ApproximateReceiveCount: a.ApproximateReceiveCount ?? "1",
        SentTimestamp: a.SentTimestamp ?? String(Date.now()),
        SenderId: a.SenderId ?? "AIDAIENQZJOLO23YVJ4VO",
        ApproximateFirstReceiveTimestamp: a.ApproximateFirstReceiveTimestamp ?? String(Date.now()),
        ...(a.MessageGroupId ? { MessageGroupId: a.MessageGroupId } : {}),
        ...(a.MessageDeduplicationId ? { MessageDeduplicationId: a.MessageDeduplicationId } : {}),
        ...(a.SequenceNumber ? { SequenceNumber: a.SequenceNumber } : {}),
      },
      messageAttributes: {},
      md5OfBody: m.MD5OfBody ?? "",
      eventSource: "aws:sqs",
      eventSourceARN: this.queueArn,
      awsRegion: "us-east-1",
    };
  }
}
