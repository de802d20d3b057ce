import type { JSONSchemaType } from "ajv";

// The queue message: its type, its schema and what they name. It is compiled at build time
// (scripts/generate-validators.ts into lambda/generated), so no function compiles it at cold start;
// a test keeps that file current. This module loads nothing at run time but its own constants.

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

/** Bumped when a field changes meaning, so an old worker refuses a newer message instead of guessing. */
export const JOB_MESSAGE_VERSION = 1;

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

export const JOB_MESSAGE_SCHEMA: JSONSchemaType<JobMessage> = {
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
