import type { ValidateFunction } from "ajv";
import validateJobMessageSchema from "../generated/job-message-validator.cjs";
import {
  JOB_KINDS,
  JOB_MESSAGE_VERSION,
  type JobCommand,
  type JobKind,
  type JobMessage,
  type JobTrigger,
} from "./job-message-schema.js";

export { JOB_KINDS, JOB_MESSAGE_VERSION, type JobCommand, type JobKind, type JobMessage, type JobTrigger };

/**
 * The one message shape that travels on the job queue. The webhook and the schedule produce it, the
 * worker consumes it; the job core (src/jobs) receives it unchanged, so every field a job needs to run
 * without re-reading the webhook payload is here.
 */
/**
 * The check of JOB_MESSAGE_SCHEMA (job-message-schema.ts), precompiled at build time by Ajv's
 * standalone code: the webhook and every other function check messages without loading Ajv.
 */
const validate = validateJobMessageSchema as unknown as ValidateFunction<JobMessage>;

/** The queue carried something that is not a job this worker can run; retrying will not help. */
export class InvalidJobMessageError extends Error {
  override readonly name = "InvalidJobMessageError";
  constructor(readonly problems: string[]) {
    super(`invalid job message: ${problems.join("; ")}`);
  }
}

/** Checks an already-parsed value; throws InvalidJobMessageError listing every problem at once. */
export function validateJobMessage(value: unknown): JobMessage {
  if (validate(value)) return value;
  const problems = (validate.errors ?? []).map((e) => {
    const where = e.instancePath === "" ? "message" : e.instancePath.slice(1).replaceAll("/", ".");
    if (e.keyword === "required") return `${where} is missing "${String(e.params.missingProperty)}"`;
    if (e.keyword === "additionalProperties")
      return `${where} has unknown field "${String(e.params.additionalProperty)}"`;
    if (e.keyword === "const") return `${where} must be ${JSON.stringify(e.params.allowedValue)}`;
    if (e.keyword === "enum") return `${where} must be one of ${JSON.stringify(e.params.allowedValues)}`;
    return `${where} ${e.message ?? "is invalid"}`;
  });
  throw new InvalidJobMessageError(problems.filter((p) => !p.includes('must match "then" schema')));
}

/** Parses an SQS message body. */
export function parseJobMessage(body: string): JobMessage {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    throw new InvalidJobMessageError([`body is not JSON (${(error as Error).message})`]);
  }
  return validateJobMessage(value);
}

/** What a producer decides about a job; createJobMessage adds the version, the id and the time. */
export type JobMessageFields = Omit<JobMessage, "version" | "jobId" | "enqueuedAt"> & {
  jobId?: string;
  enqueuedAt?: Date;
};

/** Builds a message with a fresh id and timestamp, validated before it ever reaches the queue. */
export function createJobMessage(fields: JobMessageFields): JobMessage {
  const { jobId, enqueuedAt, ...rest } = fields;
  const message: JobMessage = {
    version: JOB_MESSAGE_VERSION,
    jobId: jobId ?? crypto.randomUUID(),
    ...dropUndefined(rest),
    enqueuedAt: (enqueuedAt ?? new Date()).toISOString(),
  } as JobMessage;
  return validateJobMessage(message);
}

/** JSON has no undefined; removing it keeps "field absent" and "field undefined" the same message. */
function dropUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
