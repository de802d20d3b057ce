import { readFile } from "node:fs/promises";
import type { ValidateFunction } from "ajv";
import { describe, expect, it } from "vitest";
import { GATEWAY_REQUIRED, GATEWAY_VARIABLES } from "../../lambda/gateway/gateway-variables.js";
import validateAnthropicWebhookSettings from "../../lambda/generated/anthropic-webhook-settings-validator.cjs";
import validateGatewaySettings from "../../lambda/generated/gateway-settings-validator.cjs";
import validateJobMessageSchema from "../../lambda/generated/job-message-validator.cjs";
import validateScheduleSettings from "../../lambda/generated/schedule-settings-validator.cjs";
import validateSessionSweepSettings from "../../lambda/generated/session-sweep-settings-validator.cjs";
import validateSettleSettings from "../../lambda/generated/settle-settings-validator.cjs";
import validateSweepSettings from "../../lambda/generated/sweep-settings-validator.cjs";
import validateWebhookSettings from "../../lambda/generated/webhook-settings-validator.cjs";
import {
  ANTHROPIC_WEBHOOK_REQUIRED,
  ANTHROPIC_WEBHOOK_VARIABLES,
  SESSION_SWEEP_REQUIRED,
  SESSION_SWEEP_VARIABLES,
  SETTLE_REQUIRED,
  SETTLE_VARIABLES,
} from "../../lambda/managed-agents/managed-agents-variables.js";
import {
  SCHEDULE_REQUIRED,
  SCHEDULE_VARIABLES,
  SWEEP_REQUIRED,
  SWEEP_VARIABLES,
} from "../../lambda/schedule/schedule-variables.js";
import { JOB_MESSAGE_SCHEMA } from "../../lambda/shared/job-message-schema.js";
import { compileLambdaSettings } from "../../lambda/shared/lambda-settings-reader.js";
import type { LambdaVariableName } from "../../lambda/shared/lambda-variables.js";
import { WEBHOOK_REQUIRED, WEBHOOK_VARIABLES } from "../../lambda/webhook/webhook-variables.js";
import { generateValidators } from "../../scripts/generate-validators.js";
import type { RawSettings } from "../../src/jobs/settings/read-settings.js";
import { createAjv } from "../../src/json-schema/create-ajv.js";

// The webhook, the gateway, the schedule and the sweep check their settings (and the webhook every
// queue message) with validators compiled at build time.
// They must be what Ajv would compile from today's schemas, and decide exactly as that would.

describe("validators precompiled at build time (lambda/generated)", () => {
  it("are current: regenerating them from today's schemas gives the committed files", async () => {
    const files = generateValidators();
    expect(Object.keys(files).sort()).toEqual(
      [
        "anthropic-webhook-settings",
        "gateway-settings",
        "job-message",
        "schedule-settings",
        "session-sweep-settings",
        "settle-settings",
        "sweep-settings",
        "webhook-settings",
      ].flatMap((name) => [
        `lambda/generated/${name}-validator.cjs`,
        `lambda/generated/${name}-validator.d.cts`,
      ]),
    );
    for (const [file, content] of Object.entries(files))
      expect(await readFile(file, "utf8"), `${file} is stale: run npm run build`).toBe(content);
  });

  // Each function's own variables, with its required ones set, then broken one way at a time.
  // Each: a setting that is right, and the same setting wrong (every variable reaches the check as a string).
  const functions: Array<
    [string, ValidateFunction, readonly LambdaVariableName[], readonly string[], RawSettings, RawSettings?]
  > = [
    ["webhook", validateWebhookSettings, WEBHOOK_VARIABLES, WEBHOOK_REQUIRED, { MAX_BODY_BYTES: "2048" }],
    ["gateway", validateGatewaySettings, GATEWAY_VARIABLES, GATEWAY_REQUIRED, { MODEL_PROVIDER: "bedrock" }],
    [
      "schedule",
      validateScheduleSettings,
      SCHEDULE_VARIABLES,
      SCHEDULE_REQUIRED,
      { SCHEDULED_JOBS: ["audit"] },
    ],
    ["sweep", validateSweepSettings, SWEEP_VARIABLES, SWEEP_REQUIRED, { SWEEP_WINDOW_MINUTES: "90" }],
    [
      "Anthropic webhook",
      validateAnthropicWebhookSettings,
      ANTHROPIC_WEBHOOK_VARIABLES,
      ANTHROPIC_WEBHOOK_REQUIRED,
      { SETTLE_QUEUE_URL: "q" },
      { SETTLE_QUEUE_URL: ["q", "r"] as unknown as string },
    ],
    [
      "settle step",
      validateSettleSettings,
      SETTLE_VARIABLES,
      SETTLE_REQUIRED,
      { INLINE_COMMENT_LIMIT: "12" },
    ],
    [
      "session sweep",
      validateSessionSweepSettings,
      SESSION_SWEEP_VARIABLES,
      SESSION_SWEEP_REQUIRED,
      { SWEEP_GRACE_MINUTES: "5" },
    ],
  ];
  it.each(functions)(
    "the %s's settings: coerce, default and refuse exactly as the compiled check",
    (_name, validate, names, required, valid, wrong) => {
      const compiled = compileLambdaSettings(names, required);
      const set = Object.fromEntries(
        required.map((name) => [name, name === "GITHUB_APP_ID" ? "12345" : "x"]),
      );
      const inputs: Record<string, unknown>[] = [
        set,
        { ...set, ...valid },
        { ...set, ...(wrong ?? Object.fromEntries(Object.keys(valid).map((name) => [name, "-1 not this"]))) },
        { ...set, NOT_A_SETTING_OF_OURS: "1" },
        {},
      ];
      for (const input of inputs) {
        const ours = structuredClone(input);
        const theirs = structuredClone(input);
        const verdict = validate(ours);
        expect(verdict).toBe(compiled(theirs));
        // Coercion and defaults write into the object: the same values either way.
        expect(ours).toEqual(theirs);
        expect(validate.errors ?? null).toEqual(compiled.errors ?? null);
      }
      expect(validate(structuredClone(inputs[1]))).toBe(true);
      expect(validate(structuredClone(inputs[2]))).toBe(false);
      if (required.length > 0) expect(validate({})).toBe(false);
    },
  );

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
