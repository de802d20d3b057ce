import { createRequire as __cprCreateRequire } from 'node:module'; const require = __cprCreateRequire(import.meta.url);

// src/runner/runner-config-error.ts
var RunnerConfigError = class extends Error {
  constructor(message, option) {
    super(message);
    this.option = option;
  }
  option;
  name = "RunnerConfigError";
};

// src/runner/compile-output-schema.ts
async function compileOutputSchema(schema) {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) {
    const got = schema === null ? "null" : Array.isArray(schema) ? "an array" : `a ${typeof schema}`;
    throw new RunnerConfigError(`--json-schema must be a JSON object; got ${got}`, "jsonSchema");
  }
  const record = schema;
  if (record.type !== void 0 && record.type !== "object") {
    throw new RunnerConfigError(
      `--json-schema must describe an object (type "object"); got type ${JSON.stringify(record.type)}`,
      "jsonSchema"
    );
  }
  const { createAjv } = await import("./create-ajv-LQ2YAFTX.js");
  const ajv = createAjv({ schemas: "foreign" });
  try {
    return { schema: record, validate: ajv.compile(record) };
  } catch (error) {
    throw new RunnerConfigError(
      `--json-schema is not a valid JSON Schema: ${error.message}`,
      "jsonSchema"
    );
  }
}

// src/runner/run-attestation.ts
import { createHash } from "node:crypto";

// src/runner/agent-environment.ts
var PASSED_VARIABLES = [
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
  "GOOGLE_CLOUD_PROJECT"
];
var PASSED_PREFIXES = ["VERTEX_REGION_"];
function isWithheldSecret(name) {
  return /^(GITHUB_TOKEN|GH_TOKEN|GITHUB_PAT|ACTIONS_[A-Z_]*|AWS_(ACCESS_KEY_ID|SECRET_ACCESS_KEY|SESSION_TOKEN|PROFILE|WEB_IDENTITY_TOKEN_FILE|CONTAINER_CREDENTIALS_[A-Z_]*)|NPM_TOKEN|NODE_AUTH_TOKEN)$/.test(
    name
  ) || /(WEBHOOK|SIGNING)_?SECRET|_PRIVATE_KEY$|^GITHUB_APP_/.test(name);
}
function buildAgentEnvironment(options) {
  const { source } = options;
  const passSecrets = new Set(options.passSecrets ?? []);
  const env = {};
  for (const [name, value] of Object.entries(source)) {
    if (value === void 0) continue;
    const listed = PASSED_VARIABLES.includes(name) || PASSED_PREFIXES.some((p) => name.startsWith(p));
    if (listed && !isWithheldSecret(name) || passSecrets.has(name)) env[name] = value;
  }
  for (const [name, value] of Object.entries(options.extra ?? {})) {
    if (isWithheldSecret(name) && !passSecrets.has(name)) {
      throw new RunnerConfigError(
        `env.${name} looks like a credential; list it in passSecrets to pass it to the agent on purpose`,
        "env"
      );
    }
    env[name] = value;
  }
  env.HOME = options.home;
  env.CLAUDE_CONFIG_DIR = options.configDir;
  env.CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC ??= "1";
  env.DISABLE_AUTOUPDATER ??= "1";
  env.CLAUDE_CODE_DISABLE_GIT_INSTRUCTIONS ??= "1";
  env.CLAUDE_CODE_DISABLE_AUTO_MEMORY = "1";
  return env;
}

// src/runner/run-attestation.ts
var MODEL_KEYS = [
  "ANTHROPIC_API_KEY",
  "ANTHROPIC_AUTH_TOKEN",
  "CLAUDE_CODE_OAUTH_TOKEN",
  "AWS_BEARER_TOKEN_BEDROCK"
];
function attestRun(input) {
  const host = new Map(Object.entries(input.hostEnv));
  const agentCredentials = Object.entries(input.agentEnv).filter(
    ([name, value]) => value !== void 0 && value !== "" && (isWithheldSecret(name) || MODEL_KEYS.includes(name) && value === host.get(name))
  ).map(([name]) => name).sort();
  return {
    engine: "cli",
    ...input.claudeVersion ? { claudeVersion: input.claudeVersion } : {},
    policy: { name: input.policy.name, sha256: policyDigest(input.policy) },
    confinement: input.confinement,
    credentialProxy: input.credentialProxy,
    agentCredentials
  };
}
var NO_SHELL_POLICY = "none (every shell command refused)";
function attestRemoteRun(input) {
  const policy = input.policy ? { name: input.policy.name, sha256: policyDigest(input.policy) } : { name: NO_SHELL_POLICY, sha256: createHash("sha256").update(NO_SHELL_POLICY).digest("hex") };
  return {
    engine: "managed-agents",
    policy,
    confinement: `Anthropic's Managed Agents container; the repository mounted with a read-only token; ${input.access === "write" ? "edits come back as a patch the runner checks and commits" : "no edits"}; every shell command confirmed by the tool policy`,
    credentialProxy: false,
    agentCredentials: []
  };
}
function policyDigest(policy) {
  return createHash("sha256").update(JSON.stringify({ name: policy.name, rules: policy.rules })).digest("hex");
}
function attestationLines(attestation) {
  const remote = attestation.engine === "managed-agents";
  return [
    remote ? "Engine: Claude Managed Agents" : `Claude Code: ${attestation.claudeVersion ?? "version not reported"}`,
    `Tool policy: \`${attestation.policy.name}\` (sha256 \`${attestation.policy.sha256.slice(0, 16)}\u2026\`)`,
    `Confinement: ${attestation.confinement}`,
    `Model credential: ${remote ? "none in the agent's container (the service calls the model)" : attestation.credentialProxy ? "a per-session proxy token (the real key stayed with the runner)" : "no credential proxy"}`,
    attestation.agentCredentials.length === 0 ? "Credentials in the agent's environment: none" : `Credentials in the agent's environment: ${attestation.agentCredentials.join(", ")}`
  ];
}

// src/protocol/tool-use-record.ts
var MAX_TOOL_USE_RECORDS = 2e3;
var MAX_TOOL_RESULT_CHARS = 64e3;
function keepsToolResult(name) {
  return name.toLowerCase() === "grep";
}

export {
  RunnerConfigError,
  isWithheldSecret,
  buildAgentEnvironment,
  compileOutputSchema,
  attestRun,
  attestRemoteRun,
  attestationLines,
  MAX_TOOL_USE_RECORDS,
  MAX_TOOL_RESULT_CHARS,
  keepsToolResult
};
