// docs/protocol.md#seed-references: "46 个观察型 subtype" — exactly 45 system subtypes plus result `success`; and the four result
// error subtypes that share one enum and therefore are not in the 89-string inventory.

/** The 45 `system` frame subtypes, grouped as in the seed's category table (docs/protocol.md#seed-references). */
export const SYSTEM_SUBTYPES = [
  // startup / session
  "init",
  "status",
  "session_state_changed",
  "worker_shutting_down",
  "commands_changed",
  "turn_duration",
  // compact / summaries
  "compact_boundary",
  "post_turn_summary",
  "away_summary",
  "task_summary",
  // API / model recovery
  "api_error",
  "api_retry",
  "control_request_progress",
  "model_fallback",
  "model_consent_fallback",
  "model_refusal_fallback",
  "model_refusal_no_fallback",
  // thinking / hints
  "thinking",
  "thinking_tokens",
  "informational",
  "notification",
  // hooks / permissions
  "hook_started",
  "hook_progress",
  "hook_response",
  "stop_hook_summary",
  "permission_denied",
  "permission_retry",
  "elicitation_complete",
  // tasks / agents
  "task_started",
  "task_progress",
  "task_updated",
  "task_notification",
  "background_tasks_changed",
  "agents_killed",
  "scheduled_task_fire",
  // files / persistence
  "file_snapshot",
  "files_persisted",
  "mirror_error",
  // plugins / memory
  "plugin_install",
  "memory_recall",
  "memory_saved",
  // external changes / feedback
  "code_change_published",
  "vcs_state_changed",
  "feedback_draft_queued",
  "local_command_output",
] as const;

export type SystemSubtype = (typeof SYSTEM_SUBTYPES)[number];

/** `result` subtype of a turn that ran to its end (may still carry `is_error: true`). */
export const RESULT_SUCCESS_SUBTYPE = "success";

/** The four result error subtypes (docs/protocol.md#seed-references: "四个 result error subtype 使用一个 enum"). */
export const RESULT_ERROR_SUBTYPES = [
  "error_during_execution",
  "error_max_turns",
  "error_max_budget_usd",
  "error_max_structured_output_retries",
] as const;

export type ResultErrorSubtype = (typeof RESULT_ERROR_SUBTYPES)[number];
export type ResultSubtype = typeof RESULT_SUCCESS_SUBTYPE | ResultErrorSubtype;

/** The 46 observed subtypes: 45 system + result `success`. */
export const OBSERVED_SUBTYPES = [...SYSTEM_SUBTYPES, RESULT_SUCCESS_SUBTYPE] as const;

const SYSTEM_SUBTYPE_SET: ReadonlySet<string> = new Set(SYSTEM_SUBTYPES);
const RESULT_SUBTYPE_SET: ReadonlySet<string> = new Set([RESULT_SUCCESS_SUBTYPE, ...RESULT_ERROR_SUBTYPES]);

export function isSystemSubtype(value: unknown): value is SystemSubtype {
  return typeof value === "string" && SYSTEM_SUBTYPE_SET.has(value);
}

export function isResultSubtype(value: unknown): value is ResultSubtype {
  return typeof value === "string" && RESULT_SUBTYPE_SET.has(value);
}
