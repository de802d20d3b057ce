import type { ModelProvider } from "../../src/runner/model-provider.js";
import type { LambdaVariableName } from "../shared/lambda-variables.js";

/*
 * The gateway's environment variables, and which must be set. Both its config and the build-time
 * generator of its validator (scripts/generate-validators.ts) read them from here, so the
 * precompiled check and the reader cannot drift apart (a test regenerates and compares).
 */

/** Settings each provider may take from the function's environment; nothing else is read. */
export const PROVIDER_SETTINGS = {
  anthropic: ["ANTHROPIC_BASE_URL"],
  "anthropic-oauth": ["ANTHROPIC_BASE_URL"],
  bedrock: ["AWS_REGION", "AWS_DEFAULT_REGION", "ANTHROPIC_BEDROCK_BASE_URL"],
  vertex: [
    "ANTHROPIC_VERTEX_PROJECT_ID",
    "GOOGLE_CLOUD_PROJECT",
    "CLOUD_ML_REGION",
    "ANTHROPIC_VERTEX_BASE_URL",
    "GOOGLE_APPLICATION_CREDENTIALS",
  ],
  foundry: ["ANTHROPIC_FOUNDRY_RESOURCE", "ANTHROPIC_FOUNDRY_BASE_URL"],
} as const satisfies Record<ModelProvider, readonly LambdaVariableName[]>;

/** `<VARIABLE>_SECRET` names where the variable's value is stored (secretsmanager:<id> or ssm:<name>). */
export const PROVIDER_SECRETS = {
  anthropic: ["ANTHROPIC_API_KEY"],
  "anthropic-oauth": ["CLAUDE_CODE_OAUTH_TOKEN"],
  bedrock: [],
  vertex: [],
  foundry: ["ANTHROPIC_FOUNDRY_API_KEY", "ANTHROPIC_FOUNDRY_AUTH_TOKEN"],
} as const satisfies Record<ModelProvider, readonly string[]>;

export type SecretVariable = `${(typeof PROVIDER_SECRETS)[ModelProvider][number]}_SECRET`;
export const SECRET_VARIABLES = Object.values(PROVIDER_SECRETS).flatMap((names) =>
  names.map((name) => `${name}_SECRET` as SecretVariable),
);

export const GATEWAY_VARIABLES = [
  "MODEL_PROVIDER",
  "GATEWAY_TOKENS_TABLE",
  "UPSTREAM_URL",
  "BEDROCK_REGION",
  ...new Set(Object.values(PROVIDER_SETTINGS).flat()),
  ...SECRET_VARIABLES,
] as const;

export const GATEWAY_REQUIRED = ["GATEWAY_TOKENS_TABLE"] as const;
