/**
 * Whether the agent has a way to reach a model: an API key from the input, or provider settings in
 * the environment (Bedrock, Vertex, an auth token). Fork PRs under `pull_request` get no secrets, so
 * this is how the action tells "cannot run here" from a real failure.
 */
export function agentCredentials(
  apiKeyInput: string,
  env: NodeJS.ProcessEnv,
): Record<string, string> | undefined {
  const agentEnv: Record<string, string> = {};
  if (apiKeyInput) agentEnv.ANTHROPIC_API_KEY = apiKeyInput;
  const providerConfigured =
    Boolean(env.ANTHROPIC_API_KEY) ||
    Boolean(env.ANTHROPIC_AUTH_TOKEN) ||
    env.CLAUDE_CODE_USE_BEDROCK === "1" ||
    env.CLAUDE_CODE_USE_VERTEX === "1";
  return apiKeyInput || providerConfigured ? agentEnv : undefined;
}
