import { SendMessageCommand } from "@aws-sdk/client-sqs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listDeadLetters, redriveDeadLetters } from "../../lambda/shared/dead-letters.js";
import { type FifoQueuePair, LoopbackSqs } from "./support/loopback-sqs.js";

// The operator's view of the DLQ on fauxqs: a listing with the worker's reasons that consumes
// nothing, and a redrive back into the job queue in each message's own FIFO group.
let sqs: LoopbackSqs;
let queues: FifoQueuePair;

beforeAll(async () => {
  sqs = await LoopbackSqs.start();
  queues = await sqs.createFifoQueueWithDlq("ops", { maxReceiveCount: 6, visibilityTimeoutSeconds: 30 });
});

afterAll(async () => {
  await sqs?.close();
});

async function deadLetter(jobId: string, group: string, reason: string) {
  await sqs.client.send(
    new SendMessageCommand({
      QueueUrl: queues.dlqUrl,
      MessageBody: JSON.stringify({ jobId, kind: "review", owner: "o", repo: "r", pullNumber: 7 }),
      MessageGroupId: group,
      MessageDeduplicationId: `dlq:${jobId}`,
      MessageAttributes: {
        reason: { DataType: "String", StringValue: reason },
        receiveCount: { DataType: "Number", StringValue: "6" },
      },
    }),
  );
}

describe("DLQ inspect and redrive", () => {
  it("lists every dead letter with its reason without consuming any, then redrives one job, then the rest", async () => {
    await deadLetter("job-a", "o/r#7", "failed on all 6 receives; last error: S3 is unavailable");
    await deadLetter("job-b", "o/r#8", 'invalid job message: message is missing "jobId"');
    const listed = await listDeadLetters(sqs.client, queues.dlqUrl);
    expect(listed.map((l) => [l.jobId, l.groupId, l.reason, l.receiveCount, l.job])).toEqual([
      ["job-a", "o/r#7", "failed on all 6 receives; last error: S3 is unavailable", 6, "review o/r#7"],
      ["job-b", "o/r#8", 'invalid job message: message is missing "jobId"', 6, "review o/r#7"],
    ]);
    // Listing twice sees the same: nothing was consumed or left in flight.
    expect((await listDeadLetters(sqs.client, queues.dlqUrl)).map((l) => l.jobId)).toEqual([
      "job-a",
      "job-b",
    ]);

    const one = await redriveDeadLetters(
      sqs.client,
      { dlqUrl: queues.dlqUrl, queueUrl: queues.queueUrl },
      { filter: (l) => l.jobId === "job-b" },
    );
    expect(one.map((l) => l.jobId)).toEqual(["job-b"]);
    expect(sqs.messagesIn(queues.queueUrl).map((m) => [JSON.parse(m.body).jobId, m.groupId])).toEqual([
      ["job-b", "o/r#8"],
    ]);
    expect((await listDeadLetters(sqs.client, queues.dlqUrl)).map((l) => l.jobId)).toEqual(["job-a"]);

    await redriveDeadLetters(sqs.client, { dlqUrl: queues.dlqUrl, queueUrl: queues.queueUrl });
    expect(sqs.messagesIn(queues.dlqUrl)).toHaveLength(0);
    expect(
      sqs
        .messagesIn(queues.queueUrl)
        .map((m) => JSON.parse(m.body).jobId)
        .sort(),
    ).toEqual(["job-a", "job-b"]);
  });
});
