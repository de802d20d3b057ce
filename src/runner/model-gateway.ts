import {
  type ProxyStopReason,
  type RunningCredentialProxy,
  startCredentialProxy,
  type UpstreamCredential,
} from "../sandbox/credential-proxy/index.js";
import { RunnerConfigError } from "./runner-config-error.js";

/**
 * Variables that carry a model credential. With the credential proxy in use none of them reaches the
 * agent: it holds only the proxy's per-job token (docs/security.md#credential-proxy).
 */
export const MODEL_CREDENTIAL_VARIABLES = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_AUTH_TOKEN",
  "CLAUDE_CODE_OAUTH_TOKEN",
  "AWS_BEARER_TOKEN_BEDROCK",
  "GOOGLE_APPLICATION_CREDENTIALS",
  "ANTHROPIC_FOUNDRY_API_KEY",
] as const;

/** Cloud-provider modes the proxy does not front yet: those sessions keep talking to the provider directly. */
const DIRECT_PROVIDER_SWITCHES = [
  "CLAUDE_CODE_USE_BEDROCK",
  "CLAUDE_CODE_USE_VERTEX",
  "CLAUDE_CODE_USE_FOUNDRY",
];

export const DEFAULT_ANTHROPIC_API_URL = "https://api.anthropic.com";

export interface ModelGateway {
  /** The agent's environment, pointed at the proxy and holding only its token. */
  env: Record<string, string>;
  proxy: RunningCredentialProxy;
}

export interface ModelGatewayOptions {
  /** What the host sees: its own environment plus the session's extra variables (the credential's source). */
  hostEnv: Record<string, string | undefined>;
  /** The agent environment built from the allowlist. */
  agentEnv: Record<string, string>;
  maxCostUsd?: number;
  onStop: (reason: ProxyStopReason) => void;
}

/**
 * Starts the job's credential proxy and rewrites the agent's environment to use it: the upstream is
 * the host's own ANTHROPIC_BASE_URL (default api.anthropic.com), the credential the host's API key or
 * OAuth token. Returns undefined when the session uses a cloud provider mode the proxy does not front.
 */
export async function openModelGateway(options: ModelGatewayOptions): Promise<ModelGateway | undefined> {
  const { hostEnv } = options;
  if (DIRECT_PROVIDER_SWITCHES.some((name) => isTruthy(hostEnv[name]))) return undefined;
  const upstreamUrl = hostEnv.ANTHROPIC_BASE_URL || DEFAULT_ANTHROPIC_API_URL;
  if (!/^https?:\/\/[^/]/.test(upstreamUrl)) {
    throw new RunnerConfigError(
      `ANTHROPIC_BASE_URL must be an http(s) URL for the credential proxy; got "${upstreamUrl}"`,
      "env",
    );
  }
  const credential = upstreamCredential(hostEnv);
  const proxy = await startCredentialProxy({
    upstreamUrl,
    ...(credential ? { credential } : {}),
    ...(options.maxCostUsd !== undefined ? { maxCostUsd: options.maxCostUsd } : {}),
    onStop: options.onStop,
  });
  const env = { ...options.agentEnv };
  for (const name of MODEL_CREDENTIAL_VARIABLES) delete env[name];
  env.ANTHROPIC_BASE_URL = proxy.url;
  env.ANTHROPIC_API_KEY = proxy.proxy.token.value;
  return { env, proxy };
}

function upstreamCredential(env: Record<string, string | undefined>): UpstreamCredential | undefined {
  if (env.ANTHROPIC_API_KEY) return { kind: "api-key", apiKey: env.ANTHROPIC_API_KEY };
  if (env.ANTHROPIC_AUTH_TOKEN) return { kind: "bearer", token: env.ANTHROPIC_AUTH_TOKEN };
  if (env.CLAUDE_CODE_OAUTH_TOKEN) return { kind: "oauth", token: env.CLAUDE_CODE_OAUTH_TOKEN };
  return undefined;
}

function isTruthy(value: string | undefined): boolean {
  return value !== undefined && value !== "" && value !== "0" && value.toLowerCase() !== "false";
}
