import { RunnerConfigError } from "./runner-config-error.js";

/** Where the model runs; the host holds that provider's credential, never the agent. */
export const MODEL_PROVIDERS = ["anthropic", "anthropic-oauth", "bedrock", "vertex", "foundry"] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

export function isModelProvider(value: string): value is ModelProvider {
  return (MODEL_PROVIDERS as readonly string[]).includes(value);
}

/**
 * Claude models by their Anthropic API id, with the provider-specific ids: Bedrock's cross-region
 * inference profile (`us.` prefix; `eu.`/`apac.`/`global.` ids are accepted as given) and Vertex's
 * `name@date`. A model outside this table can still be named in the provider's own form.
 */
export const MODEL_IDS: Readonly<Record<string, { bedrock: string; vertex: string }>> = {
  "claude-opus-4-5": {
    bedrock: "us.anthropic.claude-opus-4-5-20251101-v1:0",
    vertex: "claude-opus-4-5@20251101",
  },
  "claude-opus-4-1": {
    bedrock: "us.anthropic.claude-opus-4-1-20250805-v1:0",
    vertex: "claude-opus-4-1@20250805",
  },
  "claude-opus-4": { bedrock: "us.anthropic.claude-opus-4-20250514-v1:0", vertex: "claude-opus-4@20250514" },
  "claude-sonnet-4-5": {
    bedrock: "us.anthropic.claude-sonnet-4-5-20250929-v1:0",
    vertex: "claude-sonnet-4-5@20250929",
  },
  "claude-sonnet-4": {
    bedrock: "us.anthropic.claude-sonnet-4-20250514-v1:0",
    vertex: "claude-sonnet-4@20250514",
  },
  "claude-haiku-4-5": {
    bedrock: "us.anthropic.claude-haiku-4-5-20251001-v1:0",
    vertex: "claude-haiku-4-5@20251001",
  },
  "claude-3-7-sonnet": {
    bedrock: "us.anthropic.claude-3-7-sonnet-20250219-v1:0",
    vertex: "claude-3-7-sonnet@20250219",
  },
  "claude-3-5-haiku": {
    bedrock: "us.anthropic.claude-3-5-haiku-20241022-v1:0",
    vertex: "claude-3-5-haiku@20241022",
  },
};

/** The CLI's own aliases resolve per provider inside the CLI. */
const CLI_ALIASES = new Set(["opus", "sonnet", "haiku", "opusplan", "default", "best"]);
/** The Anthropic API and gateways in front of it take any name, but not another provider's id form. */
const OTHER_PROVIDER_FORM = /^arn:|(?:^|\.)anthropic\.claude-|@\d{8}$/;
const BEDROCK_ID =
  /^(?:(?:us|eu|apac|jp|au|global|us-gov)\.)?anthropic\.claude-[a-z0-9-]+(?:-v\d+(?::\d+)?)?$|^arn:aws[a-z-]*:bedrock:[a-z0-9-]+:\d{12}:(?:application-)?inference-profile\/[A-Za-z0-9.:/-]+$/;
const VERTEX_ID = /^claude-[a-z0-9-]+@\d{8}$/;

/**
 * The model id the CLI must be given for this provider: an Anthropic id maps through the table, an id
 * already in the provider's form passes, anything else is a RunnerConfigError before spawn.
 */
export function modelIdFor(provider: ModelProvider, model: string, option = "model"): string {
  if (CLI_ALIASES.has(model)) return model;
  const dated = /^(claude-[a-z0-9-]+?)-\d{8}$/.exec(model)?.[1];
  const known = MODEL_IDS[model] ?? (dated ? MODEL_IDS[dated] : undefined);
  switch (provider) {
    case "anthropic":
    case "anthropic-oauth":
    case "foundry":
      if (model.trim() !== "" && !OTHER_PROVIDER_FORM.test(model)) return model;
      break;
    case "bedrock":
      if (BEDROCK_ID.test(model)) return model;
      if (known) return known.bedrock;
      break;
    case "vertex":
      if (VERTEX_ID.test(model)) return model;
      if (known) return known.vertex;
      break;
  }
  const examples: Record<ModelProvider, string> = {
    anthropic: "claude-sonnet-4-5",
    "anthropic-oauth": "claude-sonnet-4-5",
    foundry: "claude-sonnet-4-5",
    bedrock: "claude-sonnet-4-5 or us.anthropic.claude-sonnet-4-5-20250929-v1:0",
    vertex: "claude-sonnet-4-5 or claude-sonnet-4-5@20250929",
  };
  throw new RunnerConfigError(
    `${option} "${model}" is not a model id for provider ${provider}; use e.g. ${examples[provider]} ` +
      `(known models: ${Object.keys(MODEL_IDS).join(", ")})`,
    option,
  );
}
