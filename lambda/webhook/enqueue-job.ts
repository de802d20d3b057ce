import {
  IdempotencyAlreadyInProgressError,
  IdempotencyConfig,
  makeIdempotent,
} from "@aws-lambda-powertools/idempotency";
import type { BasePersistenceLayer } from "@aws-lambda-powertools/idempotency/persistence";
import type { Context } from "aws-lambda";
import { createJobMessage, type JobMessage, type JobMessageFields } from "../shared/job-message.js";
import type { EnqueuedJob, JobQueue } from "../shared/job-queue.js";

export interface EnqueueOutcome extends EnqueuedJob {
  /** Set by the idempotency response hook when the answer came from the table, not from SQS. */
  duplicate?: boolean;
}

export type EnqueueResult =
  | { kind: "enqueued"; outcome: EnqueueOutcome }
  /** Another invocation holds this delivery right now. */
  | { kind: "in_progress" };

export interface JobEnqueuer {
  /** Builds the job's message with a fresh id, checked against the job message schema. */
  message(fields: JobMessageFields): JobMessage;
  /** Sends the message once per delivery identity (a repeat gets the first send's answer). */
  enqueue(job: JobMessage, identity: string, context: Context): Promise<EnqueueResult>;
}

interface EnqueueRequest {
  /** deliveryIdentity(): the idempotency key and the SQS deduplication id. */
  identity: string;
  job: JobMessage;
}

/**
 * The webhook's job path: the job message's check, Powertools idempotency over DynamoDB, the send.
 * A module of its own because most deliveries never reach it (a comment that is no command, a label
 * that is no trigger, a repository that is not served): the webhook loads it with the first delivery
 * that becomes a job, so an ignored delivery's cold start reads none of it.
 */
export function createJobEnqueuer(deps: {
  queue: JobQueue;
  persistenceStore: BasePersistenceLayer;
  deliveryTtlSeconds: number;
}): JobEnqueuer {
  const idempotencyConfig = new IdempotencyConfig({
    eventKeyJmesPath: "identity",
    expiresAfterSeconds: deps.deliveryTtlSeconds,
    // Called only when the stored answer is replayed: the delivery was already enqueued.
    responseHook: (response) => ({ ...(response as object), duplicate: true }),
  });
  const enqueueOnce = makeIdempotent(
    async (request: EnqueueRequest): Promise<EnqueueOutcome> =>
      deps.queue.enqueue(request.job, request.identity),
    { persistenceStore: deps.persistenceStore, config: idempotencyConfig, dataIndexArgument: 0 },
  );
  return {
    message: createJobMessage,
    async enqueue(job, identity, context) {
      idempotencyConfig.registerLambdaContext(context);
      try {
        return { kind: "enqueued", outcome: await enqueueOnce({ identity, job }) };
      } catch (error) {
        if (error instanceof IdempotencyAlreadyInProgressError) return { kind: "in_progress" };
        throw error;
      }
    },
  };
}
