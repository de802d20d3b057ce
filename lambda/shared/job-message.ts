import type { JSONSchemaType } from "ajv";
import { createAjv } from "../../src/json-schema/create-ajv.js";

/**
 * The one message shape that travels on the job queue. The webhook and the schedule produce it, the
 * worker consumes it; the job core (src/jobs) receives it unchanged, so every field a job needs to run
 * without re-reading the webhook payload is here.
 */
export type JobKind = "review" | "autofix" | "describe" | "audit" | "prune" | "ask" | "reply";

/**
 * `describe`: a PR description written by a read-only agent; `ask`: a question answered by one;
 * `reply`: help, usage, closed or refusal (no model).
 */
export const JOB_KINDS: readonly JobKind[] = [
  "review",
  "autofix",
  "describe",
  "audit",
  "prune",
  "ask",
  "reply",
];

/**
 * What a comment asked for, as the trigger model (src/jobs/triggers) decided it at the webhook, so
 * the worker answers in the right place without re-reading the payload.
 */
export interface JobCommand {
  /** `reply` jobs: which fixed reply, or `forget` (a learned rule to stop applying; no model). */
  reply?: "help" | "usage" | "closed" | "refuse" | "forget";
  /** `forget <id>`: the learning's id. */
  learningId?: string;
  /** `ask` jobs: the question. */
  question?: string;
  /** `review <path…>`. */
  paths?: string[];
  unknownCommand?: string;
  /** False for a question on a plain issue. */
  isPullRequest: boolean;
  /** The comment that asked, and for review threads the thread's first comment and its line. */
  comment?: {
    id: number;
    kind: "issue" | "review";
    threadId?: number;
    path?: string;
    line?: number;
    diffHunk?: string;
  };
}

/** Bumped when a field changes meaning, so an old worker refuses a newer message instead of guessing. */
export const JOB_MESSAGE_VERSION = 1;

export interface JobTrigger {
  source: "webhook" | "schedule";
  /** X-GitHub-Event, e.g. "pull_request". */
  event?: string;
  /** Payload action, e.g. "synchronize". */
  action?: string;
  /** Login of the user who caused the delivery. */
  sender?: string;
  /** Comment that asked for an autofix (issue_comment deliveries). */
  commentId?: number;
  /** EventBridge event id (schedule). */
  scheduleEventId?: string;
}

export interface JobMessage {
  version: number;
  /** Unique per message; appears in every log line and metric of the job. */
  jobId: string;
  kind: JobKind;
  owner: string;
  repo: string;
  installationId: number;
  /**
   * Required for review, autofix, ask and reply: the PR (or, for ask and reply, the issue) number; for
   * prune it names the closed PR (absent = every closed PR).
   */
  pullNumber?: number;
  /**
   * The commit the job must look at: required for a review caused by a push; a review or autofix asked
   * for in a comment works on the PR's head when it runs.
   */
  headSha?: string;
  headRef?: string;
  baseRef?: string;
  baseSha?: string;
  /** X-GitHub-Delivery of the webhook that caused the job. */
  deliveryId?: string;
  trigger: JobTrigger;
  /** Comment-triggered jobs: what the comment asked and where the answer goes. */
  command?: JobCommand;
  /** ISO-8601 time the message was built. */
  enqueuedAt: string;
}

const SHA = "^[0-9a-f]{40}$";
const NAME = "^[A-Za-z0-9_.-]+$";

const schema: JSONSchemaType<JobMessage> = {
  type: "object",
  additionalProperties: false,
  required: ["version", "jobId", "kind", "owner", "repo", "installationId", "trigger", "enqueuedAt"],
  properties: {
    version: { type: "integer", const: JOB_MESSAGE_VERSION },
    jobId: { type: "string", minLength: 1, maxLength: 128 },
    kind: { type: "string", enum: [...JOB_KINDS] },
    owner: { type: "string", minLength: 1, maxLength: 39, pattern: NAME },
    repo: { type: "string", minLength: 1, maxLength: 100, pattern: NAME },
    installationId: { type: "integer", minimum: 1 },
    pullNumber: { type: "integer", minimum: 1, nullable: true },
    headSha: { type: "string", pattern: SHA, nullable: true },
    headRef: { type: "string", minLength: 1, nullable: true },
    baseRef: { type: "string", minLength: 1, nullable: true },
    baseSha: { type: "string", pattern: SHA, nullable: true },
    deliveryId: { type: "string", minLength: 1, maxLength: 128, nullable: true },
    trigger: {
      type: "object",
      additionalProperties: false,
      required: ["source"],
      properties: {
        source: { type: "string", enum: ["webhook", "schedule"] },
        event: { type: "string", nullable: true },
        action: { type: "string", nullable: true },
        sender: { type: "string", nullable: true },
        commentId: { type: "integer", nullable: true },
        scheduleEventId: { type: "string", nullable: true },
      },
    },
    command: {
      type: "object",
      nullable: true,
      additionalProperties: false,
      required: ["isPullRequest"],
      properties: {
        reply: { type: "string", enum: ["help", "usage", "closed", "refuse", "forget"], nullable: true },
        learningId: { type: "string", pattern: "^[0-9a-f]{8}$", nullable: true },
        question: { type: "string", minLength: 1, maxLength: 65536, nullable: true },
        paths: { type: "array", items: { type: "string", minLength: 1 }, maxItems: 100, nullable: true },
        unknownCommand: { type: "string", maxLength: 200, nullable: true },
        isPullRequest: { type: "boolean" },
        comment: {
          type: "object",
          nullable: true,
          additionalProperties: false,
          required: ["id", "kind"],
          properties: {
            id: { type: "integer", minimum: 1 },
            kind: { type: "string", enum: ["issue", "review"] },
            threadId: { type: "integer", minimum: 1, nullable: true },
            path: { type: "string", nullable: true },
            line: { type: "integer", nullable: true },
            diffHunk: { type: "string", maxLength: 20000, nullable: true },
          },
        },
      },
    },
    enqueuedAt: { type: "string", minLength: 1 },
  },
  allOf: [
    // A review, an autofix, a question or a reply without its PR or issue cannot run at all.
    {
      if: { properties: { kind: { enum: ["review", "autofix", "describe", "ask", "reply"] } } },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
      then: { required: ["pullNumber"] },
    },
    // A question or a reply answers a comment: what it asked travels with it.
    {
      if: { properties: { kind: { enum: ["ask", "reply"] } } },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
      then: { required: ["command"] },
    },
    // A review asked for in a comment reviews whatever the head is when it runs; a push names its commit.
    {
      if: { properties: { kind: { const: "review" } } },
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable
      then: {
        anyOf: [
          { required: ["headSha"] },
          { properties: { trigger: { type: "object", required: ["commentId"] } } },
        ],
      },
    },
  ],
};

const validate = createAjv({ schemas: "ours" }).compile(schema);

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

/** Builds a message with a fresh id and timestamp, validated before it ever reaches the queue. */
export function createJobMessage(
  fields: Omit<JobMessage, "version" | "jobId" | "enqueuedAt"> & { jobId?: string; enqueuedAt?: Date },
): JobMessage {
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
