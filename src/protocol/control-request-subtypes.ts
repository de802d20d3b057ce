// docs/protocol.md#seed-references: "42 个 schema 化 control request" — the registry splits into 35 client -> loop, 6 loop -> client
// and 1 both. "client" is the SDK host (us); "loop" is the CLI worker's Agent Loop.

/** Who may send a control request of this subtype. */
export type ControlDirection = "client_to_loop" | "loop_to_client" | "both";

/** The 42 schema'd control request subtypes of Claude Code 2.1.235 with their direction. */
export const CONTROL_REQUEST_SUBTYPES = {
  initialize: "client_to_loop",
  interrupt: "client_to_loop",
  set_permission_mode: "client_to_loop",
  set_model: "client_to_loop",
  set_max_thinking_tokens: "client_to_loop",
  rename_session: "client_to_loop",
  set_color: "client_to_loop",
  apply_flag_settings: "client_to_loop",
  get_settings: "client_to_loop",
  get_context_usage: "client_to_loop",
  get_session_cost: "client_to_loop",
  get_usage: "client_to_loop",
  get_binary_version: "client_to_loop",
  list_models: "client_to_loop",
  file_suggestions: "client_to_loop",
  read_file: "client_to_loop",
  get_workspace_diff: "client_to_loop",
  get_plan: "client_to_loop",
  rewind_files: "client_to_loop",
  seed_read_state: "client_to_loop",
  set_cwd: "client_to_loop",
  register_repo_root: "client_to_loop",
  cancel_async_message: "client_to_loop",
  stop_task: "client_to_loop",
  background_tasks: "client_to_loop",
  mcp_status: "client_to_loop",
  mcp_set_servers: "client_to_loop",
  mcp_reconnect: "client_to_loop",
  mcp_toggle: "client_to_loop",
  set_mcp_permission_mode_override: "client_to_loop",
  mcp_call: "client_to_loop",
  mcp_message: "both",
  reload_plugins: "client_to_loop",
  reload_skills: "client_to_loop",
  message_rated: "client_to_loop",
  submit_feedback: "client_to_loop",
  can_use_tool: "loop_to_client",
  hook_callback: "loop_to_client",
  oauth_token_refresh: "loop_to_client",
  host_auth_token_refresh: "loop_to_client",
  elicitation: "loop_to_client",
  request_user_dialog: "loop_to_client",
} as const satisfies Record<string, ControlDirection>;

export type ControlRequestSubtype = keyof typeof CONTROL_REQUEST_SUBTYPES;

/** Subtypes the host may send to the CLI (client -> loop and both). */
export type OutgoingControlSubtype = {
  [S in ControlRequestSubtype]: (typeof CONTROL_REQUEST_SUBTYPES)[S] extends "loop_to_client" ? never : S;
}[ControlRequestSubtype];

/** Subtypes the CLI may send to the host (loop -> client and both). */
export type IncomingControlSubtype = {
  [S in ControlRequestSubtype]: (typeof CONTROL_REQUEST_SUBTYPES)[S] extends "client_to_loop" ? never : S;
}[ControlRequestSubtype];

// docs/protocol.md#seed-references: "schema 清单之外的 16 个 worker 分支" — string-only subtypes the worker also dispatches. They are
// not schema'd, so they are not in the 42 and a host must not rely on them.
export const WORKER_ONLY_CONTROL_SUBTYPES = [
  "add_directory",
  "channel_enable",
  "claude_authenticate",
  "claude_oauth_callback",
  "claude_oauth_wait_for_completion",
  "end_session",
  "generate_session_title",
  "mcp_authenticate",
  "mcp_clear_auth",
  "mcp_oauth_callback_url",
  "poll_event",
  "remote_control",
  "rewind_conversation",
  "side_question",
  "stage_file",
  "ultrareview_launch",
] as const;

/** The two control response verdicts (docs/protocol.md#seed-references: "success/error 两个 control response verdict"). */
export const CONTROL_RESPONSE_VERDICTS = ["success", "error"] as const;
export type ControlResponseVerdict = (typeof CONTROL_RESPONSE_VERDICTS)[number];

export function isControlRequestSubtype(value: string): value is ControlRequestSubtype {
  return Object.hasOwn(CONTROL_REQUEST_SUBTYPES, value);
}
