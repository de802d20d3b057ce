import { RunnerConfigError } from "./runner-config-error.js";

/**
 * Environment isolation for the agent process: an explicit allowlist instead of inheriting the
 * host's environment, so CI tokens, cloud credentials and webhook secrets never reach a model-driven
 * shell unless the caller names them.
 */

/** Variables passed through when present: runtime basics, API endpoints, Bedrock/Vertex selection. */
export const PASSED_VARIABLES = [
  "PATH",
  "LANG",
  "LANGUAGE",
  "LC_ALL",
  "LC_CTYPE",
  "TZ",
  "TMPDIR",
  "SHELL",
  "USER",
  "LOGNAME",
  "NODE_EXTRA_CA_CERTS",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
  // Anthropic API
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_AUTH_TOKEN",
  "ANTHROPIC_BASE_URL",
  "ANTHROPIC_MODEL",
  "ANTHROPIC_SMALL_FAST_MODEL",
  "ANTHROPIC_DEFAULT_OPUS_MODEL",
  "ANTHROPIC_DEFAULT_SONNET_MODEL",
  "ANTHROPIC_DEFAULT_HAIKU_MODEL",
  "ANTHROPIC_CUSTOM_HEADERS",
  "API_TIMEOUT_MS",
  // Amazon Bedrock selection (credentials themselves only via passSecrets)
  "CLAUDE_CODE_USE_BEDROCK",
  "ANTHROPIC_BEDROCK_BASE_URL",
  "CLAUDE_CODE_SKIP_BEDROCK_AUTH",
  "AWS_REGION",
  "AWS_DEFAULT_REGION",
  "AWS_BEARER_TOKEN_BEDROCK",
  // Google Vertex AI
  "CLAUDE_CODE_USE_VERTEX",
  "ANTHROPIC_VERTEX_PROJECT_ID",
  "ANTHROPIC_VERTEX_BASE_URL",
  "CLAUDE_CODE_SKIP_VERTEX_AUTH",
  "CLOUD_ML_REGION",
  "GOOGLE_APPLICATION_CREDENTIALS",
  "GOOGLE_CLOUD_PROJECT",
] as const;

/** Prefix-allowed variables (per-model Vertex regions). */
const PASSED_PREFIXES = ["VERTEX_REGION_"];

/** Never passed implicitly, even if a caller lists them in `env` without `passSecrets`. */
export function isWithheldSecret(name: string): boolean {
  return (
    /^(GITHUB_TOKEN|GH_TOKEN|GITHUB_PAT|ACTIONS_[A-Z_]*|AWS_(ACCESS_KEY_ID|SECRET_ACCESS_KEY|SESSION_TOKEN|PROFILE|WEB_IDENTITY_TOKEN_FILE|CONTAINER_CREDENTIALS_[A-Z_]*)|NPM_TOKEN|NODE_AUTH_TOKEN)$/.test(
      name,
    ) || /(WEBHOOK|SIGNING)_?SECRET|_PRIVATE_KEY$|^GITHUB_APP_/.test(name)
  );
}

export interface AgentEnvironmentOptions {
  /** Environment to draw from: the host's, as the door read it. */
  source: NodeJS.ProcessEnv;
  home: string;
  configDir: string;
  /** Extra variables to set (name -> value); withheld secret names require passSecrets. */
  extra?: Record<string, string>;
  /** Names of withheld secrets the caller explicitly passes from `source` (or `extra`). */
  passSecrets?: string[];
}

export function buildAgentEnvironment(options: AgentEnvironmentOptions): Record<string, string> {
  const { source } = options;
  const passSecrets = new Set(options.passSecrets ?? []);
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    const listed =
      (PASSED_VARIABLES as readonly string[]).includes(name) ||
      PASSED_PREFIXES.some((p) => name.startsWith(p));
    if ((listed && !isWithheldSecret(name)) || passSecrets.has(name)) env[name] = value;
  }
  for (const [name, value] of Object.entries(options.extra ?? {})) {
    if (isWithheldSecret(name) && !passSecrets.has(name)) {
      throw new RunnerConfigError(
        `env.${name} looks like a credential; list it in passSecrets to pass it to the agent on purpose`,
        "env",
      );
    }
    env[name] = value;
  }
  env.HOME = options.home;
  env.CLAUDE_CONFIG_DIR = options.configDir;
  // A CI host wants no auto-update, telemetry or other side traffic from the agent.
  env.CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC ??= "1";
  env.DISABLE_AUTOUPDATER ??= "1";
  // No git commit/PR instructions and no git status snapshot in the system prompt: our jobs never let
  // the agent commit (an autofix is committed by the runner), and the snapshot (recent commits)
  // differs on every push, which kept the prompt cache from ever hitting across runs (measured on
  // 2.1.235: with it off and fixed session paths, system prompt and tools repeat byte for byte).
  env.CLAUDE_CODE_DISABLE_GIT_INSTRUCTIONS ??= "1";
  // Never the caller's choice: 2.1.235's auto memory lets the model write files in the config dir
  // without asking (no can_use_tool, so outside the tool policy) and loads what is there as
  // instructions (docs/security.md#the-clis-auto-memory). "0" would force it on over every setting.
  env.CLAUDE_CODE_DISABLE_AUTO_MEMORY = "1";
  return env;
}
