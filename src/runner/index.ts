export { buildAgentEnvironment, isWithheldSecret, PASSED_VARIABLES } from "./agentEnvironment.js";
export { buildClaudeArgv, type ClaudeArgvOptions, type PermissionMode } from "./buildClaudeArgv.js";
export { checkStructuredOutput, type StructuredOutputCheck } from "./checkStructuredOutput.js";
export { type CompiledOutputSchema, compileOutputSchema } from "./compileOutputSchema.js";
export { mergeRunnerSettings } from "./mergeRunnerSettings.js";
export type { ProgressEvent } from "./ProgressEvent.js";
export {
  BUILT_IN_POLICY_NAMES,
  type BuiltInPolicyName,
  builtInPolicy,
  DEFAULT_TEST_COMMANDS,
  isBuiltInPolicyName,
} from "./policy/builtInPolicy.js";
export { loadPolicyFile } from "./policy/loadPolicyFile.js";
export type { PolicyDocument, PolicyRule } from "./policy/PolicyDocument.js";
export { PolicyFileError } from "./policy/PolicyFileError.js";
export { parsePolicyDocument } from "./policy/parsePolicyDocument.js";
export {
  DEFAULT_DENY_RULE,
  type PolicyDecision,
  ToolPolicy,
  type ToolUseRequest,
} from "./policy/ToolPolicy.js";
export { type PreparedSession, prepareSession } from "./prepareSession.js";
export { RunnerConfigError } from "./RunnerConfigError.js";
export { resolveClaudePath } from "./resolveClaudePath.js";
export { type RunningSession, runSession } from "./runSession.js";
export { REDACTED, SecretRedactor } from "./SecretRedactor.js";
export type { LifecycleTimings, SessionOptions, WatchdogLimits } from "./SessionOptions.js";
export type { SessionOutcome } from "./SessionOutcome.js";
