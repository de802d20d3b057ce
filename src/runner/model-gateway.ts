import type { AwsCredentialIdentityProvider } from "@smithy/types";
import {
  bearerTokenAuth,
  bedrockSigV4Auth,
  loadEventStreamCodec,
  type ProxyStopReason,
  type RunningCredentialProxy,
  startCredentialProxy,
  staticCredentialAuth,
  type UpstreamAuth,
} from "../sandbox/credential-proxy/index.js";
import type { ModelProvider } from "./model-provider.js";
import { RunnerConfigError } from "./runner-config-error.js";

/**
 * Variables that carry a model credential or choose where the agent sends model traffic. With the
 * credential proxy in use none of them reaches the agent as the host had them: it holds only the
 * proxy's URL and per-job token (docs/security.md#credential-proxy).
 */
export const MODEL_CREDENTIAL_VARIABLES = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_AUTH_TOKEN",
  "CLAUDE_CODE_OAUTH_TOKEN",
  "AWS_BEARER_TOKEN_BEDROCK",
  "GOOGLE_APPLICATION_CREDENTIALS",
  "ANTHROPIC_FOUNDRY_API_KEY",
  "ANTHROPIC_FOUNDRY_AUTH_TOKEN",
] as const;
const ROUTING_VARIABLES = [
  "ANTHROPIC_BASE_URL",
  "CLAUDE_CODE_USE_BEDROCK",
  "ANTHROPIC_BEDROCK_BASE_URL",
  "CLAUDE_CODE_SKIP_BEDROCK_AUTH",
  "CLAUDE_CODE_USE_VERTEX",
  "ANTHROPIC_VERTEX_BASE_URL",
  "CLAUDE_CODE_SKIP_VERTEX_AUTH",
  "CLAUDE_CODE_USE_FOUNDRY",
  "ANTHROPIC_FOUNDRY_BASE_URL",
  "ANTHROPIC_FOUNDRY_RESOURCE",
  "CLAUDE_CODE_SKIP_FOUNDRY_AUTH",
  // The CLI sends every provider's model requests over this socket when it is set, whatever the URL.
  "ANTHROPIC_UNIX_SOCKET",
];

export const DEFAULT_ANTHROPIC_API_URL = "https://api.anthropic.com";
const GOOGLE_CLOUD_SCOPE = "https://www.googleapis.com/auth/cloud-platform";

type HostEnv = Record<string, string | undefined>;

export interface ModelGateway {
  /** The agent's environment, pointed at the proxy and holding only its token. */
  env: Record<string, string>;
  proxy: RunningCredentialProxy;
  provider: ModelProvider;
}

/** Where the host's cloud credentials come from; the defaults are the providers' standard chains. */
export interface ProviderCredentialSources {
  /** Bedrock: default is AWS_ACCESS_KEY_ID/… of the host env, else the AWS SDK's Node provider chain. */
  aws?: AwsCredentialIdentityProvider;
  /** Vertex: default is google-auth-library ADC (GOOGLE_APPLICATION_CREDENTIALS, WIF, gcloud, metadata). */
  googleAccessToken?: () => Promise<string | null | undefined>;
  /**
   * A claude-pr-runner model gateway (the Lambda's, lambda/gateway) that authenticates upstream for
   * the provider itself: the proxy sends it the provider's requests unchanged with the job's gateway
   * token, and this host needs no cloud credential at all (the agent function holds none).
   */
  modelGateway?: { url: string; token: string };
}

export interface ModelGatewayOptions {
  /** Explicit provider; without it the host environment's switches decide (see providerFromEnvironment). */
  provider?: ModelProvider;
  /** What the host sees: its own environment plus the session's extra variables (the credential's source). */
  hostEnv: HostEnv;
  /** The agent environment built from the allowlist. */
  agentEnv: Record<string, string>;
  maxCostUsd?: number;
  onStop: (reason: ProxyStopReason) => void;
  /** Each request the proxy refused, with its reason (never a header or a body). */
  onRefusal?: (reason: string) => void;
  credentialSources?: ProviderCredentialSources;
  /**
   * The proxy also serves this Unix socket, and the agent reaches the model through it
   * (ANTHROPIC_UNIX_SOCKET): an agent in a network namespace of its own has no other way out.
   */
  unixSocket?: string;
}

/** The provider a session uses when none was named: the CLI's own switches, then the credential present. */
export function providerFromEnvironment(env: HostEnv): ModelProvider {
  if (isTruthy(env.CLAUDE_CODE_USE_BEDROCK)) return "bedrock";
  if (isTruthy(env.CLAUDE_CODE_USE_VERTEX)) return "vertex";
  if (isTruthy(env.CLAUDE_CODE_USE_FOUNDRY)) return "foundry";
  if (!env.ANTHROPIC_API_KEY && !env.ANTHROPIC_AUTH_TOKEN && env.CLAUDE_CODE_OAUTH_TOKEN)
    return "anthropic-oauth";
  return "anthropic";
}

interface UpstreamPlan {
  upstreamUrl: string;
  auth: UpstreamAuth;
  /** The agent's variables for the CLI's gateway mode of this provider. */
  agentVariables(proxyUrl: string, token: string): Record<string, string>;
}

/**
 * Starts the job's credential proxy for the session's provider and rewrites the agent's environment
 * to use it. Every problem with the provider's settings or credentials is a RunnerConfigError here,
 * before anything is spawned.
 */
export async function openModelGateway(options: ModelGatewayOptions): Promise<ModelGateway> {
  const provider = options.provider ?? providerFromEnvironment(options.hostEnv);
  const plan = await planUpstream(
    provider,
    options.hostEnv,
    options.provider !== undefined,
    options.credentialSources,
  );
  if (!/^https?:\/\/[^/]/.test(plan.upstreamUrl)) {
    throw new RunnerConfigError(
      `the ${provider} endpoint must be an http(s) URL for the credential proxy; got "${plan.upstreamUrl}"`,
      "env",
    );
  }
  // What the proxy loads on demand for this provider (Bedrock's signer, the event-stream codec of its
  // answers, direct or through a model gateway) loads now, not with the first request: that comes
  // once the agent runs, and dist/ is split into chunks read from disk
  // (test/action/host-code-before-agent.test.ts).
  await Promise.all([plan.auth.ready?.(), provider === "bedrock" ? loadEventStreamCodec() : undefined]);
  const proxy = await startCredentialProxy(
    {
      upstreamUrl: plan.upstreamUrl,
      auth: plan.auth,
      ...(options.maxCostUsd !== undefined ? { maxCostUsd: options.maxCostUsd } : {}),
      onStop: options.onStop,
      ...(options.onRefusal ? { onRefusal: options.onRefusal } : {}),
    },
    options.unixSocket ? { unixSocket: options.unixSocket } : {},
  );
  const env = { ...options.agentEnv };
  for (const name of [...MODEL_CREDENTIAL_VARIABLES, ...ROUTING_VARIABLES]) delete env[name];
  Object.assign(env, plan.agentVariables(proxy.url, proxy.proxy.token.value));
  if (proxy.socket) env.ANTHROPIC_UNIX_SOCKET = proxy.socket;
  return { env, proxy, provider };
}

/**
 * Where a provider's requests go and how they are authenticated, from the host environment and the
 * providers' credential chains: the same code for the Action's per-session proxy and the Lambda's
 * model gateway. A missing setting or credential is a RunnerConfigError.
 */
export async function providerUpstream(
  provider: ModelProvider,
  hostEnv: HostEnv,
  sources: ProviderCredentialSources = {},
): Promise<{ upstreamUrl: string; auth: UpstreamAuth }> {
  const { upstreamUrl, auth } = await planUpstream(provider, hostEnv, true, {
    ...sources,
    modelGateway: undefined,
  });
  return { upstreamUrl, auth };
}

async function planUpstream(
  provider: ModelProvider,
  env: HostEnv,
  explicit: boolean,
  sources: ProviderCredentialSources = {},
): Promise<UpstreamPlan> {
  if (sources.modelGateway) return relayToModelGateway(provider, env, sources.modelGateway);
  switch (provider) {
    case "anthropic": {
      const upstreamUrl = env.ANTHROPIC_BASE_URL || DEFAULT_ANTHROPIC_API_URL;
      if (env.ANTHROPIC_API_KEY) {
        return {
          upstreamUrl,
          auth: staticCredentialAuth({ kind: "api-key", apiKey: env.ANTHROPIC_API_KEY }),
          agentVariables: anthropicMode,
        };
      }
      if (env.ANTHROPIC_AUTH_TOKEN) {
        return {
          upstreamUrl,
          auth: staticCredentialAuth({ kind: "bearer", token: env.ANTHROPIC_AUTH_TOKEN }),
          agentVariables: anthropicMode,
        };
      }
      // An implicit provider without a key may be a keyless gateway; upstream decides (and 401s fail fast).
      if (!explicit && env.CLAUDE_CODE_OAUTH_TOKEN) {
        return {
          upstreamUrl,
          auth: staticCredentialAuth({ kind: "oauth", token: env.CLAUDE_CODE_OAUTH_TOKEN }),
          agentVariables: anthropicMode,
        };
      }
      if (explicit) throw missing("anthropic", "ANTHROPIC_API_KEY (the anthropic_api_key input)");
      return { upstreamUrl, auth: staticCredentialAuth(undefined), agentVariables: anthropicMode };
    }
    case "anthropic-oauth": {
      if (!env.CLAUDE_CODE_OAUTH_TOKEN)
        throw missing("anthropic-oauth", "CLAUDE_CODE_OAUTH_TOKEN (the claude_code_oauth_token input)");
      return {
        upstreamUrl: env.ANTHROPIC_BASE_URL || DEFAULT_ANTHROPIC_API_URL,
        auth: staticCredentialAuth({ kind: "oauth", token: env.CLAUDE_CODE_OAUTH_TOKEN }),
        agentVariables: anthropicMode,
      };
    }
    case "bedrock": {
      const region = env.AWS_REGION || env.AWS_DEFAULT_REGION;
      if (!region) throw missing("bedrock", "AWS_REGION (the region of the Bedrock endpoint)");
      const credentials = sources.aws ?? awsCredentialsFrom(env);
      try {
        await credentials();
      } catch (error) {
        throw new RunnerConfigError(
          `provider bedrock: no AWS credentials were found (${(error as Error).message}); use ` +
            "aws-actions/configure-aws-credentials with an OIDC role, or give the Lambda role bedrock:InvokeModel*",
          "provider",
        );
      }
      return {
        upstreamUrl: env.ANTHROPIC_BEDROCK_BASE_URL || `https://bedrock-runtime.${region}.amazonaws.com`,
        auth: bedrockSigV4Auth({ region, credentials }),
        agentVariables: bedrockMode(region, env),
      };
    }
    case "vertex": {
      const project = env.ANTHROPIC_VERTEX_PROJECT_ID || env.GOOGLE_CLOUD_PROJECT;
      const region = env.CLOUD_ML_REGION;
      if (!project) throw missing("vertex", "ANTHROPIC_VERTEX_PROJECT_ID (the Google Cloud project)");
      if (!region) throw missing("vertex", "CLOUD_ML_REGION (e.g. us-east5 or global)");
      const getToken = sources.googleAccessToken ?? googleAdcToken(env);
      try {
        if (!(await getToken())) throw new Error("the token source returned no token");
      } catch (error) {
        throw new RunnerConfigError(
          `provider vertex: no Google access token could be obtained (${(error as Error).message}); use ` +
            "google-github-actions/auth (Workload Identity Federation) or set GOOGLE_APPLICATION_CREDENTIALS",
          "provider",
        );
      }
      const host = region === "global" ? "aiplatform.googleapis.com" : `${region}-aiplatform.googleapis.com`;
      return {
        upstreamUrl: env.ANTHROPIC_VERTEX_BASE_URL || `https://${host}/v1`,
        auth: bearerTokenAuth(getToken, "Google Cloud"),
        agentVariables: vertexMode(project, region, env),
      };
    }
    case "foundry": {
      const upstreamUrl =
        env.ANTHROPIC_FOUNDRY_BASE_URL ||
        (env.ANTHROPIC_FOUNDRY_RESOURCE
          ? `https://${env.ANTHROPIC_FOUNDRY_RESOURCE}.services.ai.azure.com/anthropic`
          : "");
      if (!upstreamUrl) throw missing("foundry", "ANTHROPIC_FOUNDRY_RESOURCE or ANTHROPIC_FOUNDRY_BASE_URL");
      const auth = env.ANTHROPIC_FOUNDRY_API_KEY
        ? staticCredentialAuth({ kind: "api-key", apiKey: env.ANTHROPIC_FOUNDRY_API_KEY })
        : env.ANTHROPIC_FOUNDRY_AUTH_TOKEN
          ? staticCredentialAuth({ kind: "bearer", token: env.ANTHROPIC_FOUNDRY_AUTH_TOKEN })
          : undefined;
      if (!auth)
        throw missing(
          "foundry",
          "ANTHROPIC_FOUNDRY_API_KEY or an Entra ID token in ANTHROPIC_FOUNDRY_AUTH_TOKEN",
        );
      return {
        upstreamUrl,
        auth,
        agentVariables: foundryMode,
      };
    }
  }
}

/**
 * Through a model gateway that authenticates upstream itself: the CLI still speaks the provider's
 * dialect (paths, event streams), the proxy swaps the agent's token for the job's gateway token, and
 * only the non-secret settings the dialect needs (region, project) are required here.
 */
function relayToModelGateway(
  provider: ModelProvider,
  env: HostEnv,
  gateway: { url: string; token: string },
): UpstreamPlan {
  const base = {
    upstreamUrl: gateway.url,
    auth: staticCredentialAuth({ kind: "api-key", apiKey: gateway.token }),
  };
  switch (provider) {
    case "anthropic":
    case "anthropic-oauth":
      return { ...base, agentVariables: anthropicMode };
    case "bedrock": {
      const region = env.AWS_REGION || env.AWS_DEFAULT_REGION;
      if (!region) throw missing("bedrock", "AWS_REGION (the region of the Bedrock endpoint)");
      return { ...base, agentVariables: bedrockMode(region, env) };
    }
    case "vertex": {
      const project = env.ANTHROPIC_VERTEX_PROJECT_ID || env.GOOGLE_CLOUD_PROJECT;
      const region = env.CLOUD_ML_REGION;
      if (!project) throw missing("vertex", "ANTHROPIC_VERTEX_PROJECT_ID (the Google Cloud project)");
      if (!region) throw missing("vertex", "CLOUD_ML_REGION (e.g. us-east5 or global)");
      return { ...base, agentVariables: vertexMode(project, region, env) };
    }
    case "foundry":
      return { ...base, agentVariables: foundryMode };
  }
}

type AgentVariables = UpstreamPlan["agentVariables"];

const anthropicMode: AgentVariables = (proxyUrl, token) => ({
  ANTHROPIC_BASE_URL: proxyUrl,
  ANTHROPIC_API_KEY: token,
});

/** The CLI's Bedrock gateway mode: no signing of its own; the token rides as a custom header. */
function bedrockMode(region: string, env: HostEnv): AgentVariables {
  return (proxyUrl, token) => ({
    CLAUDE_CODE_USE_BEDROCK: "1",
    ANTHROPIC_BEDROCK_BASE_URL: proxyUrl,
    CLAUDE_CODE_SKIP_BEDROCK_AUTH: "1",
    AWS_REGION: region,
    ANTHROPIC_CUSTOM_HEADERS: withTokenHeader(env.ANTHROPIC_CUSTOM_HEADERS, token),
  });
}

function vertexMode(project: string, region: string, env: HostEnv): AgentVariables {
  return (proxyUrl, token) => ({
    CLAUDE_CODE_USE_VERTEX: "1",
    ANTHROPIC_VERTEX_BASE_URL: proxyUrl,
    CLAUDE_CODE_SKIP_VERTEX_AUTH: "1",
    ANTHROPIC_VERTEX_PROJECT_ID: project,
    CLOUD_ML_REGION: region,
    ANTHROPIC_CUSTOM_HEADERS: withTokenHeader(env.ANTHROPIC_CUSTOM_HEADERS, token),
  });
}

const foundryMode: AgentVariables = (proxyUrl, token) => ({
  CLAUDE_CODE_USE_FOUNDRY: "1",
  ANTHROPIC_FOUNDRY_BASE_URL: proxyUrl,
  ANTHROPIC_FOUNDRY_API_KEY: token,
});

function missing(provider: ModelProvider, what: string): RunnerConfigError {
  return new RunnerConfigError(`provider ${provider} needs ${what}; it is not set`, "provider");
}

function awsCredentialsFrom(env: HostEnv): AwsCredentialIdentityProvider {
  if (env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY) {
    const identity = {
      accessKeyId: env.AWS_ACCESS_KEY_ID,
      secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
      ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
    };
    return async () => identity;
  }
  // The AWS and Google credential libraries load only for the provider that needs them: an Anthropic
  // session does not pay their import (about 60 ms of host CPU together, measured in bench:overhead).
  let chain: AwsCredentialIdentityProvider | undefined;
  return async (props) => {
    chain ??= (await import("@aws-sdk/credential-providers")).fromNodeProviderChain();
    return chain(props);
  };
}

function googleAdcToken(env: HostEnv): () => Promise<string | null | undefined> {
  let auth: Promise<{ getAccessToken(): Promise<string | null | undefined> }> | undefined;
  return async () => {
    auth ??= import("google-auth-library").then(
      ({ GoogleAuth }) =>
        new GoogleAuth({
          scopes: GOOGLE_CLOUD_SCOPE,
          ...(env.GOOGLE_APPLICATION_CREDENTIALS ? { keyFilename: env.GOOGLE_APPLICATION_CREDENTIALS } : {}),
        }),
    );
    return (await auth).getAccessToken();
  };
}

/** ANTHROPIC_CUSTOM_HEADERS is newline-separated `Name: value`; the proxy reads its token from x-api-key. */
function withTokenHeader(existing: string | undefined, token: string): string {
  const kept = (existing ?? "")
    .split("\n")
    .filter((line) => line.trim() !== "" && !/^\s*(x-api-key|authorization)\s*:/i.test(line));
  return [...kept, `x-api-key: ${token}`].join("\n");
}

function isTruthy(value: string | undefined): boolean {
  return value !== undefined && value !== "" && value !== "0" && value.toLowerCase() !== "false";
}
