import { type ProviderCredentialSources, providerUpstream } from "../../src/runner/model-gateway.js";
import type { ModelProvider } from "../../src/runner/model-provider.js";
import validateGatewaySettings from "../generated/gateway-settings-validator.cjs";
import { lambdaSettingsReaderWith } from "../shared/lambda-variables.js";
import { parseSecretReference, type SecretReference } from "../shared/secret-reader.js";
import {
  GATEWAY_REQUIRED,
  GATEWAY_VARIABLES,
  PROVIDER_SECRETS,
  PROVIDER_SETTINGS,
  SECRET_VARIABLES,
  type SecretVariable,
} from "./gateway-variables.js";
import type { GatewayUpstream } from "./model-gateway.js";

export class GatewayConfigError extends Error {
  override readonly name = "GatewayConfigError";
}

/**
 * The gateway's provider settings, from the function's environment (set by the CDK stack). The
 * provider is the same `MODEL_PROVIDER` the worker maps model ids with; the credential is the
 * function's own: a secret for the Anthropic key, OAuth token or Foundry key, the function's role
 * for Bedrock (SigV4), ADC for Vertex (an external-account file for Workload Identity Federation).
 */
export interface GatewayConfig {
  provider: ModelProvider;
  /** Non-secret provider settings (region, project, endpoint) as the runner's provider code reads them. */
  settings: Record<string, string>;
  /** Secrets to read into the named variables before the upstream is planned. */
  secrets: Array<{ variable: string; reference: SecretReference }>;
  /** The table of live per-job tokens (`GATEWAY_TOKENS_TABLE`); a request without one is refused. */
  tokensTable: string;
}

// Checked by a validator precompiled at build time: the gateway's cold start loads no Ajv.
const readGatewayEnv = lambdaSettingsReaderWith(
  GATEWAY_VARIABLES,
  GATEWAY_REQUIRED,
  (message) => new GatewayConfigError(message),
  validateGatewaySettings,
);

export function gatewayConfigFromEnv(env: NodeJS.ProcessEnv): GatewayConfig {
  const variables = readGatewayEnv(env);
  const provider = variables.MODEL_PROVIDER ?? "anthropic";
  const settings: Record<string, string> = {};
  for (const name of PROVIDER_SETTINGS[provider]) {
    const value = variables[name];
    if (value) settings[name] = value;
  }
  // Lambda reserves AWS_REGION (the function's own region); Bedrock in another region is BEDROCK_REGION.
  if (provider === "bedrock" && variables.BEDROCK_REGION) settings.AWS_REGION = variables.BEDROCK_REGION;
  // The stack's historical name for the Anthropic endpoint.
  if (variables.UPSTREAM_URL && provider.startsWith("anthropic"))
    settings.ANTHROPIC_BASE_URL = variables.UPSTREAM_URL;
  const used: readonly string[] = PROVIDER_SECRETS[provider];
  const secrets = used.flatMap((variable) => {
    const reference = variables[`${variable}_SECRET` as SecretVariable];
    return reference ? [{ variable, reference: parseSecretReference(reference, `${variable}_SECRET`) }] : [];
  });
  if (used.length > 0 && secrets.length === 0) {
    throw new GatewayConfigError(
      `MODEL_PROVIDER ${provider} needs ${used.map((name) => `${name}_SECRET`).join(" or ")}`,
    );
  }
  for (const name of SECRET_VARIABLES) {
    if (variables[name] && !used.includes(name.slice(0, -"_SECRET".length)))
      throw new GatewayConfigError(`${name} is set, but MODEL_PROVIDER ${provider} does not use it`);
  }
  return { provider, settings, secrets, tokensTable: variables.GATEWAY_TOKENS_TABLE };
}

/**
 * The gateway's upstream for its provider, planned by the runner's own provider code
 * (providerUpstream): the same endpoints, signers and token sources as the Action's proxy.
 */
export function gatewayUpstream(
  config: GatewayConfig,
  readSecret: (reference: SecretReference) => Promise<string>,
  sources: ProviderCredentialSources = {},
): () => Promise<GatewayUpstream> {
  return async () => {
    const hostEnv: Record<string, string> = { ...config.settings };
    for (const { variable, reference } of config.secrets) hostEnv[variable] = await readSecret(reference);
    return providerUpstream(config.provider, hostEnv, sources);
  };
}
