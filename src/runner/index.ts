export { buildAgentEnvironment, isWithheldSecret, PASSED_VARIABLES } from "./agent-environment.js";
export { buildClaudeArgv, type ClaudeArgvOptions, type PermissionMode } from "./build-claude-argv.js";
export { checkStructuredOutput, type StructuredOutputCheck } from "./check-structured-output.js";
export { type CompiledOutputSchema, compileOutputSchema } from "./compile-output-schema.js";
export { mergeRunnerSettings } from "./merge-runner-settings.js";
export {
  BUILT_IN_POLICY_NAMES,
  type BuiltInPolicyName,
  builtInPolicy,
  DEFAULT_TEST_COMMANDS,
  isBuiltInPolicyName,
} from "./policy/built-in-policy.js";
export { loadPolicyFile } from "./policy/load-policy-file.js";
export { CLI_BUILT_IN_TOOLS, offeredBuiltInTools } from "./policy/offered-tools.js";
export { parsePolicyDocument } from "./policy/parse-policy-document.js";
export type { PolicyDocument, PolicyRule } from "./policy/policy-document.js";
export { PolicyFileError } from "./policy/policy-file-error.js";
export {
  DEFAULT_DENY_RULE,
  type PolicyDecision,
  ToolPolicy,
  type ToolUseRequest,
} from "./policy/tool-policy.js";
export { type PreparedSession, prepareSession } from "./prepare-session.js";
export type { ProgressEvent } from "./progress-event.js";
export { resolveClaudePath } from "./resolve-claude-path.js";
export { type RunningSession, runSession } from "./run-session.js";
export { RunnerConfigError } from "./runner-config-error.js";
export { REDACTED, SecretRedactor } from "./secret-redactor.js";
export type { LifecycleTimings, SessionOptions, WatchdogLimits } from "./session-options.js";
export type { SessionOutcome } from "./session-outcome.js";
