import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import validateJobMessageSchema from "../../lambda/generated/job-message-validator.cjs";
import validateWebhookSettings from "../../lambda/generated/webhook-settings-validator.cjs";
import { JOB_MESSAGE_SCHEMA } from "../../lambda/shared/job-message-schema.js";
import { compileLambdaSettings } from "../../lambda/shared/lambda-settings-reader.js";
import { WEBHOOK_REQUIRED, WEBHOOK_VARIABLES } from "../../lambda/webhook/webhook-variables.js";
import { generateValidators } from "../../scripts/generate-validators.js";
import { createAjv } from "../../src/json-schema/create-ajv.js";

// The webhook checks its settings and every queue message with validators compiled at build time.
// They must be what Ajv would compile from today's schemas, and decide exactly as that would.

describe("validators precompiled at build time (lambda/generated)", () => {
  it("are current: regenerating them from today's schemas gives the committed files", async () => {
    const files = generateValidators();
    expect(Object.keys(files).sort()).toEqual([
      "lambda/generated/job-message-validator.cjs",
      "lambda/generated/job-message-validator.d.cts",
      "lambda/generated/webhook-settings-validator.cjs",
      "lambda/generated/webhook-settings-validator.d.cts",
    ]);
    for (const [file, content] of Object.entries(files))
      expect(await readFile(file, "utf8"), `${file} is stale: run npm run build`).toBe(content);
  });

  it("the webhook's settings: coerce, default and refuse exactly as the compiled check", () => {
    const compiled = compileLambdaSettings(WEBHOOK_VARIABLES, WEBHOOK_REQUIRED);
    const inputs: Record<string, unknown>[] = [
      { JOB_QUEUE_URL: "q", IDEMPOTENCY_TABLE_NAME: "t", WEBHOOK_SECRET: "s" },
      { JOB_QUEUE_URL: "q", IDEMPOTENCY_TABLE_NAME: "t", WEBHOOK_SECRET: "s", MAX_BODY_BYTES: "2048" },
      { JOB_QUEUE_URL: "q", IDEMPOTENCY_TABLE_NAME: "t", WEBHOOK_SECRET: "s", MAX_BODY_BYTES: "-1" },
      { JOB_QUEUE_URL: "q", IDEMPOTENCY_TABLE_NAME: "t", WEBHOOK_SECRET: "s", ENABLED_JOBS: ["review", "x"] },
      { JOB_QUEUE_URL: "q", DELIVERY_TTL_SECONDS: "soon" },
      {},
    ];
    for (const input of inputs) {
      const ours = structuredClone(input);
      const theirs = structuredClone(input);
      const verdict = validateWebhookSettings(ours);
      expect(verdict).toBe(compiled(theirs));
      // Coercion and defaults write into the object: the same values either way.
      expect(ours).toEqual(theirs);
      expect(validateWebhookSettings.errors ?? null).toEqual(compiled.errors ?? null);
    }
    expect(validateWebhookSettings(structuredClone(inputs[1]))).toBe(true);
    expect(validateWebhookSettings(structuredClone(inputs[2]))).toBe(false);
  });

  it("the queue message: accepts and refuses exactly as the compiled check", () => {
    const compiled = createAjv({ schemas: "ours" }).compile(JOB_MESSAGE_SCHEMA);
    const review = {
      version: 1,
      jobId: "3b0c4f5e-1111-4222-8333-944445555666",
      kind: "review",
      installationId: 1,
      owner: "octo",
      repo: "app",
      pullNumber: 7,
      headSha: "a".repeat(40),
      enqueuedAt: "2026-12-05T10:00:00.000Z",
    };
    const messages: unknown[] = [
      review,
      { ...review, headSha: "not-a-sha" },
      { ...review, kind: "review", headSha: undefined },
      { ...review, extra: true },
      { ...review, version: 2 },
      { ...review, kind: "ask" },
      "not an object",
    ];
    for (const message of messages) {
      const verdict = validateJobMessageSchema(structuredClone(message));
      expect(verdict).toBe(compiled(structuredClone(message)));
      expect(validateJobMessageSchema.errors ?? null).toEqual(compiled.errors ?? null);
    }
  });
});
