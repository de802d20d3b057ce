/**
 * Whether the agent has a way to reach a model: an API key or OAuth token from the inputs, or provider
 * settings in the environment (Bedrock, Vertex, Foundry, an auth token). Fork PRs under
 * `pull_request` get no secrets, so this is how the action tells "cannot run here" from a real
 * failure. The credentials go to the host's credential proxy, never to the agent itself.
 */
export function agentCredentials(
  apiKeyInput: string,
  env: NodeJS.ProcessEnv,
  options: { oauthToken?: string; provider?: string } = {},
): Record<string, string> | undefined {
  const agentEnv: Record<string, string> = {};
  if (apiKeyInput) agentEnv.ANTHROPIC_API_KEY = apiKeyInput;
  if (options.oauthToken) agentEnv.CLAUDE_CODE_OAUTH_TOKEN = options.oauthToken;
  // A cloud provider named by the workflow brings its own credentials (OIDC role, ADC, Entra).
  const cloudProvider =
    options.provider === "bedrock" || options.provider === "vertex" || options.provider === "foundry";
  const providerConfigured =
    cloudProvider ||
    Boolean(env.ANTHROPIC_API_KEY) ||
    Boolean(env.ANTHROPIC_AUTH_TOKEN) ||
    Boolean(env.CLAUDE_CODE_OAUTH_TOKEN) ||
    env.CLAUDE_CODE_USE_BEDROCK === "1" ||
    env.CLAUDE_CODE_USE_VERTEX === "1" ||
    env.CLAUDE_CODE_USE_FOUNDRY === "1";
  return apiKeyInput || options.oauthToken || providerConfigured ? agentEnv : undefined;
}
