import { Duration, aws_sqs as sqs } from "aws-cdk-lib";
import type { Construct } from "constructs";

export interface FifoQueueWithDeadLetters {
  queue: sqs.Queue;
  deadLetterQueue: sqs.Queue;
}

/**
 * A FIFO queue (the messages of one group in order) and the FIFO dead-letter queue that keeps what
 * failed `maxReceiveCount` times for two weeks of inspection; both encrypted and TLS-only.
 */
export function fifoQueueWithDeadLetters(
  scope: Construct,
  ids: { queue: string; deadLetterQueue: string },
  options: { visibilityTimeout: Duration; maxReceiveCount: number },
): FifoQueueWithDeadLetters {
  const deadLetterQueue = new sqs.Queue(scope, ids.deadLetterQueue, {
    fifo: true,
    retentionPeriod: Duration.days(14),
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  const queue = new sqs.Queue(scope, ids.queue, {
    fifo: true,
    visibilityTimeout: options.visibilityTimeout,
    retentionPeriod: Duration.days(4),
    deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: options.maxReceiveCount },
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
  });
  return { queue, deadLetterQueue };
}
