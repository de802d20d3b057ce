// The seed's tables (docs/protocol.md, "Seed tables and their types"), transcribed a second time
// here in full, must match the constants one-to-one: every row, not a sample.
import { describe, expect, it } from "vitest";
import {
  CONTROL_REQUEST_SUBTYPES,
  CONTROL_RESPONSE_VERDICTS,
  CORE_STDOUT_FRAME_TYPES,
  EXTRA_STDOUT_FRAME_TYPES,
  isControlRequestSubtype,
  OBSERVED_SUBTYPES,
  RESULT_ERROR_SUBTYPES,
  STDIN_FRAME_TYPES,
  SYSTEM_SUBTYPES,
  WORKER_ONLY_CONTROL_SUBTYPES,
} from "../../src/protocol/index.js";

const SEED_LOOP_TO_CLIENT = [
  "can_use_tool",
  "hook_callback",
  "oauth_token_refresh",
  "host_auth_token_refresh",
  "elicitation",
  "request_user_dialog",
];
const SEED_BOTH = ["mcp_message"];
// Every client -> loop row of the seed's table of 42, in its order.
const SEED_CLIENT_TO_LOOP = [
  "initialize",
  "interrupt",
  "set_permission_mode",
  "set_model",
  "set_max_thinking_tokens",
  "rename_session",
  "set_color",
  "apply_flag_settings",
  "get_settings",
  "get_context_usage",
  "get_session_cost",
  "get_usage",
  "get_binary_version",
  "list_models",
  "file_suggestions",
  "read_file",
  "get_workspace_diff",
  "get_plan",
  "rewind_files",
  "seed_read_state",
  "set_cwd",
  "register_repo_root",
  "cancel_async_message",
  "stop_task",
  "background_tasks",
  "mcp_status",
  "mcp_set_servers",
  "mcp_reconnect",
  "mcp_toggle",
  "set_mcp_permission_mode_override",
  "mcp_call",
  "reload_plugins",
  "reload_skills",
  "message_rated",
  "submit_feedback",
];
// Every row of the seed's table of 45 system subtypes (the 46th observed subtype is result success).
const SEED_SYSTEM_SUBTYPES = [
  "init",
  "status",
  "session_state_changed",
  "worker_shutting_down",
  "commands_changed",
  "turn_duration",
  "compact_boundary",
  "post_turn_summary",
  "away_summary",
  "task_summary",
  "api_error",
  "api_retry",
  "control_request_progress",
  "model_fallback",
  "model_consent_fallback",
  "model_refusal_fallback",
  "model_refusal_no_fallback",
  "thinking",
  "thinking_tokens",
  "informational",
  "notification",
  "hook_started",
  "hook_progress",
  "hook_response",
  "stop_hook_summary",
  "permission_denied",
  "permission_retry",
  "elicitation_complete",
  "task_started",
  "task_progress",
  "task_updated",
  "task_notification",
  "background_tasks_changed",
  "agents_killed",
  "scheduled_task_fire",
  "file_snapshot",
  "files_persisted",
  "mirror_error",
  "code_change_published",
  "vcs_state_changed",
  "plugin_install",
  "memory_recall",
  "memory_saved",
  "feedback_draft_queued",
  "local_command_output",
];
// The 16 string-only worker branches, as the seed lists them.
const SEED_WORKER_ONLY = [
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
];

describe("the 42 schema'd control request subtypes of the seed table", () => {
  const entries = Object.entries(CONTROL_REQUEST_SUBTYPES);
  const by = (direction: string) => entries.filter(([, d]) => d === direction).map(([s]) => s);

  it("has exactly 42 entries split 35 client -> loop, 6 loop -> client, 1 both", () => {
    expect(entries).toHaveLength(42);
    expect(by("client_to_loop")).toHaveLength(35);
    expect(by("loop_to_client")).toHaveLength(6);
    expect(by("both")).toHaveLength(1);
  });

  it("assigns the seed's direction to each loop -> client and both subtype", () => {
    expect(by("loop_to_client").sort()).toEqual([...SEED_LOOP_TO_CLIENT].sort());
    expect(by("both")).toEqual(SEED_BOTH);
  });

  it("lists every client -> loop subtype of the seed's table, row by row", () => {
    expect(by("client_to_loop").sort()).toEqual([...SEED_CLIENT_TO_LOOP].sort());
  });

  it("keeps the 16 string-only worker branches out of the schema'd 42 (union is 58)", () => {
    expect([...WORKER_ONLY_CONTROL_SUBTYPES].sort()).toEqual([...SEED_WORKER_ONLY].sort());
    for (const subtype of WORKER_ONLY_CONTROL_SUBTYPES) expect(isControlRequestSubtype(subtype)).toBe(false);
    expect(new Set([...Object.keys(CONTROL_REQUEST_SUBTYPES), ...WORKER_ONLY_CONTROL_SUBTYPES]).size).toBe(
      58,
    );
  });

  it("does not treat prototype keys as subtypes", () => {
    expect(isControlRequestSubtype("toString")).toBe(false);
    expect(isControlRequestSubtype("constructor")).toBe(false);
  });
});

describe("the 46 observed subtypes and the result enum of the seed table", () => {
  it("has 45 unique system subtypes, plus result success makes 46", () => {
    expect(new Set(SYSTEM_SUBTYPES).size).toBe(45);
    expect(SYSTEM_SUBTYPES).not.toContain("success");
    expect(OBSERVED_SUBTYPES).toHaveLength(46);
    expect(OBSERVED_SUBTYPES.at(-1)).toBe("success");
  });

  it("has the four result error subtypes", () => {
    expect([...RESULT_ERROR_SUBTYPES].sort()).toEqual(
      [
        "error_during_execution",
        "error_max_budget_usd",
        "error_max_structured_output_retries",
        "error_max_turns",
      ].sort(),
    );
  });

  it("reproduces the 89-subtype inventory arithmetic: 42 + 2 + 46 - 1 (success overlap) = 89", () => {
    const union = new Set<string>([
      ...Object.keys(CONTROL_REQUEST_SUBTYPES),
      ...CONTROL_RESPONSE_VERDICTS,
      ...OBSERVED_SUBTYPES,
    ]);
    expect(union.size).toBe(89);
  });

  it("lists every system subtype of the seed's table, row by row", () => {
    expect([...SYSTEM_SUBTYPES].sort()).toEqual([...SEED_SYSTEM_SUBTYPES].sort());
    expect(OBSERVED_SUBTYPES).toEqual([...SYSTEM_SUBTYPES, "success"]);
  });
});

describe("the stdout and stdin envelopes of the seed table", () => {
  it("has the ten stdout table types and the nine extra types", () => {
    expect(CORE_STDOUT_FRAME_TYPES).toEqual([
      "assistant",
      "user",
      "stream_event",
      "system",
      "tool_progress",
      "result",
      "control_request",
      "control_response",
      "control_cancel_request",
      "keep_alive",
    ]);
    expect([...EXTRA_STDOUT_FRAME_TYPES].sort()).toEqual(
      [
        "auth_status",
        "tool_use_summary",
        "rate_limit_event",
        "prompt_suggestion",
        "conversation_reset",
        "command_lifecycle",
        "transcript_mirror",
        "active_goal",
        "autocompact_state",
      ].sort(),
    );
  });

  it("lists the stdin frame types the seed allows", () => {
    expect([...STDIN_FRAME_TYPES].sort()).toEqual(
      [
        "user",
        "bash_command",
        "control_request",
        "control_response",
        "control_cancel_request",
        "update_environment_variables",
        "queued_notification",
        "session_notice",
      ].sort(),
    );
  });
});
