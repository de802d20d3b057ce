import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  type Message,
  ReceiveMessageCommand,
  SQSClient,
} from "@aws-sdk/client-sqs";
import { startFauxqs } from "fauxqs";
import { TEST_CREDENTIALS, TEST_REGION } from "./loopback-dynamodb.js";

export interface QueuedMessage {
  body: string;
  groupId?: string;
  deduplicationId?: string;
  sequenceNumber?: string;
}

interface InspectedMessage {
  body: string;
  messageGroupId?: string;
  messageDeduplicationId?: string;
  sequenceNumber?: string;
}

function queueName(queueUrl: string): string {
  return queueUrl.slice(queueUrl.lastIndexOf("/") + 1);
}

type FauxqsServer = Awaited<ReturnType<typeof startFauxqs>>;

export interface FifoQueuePair {
  queueUrl: string;
  queueArn: string;
  dlqUrl: string;
}

/** fauxqs (an SQS protocol server with FIFO, dedup and redrive) on an ephemeral loopback port. */
export class LoopbackSqs {
  private constructor(
    private readonly server: FauxqsServer,
    readonly endpoint: string,
    readonly client: SQSClient,
  ) {}

  static async start(): Promise<LoopbackSqs> {
    const server = await startFauxqs({ port: 0, host: "127.0.0.1", logger: false });
    const client = new SQSClient({
      endpoint: server.address,
      region: TEST_REGION,
      credentials: TEST_CREDENTIALS,
    });
    return new LoopbackSqs(server, server.address, client);
  }

  /** A FIFO job queue whose redrive policy moves a message to the DLQ after `maxReceiveCount` receives. */
  async createFifoQueueWithDlq(
    name: string,
    opts: { maxReceiveCount: number; visibilityTimeoutSeconds: number },
  ): Promise<FifoQueuePair> {
    const dlq = await this.client.send(
      new CreateQueueCommand({ QueueName: `${name}-dlq.fifo`, Attributes: { FifoQueue: "true" } }),
    );
    const dlqArn = await this.queueArn(dlq.QueueUrl!);
    const queue = await this.client.send(
      new CreateQueueCommand({
        QueueName: `${name}.fifo`,
        Attributes: {
          FifoQueue: "true",
          VisibilityTimeout: String(opts.visibilityTimeoutSeconds),
          RedrivePolicy: JSON.stringify({
            deadLetterTargetArn: dlqArn,
            maxReceiveCount: opts.maxReceiveCount,
          }),
        },
      }),
    );
    return {
      queueUrl: this.loopbackUrl(queue.QueueUrl!),
      queueArn: await this.queueArn(queue.QueueUrl!),
      dlqUrl: this.loopbackUrl(dlq.QueueUrl!),
    };
  }

  /**
   * fauxqs answers with AWS-style `sqs.<region>.<host>` URLs, which do not resolve here; SDK clients
   * configured only through AWS_ENDPOINT_URL_SQS send to the queue URL's host, so hand out the same
   * path on the loopback endpoint (fauxqs finds the queue by path).
   */
  private loopbackUrl(queueUrl: string): string {
    return this.endpoint + queueUrl.replace(/^https?:\/\/[^/]+/, "");
  }

  /** Everything currently receivable, with the system attributes the Lambda event source also passes. */
  async receiveAll(queueUrl: string): Promise<Message[]> {
    const out: Message[] = [];
    for (;;) {
      const r = await this.client.send(
        new ReceiveMessageCommand({
          QueueUrl: queueUrl,
          MaxNumberOfMessages: 10,
          MessageSystemAttributeNames: ["All"],
          WaitTimeSeconds: 0,
        }),
      );
      if (!r.Messages?.length) return out;
      out.push(...r.Messages);
    }
  }

  /** Every message still in the queue (ready, in flight or delayed), oldest first, without receiving it. */
  messagesIn(queueUrl: string): QueuedMessage[] {
    const state = this.server.inspectQueue(queueName(queueUrl));
    if (!state) throw new Error(`no queue ${queueUrl}`);
    const all = [
      ...state.messages.ready,
      ...state.messages.delayed,
      ...state.messages.inflight.map((i: { message: unknown }) => i.message),
    ] as InspectedMessage[];
    return all
      .map((m) => ({
        body: m.body,
        groupId: m.messageGroupId,
        deduplicationId: m.messageDeduplicationId,
        sequenceNumber: m.sequenceNumber,
      }))
      .sort((x, y) => Number(BigInt(x.sequenceNumber ?? "0") - BigInt(y.sequenceNumber ?? "0")));
  }

  /** Drops every message of every queue, keeping the queues (between tests). */
  clearMessages(): void {
    this.server.reset();
  }

  private async queueArn(queueUrl: string): Promise<string> {
    const r = await this.client.send(
      new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ["QueueArn"] }),
    );
    return r.Attributes!.QueueArn!;
  }

  async close(): Promise<void> {
    this.client.destroy();
    await this.server.stop();
  }
}
