// The conformance matrix: each claim of the protocol spec (docs/protocol.md; `seedLine` is the line
// of the spec text the claim comes from) with the tests that prove it. A claim is REAL when a test
// shows it on the 2.1.235 binary, UNIT when only src/protocol's unit tests check it,
// DOCUMENTED-UNREACHABLE when it cannot happen offline (with the reason), and UNTESTED when nothing
// checks it yet. Each test is cited as `file` + an `anchor` string that must occur in that file, so
// a claim that loses its test fails test/conformance/claims-matrix.test.ts. docs/conformance.md's
// matrix is generated from this list by that test.

export type ClaimStatus = "REAL" | "UNIT" | "DOCUMENTED-UNREACHABLE" | "UNTESTED";

export interface ClaimProof {
  file: string;
  anchor: string;
}

export interface Claim {
  id: string;
  seedLine: number;
  claim: string;
  status: ClaimStatus;
  proofs: ClaimProof[];
  /** Why the claim cannot be shown offline, or what is missing. */
  note?: string;
}

const real = (file: string, anchor: string): ClaimProof => ({
  file: `test/conformance/${file}.test.ts`,
  anchor,
});
const unit = (file: string, anchor: string): ClaimProof => ({
  file: `test/protocol/${file}.test.ts`,
  anchor,
});
const rule = (name: string) => real("flag-rules", `rule: "${name}"`);

const CLIENT_SUBTYPES_ON_THE_BINARY: Array<[string, number, string]> = [
  ["set_permission_mode", 196, "the setters acknowledge"],
  ["set_model", 198, "get_settings shows the model set_model applied"],
  ["set_max_thinking_tokens", 200, '"set_max_thinking_tokens",'],
  ["rename_session", 202, '"rename_session",'],
  ["set_color", 204, "set_color (schema'd but not in the print worker)"],
  ["apply_flag_settings", 206, '"apply_flag_settings",'],
  ["get_settings", 208, "get_settings shows the model"],
  ["get_context_usage", 210, "totalTokens: expect.any(Number)"],
  ["get_session_cost", 212, 'ok("get_session_cost").text'],
  ["get_usage", 214, 'ok("get_usage").session'],
  ["get_binary_version", 216, 'ok("get_binary_version").version'],
  ["list_models", 218, 'ok("list_models").models'],
  ["file_suggestions", 220, 'ok("file_suggestions")'],
  ["read_file", 222, "read_file of a missing file"],
  ["get_workspace_diff", 224, 'ok("get_workspace_diff")'],
  ["get_plan", 226, 'ok("get_plan")'],
  ["rewind_files", 228, "rewind_files canRewind false"],
  ["seed_read_state", 230, '"seed_read_state",'],
  ["cancel_async_message", 236, "cancel_async_message cancelled false"],
  ["stop_task", 238, '"stop_task",'],
  ["background_tasks", 240, '"background_tasks",'],
  ["mcp_status", 242, 'ok("mcp_status")'],
  ["mcp_set_servers", 244, 'ok("mcp_set_servers")'],
  ["mcp_reconnect", 246, 'failed("mcp_reconnect")'],
  ["mcp_toggle", 248, 'failed("mcp_toggle")'],
  ["mcp_message", 254, 'answers.get("mcp_message")'],
  ["reload_plugins", 256, 'ok("reload_plugins")'],
  ["reload_skills", 258, 'ok("reload_skills")'],
];

// Shown on the binary by test/conformance/control-and-stdin.test.ts: [subtype, spec line, anchor].
const CLIENT_SUBTYPES_IN_THE_WORKSPACE_SESSION: Array<[string, number, string]> = [
  ["set_cwd", 232, "set_cwd: an untrusted directory answers needs_trust"],
  ["register_repo_root", 234, "register_repo_root: a subdirectory becomes a working root once"],
  ["set_mcp_permission_mode_override", 250, "set_mcp_permission_mode_override: tighten-only"],
  ["mcp_call", 252, "mcp_call runs the MCP tool without a model turn"],
  ["message_rated", 260, "message_rated is acknowledged"],
  ["submit_feedback", 262, "submit_feedback reports why it cannot upload offline"],
  ["side_question", 369, "side_question: control_request_progress (started)"],
];

// Shown on the binary by test/conformance/stdout-frames.test.ts: [type, claim, anchor].
const EXTRA_FRAMES_ON_THE_BINARY: Array<[string, string, string]> = [
  [
    "tool_use_summary",
    "tool_use_summary (CLAUDE_CODE_EMIT_TOOL_USE_SUMMARIES)",
    "a tool_use_summary per tool step",
  ],
  [
    "rate_limit_event",
    "rate_limit_event (claude.ai OAuth token, unified rate-limit headers)",
    "as rate_limit_event",
  ],
  [
    "prompt_suggestion",
    "prompt_suggestion (--prompt-suggestions)",
    "sends a prompt_suggestion after the turn",
  ],
  ["conversation_reset", "conversation_reset (/clear)", "/clear: conversation_reset"],
  [
    "command_lifecycle",
    "command_lifecycle (a stdin user frame with a uuid)",
    "command_lifecycle queued → started → completed",
  ],
  [
    "transcript_mirror",
    "transcript_mirror (--session-mirror)",
    "transcript_mirror frames carry the transcript path",
  ],
  ["active_goal", "active_goal (remote mode)", "announces active_goal (none)"],
  ["autocompact_state", "autocompact_state (remote mode)", "and autocompact_state before system/init"],
];

// [subtype, spec line, anchor in test/conformance/stdout-frames.test.ts]
const SYSTEM_SUBTYPES_ON_THE_BINARY: Array<[string, number, string]> = [
  ["session_state_changed", 405, "session_state_changed running / idle"],
  ["compact_boundary", 413, "then compact_boundary (manual)"],
  ["hook_started", 444, "--include-hook-events: hook_started"],
  ["hook_progress", 446, "hook_progress with the output so far"],
  ["hook_response", 448, "hook_response"],
  ["task_started", 458, "Bash calls are tasks: task_started"],
  ["task_updated", 462, "background ones also task_updated"],
  ["task_notification", 464, "task_started / task_notification"],
  ["background_tasks_changed", 466, "task_updated and background_tasks_changed"],
];

// Shown on the binary by the files named: [subtype, spec line, test file, anchor].
const SYSTEM_EVENTS_ON_THE_BINARY: Array<[string, number, string, string]> = [
  ["commands_changed", 409, "system-events", "plugin_install started → completed, then commands_changed"],
  ["post_turn_summary", 415, "system-events", "post_turn_summary classifies each finished turn"],
  ["task_summary", 419, "system-events", "task_summary names the work"],
  [
    "control_request_progress",
    426,
    "control-and-stdin",
    "control_request_progress (started) for its request id",
  ],
  ["model_fallback", 428, "system-events", "a 5xx with --fallback-model: model_fallback (server_error)"],
  [
    "model_refusal_fallback",
    432,
    "system-events",
    "a refusal: model_refusal_fallback retracts the refused message",
  ],
  [
    "model_refusal_no_fallback",
    434,
    "system-events",
    "a refusal with no model left: model_refusal_no_fallback",
  ],
  ["thinking_tokens", 438, "system-events", "thinking deltas on the main thread: thinking_tokens"],
  ["informational", 440, "system-events", "a hook's systemMessage: informational"],
  ["notification", 442, "system-events", "a Stop hook that exits 1: notification stop-hook-error"],
  ["memory_recall", 484, "system-events", "auto memory with a selector: memory_recall"],
  [
    "permission_denied",
    452,
    "system-events",
    "a deny rule refuses a Bash call before anyone is asked: permission_denied",
  ],
  [
    "elicitation_complete",
    456,
    "control-and-stdin",
    "elicitation_complete: the MCP server's completion notification",
  ],
  ["task_progress", 460, "system-events", "a subagent's tool step: task_progress"],
  [
    "code_change_published",
    478,
    "system-events",
    "a pull request URL printed by `gh pr create`: code_change_published",
  ],
  ["vcs_state_changed", 480, "system-events", "a Bash git commit: vcs_state_changed"],
  [
    "plugin_install",
    482,
    "system-events",
    "CLAUDE_CODE_SYNC_PLUGIN_INSTALL: plugin_install started → completed",
  ],
];

// The print-mode projection of the agent loop (the engine behind stdout) forwards, of the loop's own
// `system` messages, only compact_boundary, api_error (rewritten as api_retry) and the four model
// recovery subtypes; these are built only as such messages (camelCase fields, `isMeta`), and no
// other writer (the event queue behind task_notification, the plugin-install writer, the control
// loop) enqueues them. Checked in the 2.1.235 bundle's embedded source.
const TRANSCRIPT_ONLY =
  "built only as an internal transcript/UI message; the print-mode projection forwards only compact_boundary, api_error (as api_retry) and the model-recovery subtypes, and no stdout writer enqueues it";

// Subtypes the 2.1.235 bundle has no stdout emitter for, or that need what an offline session cannot
// have (checked in the binary's embedded source): [subtype, spec line, reason].
const SYSTEM_SUBTYPES_WITHOUT_EMITTER: Array<[string, number, string]> = [
  [
    "worker_shutting_down",
    407,
    "built only by the remote session worker (CCR transport) when its control plane retires it; print mode on pipes has no such worker",
  ],
  ["turn_duration", 411, TRANSCRIPT_ONLY],
  ["away_summary", 417, TRANSCRIPT_ONLY],
  [
    "api_error",
    421,
    "internal: the print-mode projection rewrites every api_error message as system/api_retry (attempt, max_retries, retry_delay_ms, error_status, error), which is REAL (sys.api-retry)",
  ],
  [
    "model_consent_fallback",
    430,
    "only for the claude-fable-5 model on a claude.ai subscription whose server-delivered plan config requires overage consent, asked through a host dialog; an offline API-key (or token) session has no such account or config",
  ],
  ["thinking", 436, "no emitter in the bundle: the subtype occurs only in schemas and filter lists"],
  ["permission_retry", 454, TRANSCRIPT_ONLY],
  ["agents_killed", 468, TRANSCRIPT_ONLY],
  ["scheduled_task_fire", 470, TRANSCRIPT_ONLY],
  ["file_snapshot", 472, TRANSCRIPT_ONLY],
  ["files_persisted", 474, "no emitter in the bundle: the subtype occurs only in schemas and filter lists"],
  [
    "mirror_error",
    476,
    "built by the SDK's Query (the host side) when the host's SessionStore rejects a mirrored transcript batch; the CLI never writes it to stdout",
  ],
  ["memory_saved", 486, TRANSCRIPT_ONLY],
  [
    "feedback_draft_queued",
    488,
    "sent only by the SendFeedback tool, which is enabled only by remote feature gates (default off, never fetched offline) and never offered in print mode here",
  ],
  [
    "local_command_output",
    490,
    "no emitter in the bundle: print mode sends a local command's output as an assistant frame instead (its 'yield-twin assistant (local_command)')",
  ],
];

// Reachable offline in principle but not driven yet: [subtype, spec line, what it needs].
const SYSTEM_SUBTYPES_NOT_DRIVEN: Array<[string, number, string]> = [];

export const CLAIMS: Claim[] = [
  // Entry points and formats
  {
    id: "fmt.text-json",
    seedLine: 48,
    claim: "text in, json out: one result object",
    status: "REAL",
    proofs: [real("json-output", "prints exactly one result object and exits 0")],
  },
  {
    id: "fmt.stream-json-verbose",
    seedLine: 52,
    claim: "stream-json output needs --verbose in print mode",
    status: "REAL",
    proofs: [rule("stream_json_output_requires_verbose")],
  },
  {
    id: "fmt.stream-json-print",
    seedLine: 56,
    claim: "stream-json input needs print mode",
    status: "REAL",
    proofs: [rule("stream_json_input_requires_print")],
  },
  {
    id: "fmt.stream-in-text-out",
    seedLine: 59,
    claim: "stream-json input with text/json output fails at start-up, exit 1",
    status: "REAL",
    proofs: [rule("stream_json_input_requires_stream_json_output")],
  },
  {
    id: "fmt.choices",
    seedLine: 62,
    claim: "any other format string is refused by Commander's choices",
    status: "REAL",
    proofs: [rule("input_format_choice"), rule("output_format_choice")],
  },
  {
    id: "flag.replay",
    seedLine: 64,
    claim: "--replay-user-messages needs stream-json in and out",
    status: "REAL",
    proofs: [rule("replay_user_messages_requires_stream_json")],
  },
  {
    id: "flag.partial",
    seedLine: 64,
    claim: "--include-partial-messages needs print + stream-json",
    status: "REAL",
    proofs: [rule("include_partial_messages_requires_print_stream_json")],
  },
  {
    id: "flag.subagent-text",
    seedLine: 64,
    claim: "--forward-subagent-text needs print + stream-json",
    status: "REAL",
    proofs: [rule("forward_subagent_text_requires_print_stream_json")],
  },
  {
    id: "flag.prompt-suggestions",
    seedLine: 64,
    claim: "--prompt-suggestions only with print + stream-json output",
    status: "REAL",
    proofs: [rule("prompt_suggestions_requires_print_stream_json")],
  },
  {
    id: "flag.sdk-url",
    seedLine: 64,
    claim: "--sdk-url needs stream-json in and out",
    status: "REAL",
    proofs: [rule("sdk_url_requires_stream_json")],
  },
  {
    id: "flag.validator-argv",
    seedLine: 64,
    claim: "the runner validates the argv it spawns (print mode from its pipes)",
    status: "UNIT",
    proofs: [unit("validate-cli-invocation", "reads the runner's argv (no -p, pipes) as print mode")],
  },
  // Terminal output
  {
    id: "out.text-error",
    seedLine: 66,
    claim: "text output prints the human error sentence",
    status: "REAL",
    proofs: [real("api-error-400", "text output: prints the error text and exits 1")],
  },
  {
    id: "out.success-is-error",
    seedLine: 67,
    claim: "subtype success can carry is_error true (API error), exit 1",
    status: "REAL",
    proofs: [
      real("api-error-400", "json output: subtype success, is_error true, api_error_status 400, exit 1"),
    ],
  },
  {
    id: "out.exit-rule",
    seedLine: 67,
    claim: "exit 1 iff is_error (or transport closed without result), else 0",
    status: "REAL",
    proofs: [
      real("json-output", "src/protocol classifies every frame and predicts the real exit code"),
      real("max-turns", "src/protocol classifies every frame and predicts the real exit code"),
    ],
  },
  {
    id: "out.no-result",
    seedLine: 67,
    claim: "a transport closed without result is a failure",
    status: "UNIT",
    proofs: [unit("outcome-from-turn", "exits 1 when the transport closed without a result")],
  },
  {
    id: "out.sigterm",
    seedLine: 104,
    claim: "SIGTERM: result error_during_execution, then exit 143",
    status: "REAL",
    proofs: [real("sigterm", "exits by itself with code 143")],
  },
  // stdout envelope
  {
    id: "stdout.assistant",
    seedLine: 74,
    claim: "assistant frame",
    status: "REAL",
    proofs: [unit("real-cli-session", "decodes every stdout line into a typed frame")],
  },
  {
    id: "stdout.user",
    seedLine: 77,
    claim: "user frame (tool_result, interruption)",
    status: "REAL",
    proofs: [real("interrupt", "emits the interruption user frame")],
  },
  {
    id: "stdout.stream-event",
    seedLine: 80,
    claim: "stream_event wraps every SSE event",
    status: "REAL",
    proofs: [real("partial-messages", "wraps every SSE event in stream_event")],
  },
  {
    id: "stdout.system",
    seedLine: 83,
    claim: "system frames (init, status, api_retry)",
    status: "REAL",
    proofs: [
      real("api-retry", "HTTP 401 is retried with api_retry frames"),
      real("partial-messages", "system/status requesting"),
    ],
  },
  {
    id: "stdout.tool-progress",
    seedLine: 86,
    claim: "tool_progress frame (a long Bash call; 2.1.235 reports it in remote mode)",
    status: "REAL",
    proofs: [
      real("stdout-frames", "a long Bash call reports tool_progress"),
      unit("parse-stdout-frame", "keep_alive / tool_progress through typed"),
    ],
  },
  {
    id: "stdout.result",
    seedLine: 88,
    claim: "result ends the turn",
    status: "REAL",
    proofs: [real("json-output", "prints exactly one result object")],
  },
  {
    id: "stdout.control-request",
    seedLine: 90,
    claim: "control_request from the CLI (can_use_tool, hook_callback)",
    status: "REAL",
    proofs: [real("can-use-tool", "asks with tool_name, input, tool_use_id and permission_suggestions")],
  },
  {
    id: "stdout.control-response",
    seedLine: 93,
    claim: "control_response answers the host's request",
    status: "REAL",
    proofs: [real("control-requests", "get_binary_version answers the binary's own version")],
  },
  {
    id: "stdout.control-cancel",
    seedLine: 96,
    claim: "control_cancel_request withdraws the CLI's pending request, no answer",
    status: "REAL",
    proofs: [
      real("control-subtypes", "control_cancel_request: interrupting withdraws the pending can_use_tool"),
    ],
  },
  {
    id: "stdout.keep-alive",
    seedLine: 99,
    claim: "keep_alive is ignored",
    status: "UNIT",
    proofs: [unit("control-channel", "does not consume frames that are not control traffic")],
  },
  {
    id: "stdout.keep-alive-sent",
    seedLine: 99,
    claim: "keep_alive frames on stdout (every 30 s while register_repo_root's DirectoryAdded hooks run)",
    status: "REAL",
    proofs: [
      real(
        "control-and-stdin",
        "keep_alive: sent while register_repo_root's DirectoryAdded hook runs past 30 s",
      ),
    ],
  },
  ...EXTRA_FRAMES_ON_THE_BINARY.map(
    ([type, claim, anchor]): Claim => ({
      id: `stdout.${type.replaceAll("_", "-")}`,
      seedLine: 101,
      claim,
      status: "REAL",
      proofs: [real("stdout-frames", anchor)],
    }),
  ),
  {
    id: "stdout.auth-status",
    seedLine: 101,
    claim: "auth_status frame",
    status: "DOCUMENTED-UNREACHABLE",
    proofs: [],
    note:
      "sent only with --enable-auth-status while an OAuth login runs (the binary subscribes to its login " +
      "flow's status); an API-key or token session never logs in, and a probe with the flag sent none",
  },
  {
    id: "stdout.extra-types",
    seedLine: 101,
    claim: "the nine extra stdout types pass through typed",
    status: "UNIT",
    proofs: [unit("parse-stdout-frame", "passes the extra stdout types")],
  },
  {
    id: "stdout.unknown",
    seedLine: 677,
    claim: "unknown type/subtype: keep, log, go on",
    status: "UNIT",
    proofs: [unit("parse-stdout-frame", "keeps an unknown type whole as an unknown frame")],
  },
  // stdin envelope
  {
    id: "stdin.user",
    seedLine: 103,
    claim: "user message on stdin starts a turn",
    status: "REAL",
    proofs: [real("partial-messages", "stdin closed right after the user frame")],
  },
  {
    id: "stdin.initialize-late",
    seedLine: 103,
    claim: "a late initialize returns the current state",
    status: "REAL",
    proofs: [real("control-subtypes", "initialize and a late second initialize")],
  },
  {
    id: "stdin.close",
    seedLine: 104,
    claim: "closing stdin lets the current turn finish",
    status: "REAL",
    proofs: [real("partial-messages", "stdin closed right after the user frame: the turn completes")],
  },
  {
    id: "stdin.bash-command",
    seedLine: 103,
    claim:
      "bash_command runs a shell command without a model turn; input and output come back as replayed user frames",
    status: "REAL",
    proofs: [real("control-and-stdin", "bash_command runs without a model turn")],
  },
  {
    id: "stdin.update-environment-variables",
    seedLine: 679,
    claim:
      "update_environment_variables applies allowlisted keys only (the two session credentials), answered by request_id",
    status: "REAL",
    proofs: [real("control-and-stdin", "update_environment_variables: answered by request_id")],
  },
  {
    id: "stdin.queued-notification",
    seedLine: 103,
    claim:
      "queued_notification is accepted; outside remote mode it is dropped and acknowledged (command_lifecycle completed)",
    status: "REAL",
    proofs: [real("control-and-stdin", "queued_notification outside remote mode")],
  },
  {
    id: "stdin.session-notice",
    seedLine: 103,
    claim: "session_notice delivered to the session",
    status: "DOCUMENTED-UNREACHABLE",
    proofs: [real("control-and-stdin", "session_notice on stdin pipes is dropped")],
    note:
      "consumed only on a RemoteIO transport (remote session ingress); on stdin pipes 2.1.235 drops it " +
      "('session_notice on a non-RemoteIO transport — dropping without ack'), which the test shows",
  },
  // partial messages
  {
    id: "partial.assistant-first",
    seedLine: 106,
    claim: "the complete assistant message stays authoritative",
    status: "REAL",
    proofs: [
      real("partial-messages", "emits the complete assistant frame before that block's content_block_stop"),
    ],
  },
  {
    id: "partial.synthetic-close",
    seedLine: 107,
    claim: "fallback/refusal closes the preview with synthetic stops",
    status: "UNIT",
    proofs: [unit("partial-message-assembler", "closes a synthetically closed stream")],
  },
  // structured output
  {
    id: "so.schema-startup",
    seedLine: 110,
    claim: "--json-schema string/array/invalid fails at start-up",
    status: "REAL",
    proofs: [
      rule("json_schema_invalid_json"),
      rule("json_schema_must_be_object"),
      rule("json_schema_invalid_schema"),
    ],
  },
  {
    id: "so.tool",
    seedLine: 112,
    claim: "StructuredOutput tool with our schema",
    status: "REAL",
    proofs: [real("structured-output", "offers a StructuredOutput tool whose input schema is ours")],
  },
  {
    id: "so.result",
    seedLine: 113,
    claim: "result.structured_output, turn ends on the tool",
    status: "REAL",
    proofs: [real("structured-output", "reports the object as result.structured_output")],
  },
  {
    id: "so.retries",
    seedLine: 115,
    claim: "exhausted retries: error_max_structured_output_retries",
    status: "REAL",
    proofs: [real("result-limits", "gives up after MAX_STRUCTURED_OUTPUT_RETRIES")],
  },
  // sessions
  {
    id: "session.resume",
    seedLine: 122,
    claim: "--resume rebuilds from the transcript",
    status: "REAL",
    proofs: [real("resume-fork", "a plain resume from another cwd finds the session by id")],
  },
  {
    id: "session.fork",
    seedLine: 124,
    claim: "--fork-session: new id, inherited history",
    status: "REAL",
    proofs: [
      real("resume-fork", "the fork gets a new session id"),
      real("resume-fork", "the forked run's model request carries the earlier turn"),
    ],
  },
  {
    id: "session.unknown-resume",
    seedLine: 126,
    claim: "an unknown resume target exits 1",
    status: "REAL",
    proofs: [real("flag-rules", "--resume with an unknown session id fails")],
  },
  // control lifecycle
  {
    id: "ctl.register-first",
    seedLine: 130,
    claim: "pending registered before the request is written",
    status: "UNIT",
    proofs: [unit("control-channel", "registers the pending entry before writing")],
  },
  {
    id: "ctl.same-id",
    seedLine: 132,
    claim: "the response carries the same request_id; success or error",
    status: "REAL",
    proofs: [real("control-requests", "requests written at once are each answered exactly once")],
  },
  {
    id: "ctl.unmatched-cap",
    seedLine: 136,
    claim: "unmatched responses cached, cap 1024, oldest evicted",
    status: "UNIT",
    proofs: [unit("control-channel", "caps the unmatched cache at 1024 entries")],
  },
  {
    id: "ctl.no-cross-settle",
    seedLine: 137,
    claim: "a response never settles another request",
    status: "UNIT",
    proofs: [unit("control-channel", "settles only the request with the same id")],
  },
  {
    id: "ctl.tool-use-id",
    seedLine: 137,
    claim: "the host echoes toolUseID; it never sends can_use_tool itself",
    status: "UNIT",
    proofs: [unit("control-channel", "refuses to send a loop -> client subtype")],
  },
  {
    id: "ctl.dialog-parked",
    seedLine: 139,
    claim: "request_user_dialog stays parked unless declared",
    status: "UNIT",
    proofs: [unit("control-channel", "keeps request_user_dialog silent and parked")],
  },
  {
    id: "ctl.cancel",
    seedLine: 141,
    claim: "abort: reject, send control_cancel_request, ignore the late response",
    status: "UNIT",
    proofs: [unit("control-channel", "cancel via AbortSignal sends control_cancel_request")],
  },
  {
    id: "ctl.close",
    seedLine: 142,
    claim: "transport close rejects every pending request",
    status: "UNIT",
    proofs: [unit("control-channel", "close() rejects every pending request")],
  },
  {
    id: "ctl.redelivery",
    seedLine: 144,
    claim: "prompts redelivered on initialize are handled and de-duplicated",
    status: "UNIT",
    proofs: [
      unit("control-channel", "handles prompts redelivered on an initialize response that never arrive live"),
      unit(
        "control-channel",
        "answers a prompt redelivered on the initialize response and also delivered live once",
      ),
    ],
  },
  {
    id: "ctl.progress",
    seedLine: 148,
    claim: "control_request_progress extends, never settles; unknown ids ignored",
    status: "REAL",
    proofs: [
      real("control-and-stdin", "control_request_progress (started) for its request id, then the answer"),
      unit("control-channel", "control_request_progress extends the deadline and never settles"),
      unit("control-channel", "ignores progress for unknown request ids"),
    ],
  },
  {
    id: "ctl.business-verdict",
    seedLine: 157,
    claim: "a success verdict can still say canRewind false / cancelled false",
    status: "REAL",
    proofs: [real("control-subtypes", "business results inside a success verdict")],
  },
  {
    id: "ctl.cancel-no-answer",
    seedLine: 158,
    claim: "a cancelled incoming handler is aborted and sends no answer",
    status: "REAL",
    proofs: [
      real("control-subtypes", "aborts the host's handler"),
      unit(
        "control-channel",
        "aborts the handler on control_cancel_request from the CLI and sends no answer",
      ),
    ],
  },
  {
    id: "ctl.dedupe-in-flight",
    seedLine: 160,
    claim: "duplicate delivery ignored only while in flight",
    status: "UNIT",
    proofs: [unit("control-channel", "ignores duplicate delivery of a request still in flight")],
  },
  {
    id: "ctl.order",
    seedLine: 137,
    claim: "correct under sequential (2.1.235) and completion-order (2.1.332) answers",
    status: "REAL",
    proofs: [real("control-response-order", "every request settles with its own answer in both orders")],
  },
  {
    id: "ctl.payload-check",
    seedLine: 133,
    claim: "success payloads checked against the subtype's shape",
    status: "UNIT",
    proofs: [unit("control-channel", "rejects a success verdict whose payload lacks a field")],
  },
  {
    id: "ctl.unknown-subtype",
    seedLine: 366,
    claim: "an unknown subtype gets an error response",
    status: "REAL",
    proofs: [real("control-requests", "an unsupported subtype gets an error response naming it")],
  },
  // control subtypes
  {
    id: "sub.initialize",
    seedLine: 192,
    claim: "initialize returns commands/models/account",
    status: "REAL",
    proofs: [real("control-requests", "initialize answers success with the worker's commands and models")],
  },
  {
    id: "sub.interrupt",
    seedLine: 194,
    claim: "interrupt returns still_queued",
    status: "REAL",
    proofs: [real("interrupt", "answers the interrupt with success and still_queued: []")],
  },
  ...CLIENT_SUBTYPES_ON_THE_BINARY.map(
    ([subtype, seedLine, anchor]): Claim => ({
      id: `sub.${subtype}`,
      seedLine,
      claim: `${subtype} answered by the print worker`,
      status: "REAL",
      proofs: [real(subtype === "get_context_usage" ? "control-response-order" : "control-subtypes", anchor)],
    }),
  ),
  ...CLIENT_SUBTYPES_IN_THE_WORKSPACE_SESSION.map(
    ([subtype, seedLine, anchor]): Claim => ({
      id: `sub.${subtype}`,
      seedLine,
      claim: `${subtype} answered by the print worker`,
      status: "REAL",
      proofs: [real("control-and-stdin", anchor)],
    }),
  ),
  {
    id: "sub.can-use-tool",
    seedLine: 264,
    claim: "can_use_tool allow/deny round trip",
    status: "REAL",
    proofs: [real("can-use-tool", "allow runs the tool"), real("can-use-tool", "deny refuses the tool")],
  },
  {
    id: "sub.hook-callback",
    seedLine: 266,
    claim: "hook_callback for a registered callback id",
    status: "REAL",
    proofs: [real("control-subtypes", "hook_callback: the registered PreToolUse callback is asked")],
  },
  {
    id: "sub.auth-refresh",
    seedLine: 268,
    claim: "oauth_token_refresh / host_auth_token_refresh answered by the host",
    status: "DOCUMENTED-UNREACHABLE",
    proofs: [unit("control-channel", "answers oauth and host auth refreshes through their handlers")],
    note: "the CLI asks only with host-owned OAuth or provider credentials, which an offline API key session never has",
  },
  {
    id: "sub.elicitation",
    seedLine: 272,
    claim: "elicitation declined without a handler",
    status: "UNIT",
    proofs: [unit("control-channel", "declines elicitation by default")],
  },
  {
    id: "sub.elicitation-round-trip",
    seedLine: 272,
    claim:
      "an MCP server's elicitation reaches the host as a control_request; the host's answer goes back to the server",
    status: "REAL",
    proofs: [real("control-and-stdin", "its elicitation reaches the host as a control_request")],
  },
  {
    id: "sub.user-dialog",
    seedLine: 274,
    claim: "request_user_dialog completed/cancelled only for declared kinds",
    status: "UNIT",
    proofs: [unit("control-channel", "keeps request_user_dialog silent and parked")],
  },
  {
    id: "sub.mcp-message-in",
    seedLine: 254,
    claim: "mcp_message from the CLI routed to the host's SDK MCP server",
    status: "UNIT",
    proofs: [unit("control-channel", "routes mcp_message and hook_callback to their handlers")],
  },
  {
    id: "sub.handler-missing",
    seedLine: 351,
    claim: "a missing or empty can_use_tool handler answers error, never silence",
    status: "UNIT",
    proofs: [unit("control-channel", "can_use_tool handler returned no decision")],
  },
  // result subtypes
  {
    id: "result.success",
    seedLine: 392,
    claim: "result success",
    status: "REAL",
    proofs: [real("json-output", "prints exactly one result object and exits 0")],
  },
  {
    id: "result.during-execution",
    seedLine: 394,
    claim: "error_during_execution",
    status: "REAL",
    proofs: [real("interrupt", "error_during_execution result; exit 1")],
  },
  {
    id: "result.max-turns",
    seedLine: 394,
    claim: "error_max_turns",
    status: "REAL",
    proofs: [real("max-turns", "ends with error_max_turns")],
  },
  {
    id: "result.max-budget",
    seedLine: 394,
    claim: "error_max_budget_usd",
    status: "REAL",
    proofs: [real("result-limits", "stops after the first model answer that crosses the budget")],
  },
  {
    id: "result.max-so-retries",
    seedLine: 394,
    claim: "error_max_structured_output_retries",
    status: "REAL",
    proofs: [real("result-limits", "error_max_structured_output_retries")],
  },
  {
    id: "result.reason",
    seedLine: 394,
    claim: "each error subtype has its own failure reason",
    status: "UNIT",
    proofs: [unit("outcome-from-turn", "names the failure of each error subtype in its own words")],
  },
  // observed system subtypes
  {
    id: "sys.init",
    seedLine: 399,
    claim: "system/init",
    status: "REAL",
    proofs: [real("control-requests", "before system/init")],
  },
  {
    id: "sys.status",
    seedLine: 401,
    claim: "system/status",
    status: "REAL",
    proofs: [real("partial-messages", "system/status requesting")],
  },
  {
    id: "sys.api-retry",
    seedLine: 424,
    claim: "system/api_retry",
    status: "REAL",
    proofs: [real("api-retry", "api_retry frames")],
  },
  {
    id: "sys.all-typed",
    seedLine: 396,
    claim: "all 45 system subtypes parse as typed frames",
    status: "UNIT",
    proofs: [unit("parse-stdout-frame", "accepts all 45 system subtypes")],
  },
  ...SYSTEM_SUBTYPES_ON_THE_BINARY.map(
    ([subtype, seedLine, anchor]): Claim => ({
      id: `sys.${subtype.replaceAll("_", "-")}`,
      seedLine,
      claim: `system/${subtype}`,
      status: "REAL",
      proofs: [real("stdout-frames", anchor)],
    }),
  ),
  {
    id: "sys.stop-hook-summary",
    seedLine: 450,
    claim: "system/stop_hook_summary",
    status: "DOCUMENTED-UNREACHABLE",
    proofs: [real("stdout-frames", "stop_hook_summary is written to the transcript only")],
    note: "transcript-only in 2.1.235: written to the session file after the Stop hooks, never to stdout",
  },
  ...SYSTEM_EVENTS_ON_THE_BINARY.map(
    ([subtype, seedLine, file, anchor]): Claim => ({
      id: `sys.${subtype.replaceAll("_", "-")}`,
      seedLine,
      claim: `system/${subtype}`,
      status: "REAL",
      proofs: [real(file, anchor)],
    }),
  ),
  ...SYSTEM_SUBTYPES_WITHOUT_EMITTER.map(
    ([subtype, seedLine, note]): Claim => ({
      id: `sys.${subtype.replaceAll("_", "-")}`,
      seedLine,
      claim: `system/${subtype}`,
      status: "DOCUMENTED-UNREACHABLE",
      proofs: [],
      note,
    }),
  ),
  ...SYSTEM_SUBTYPES_NOT_DRIVEN.map(
    ([subtype, seedLine, note]): Claim => ({
      id: `sys.${subtype.replaceAll("_", "-")}`,
      seedLine,
      claim: `system/${subtype}`,
      status: "UNTESTED",
      proofs: [],
      note,
    }),
  ),
  // tables
  {
    id: "table.counts",
    seedLine: 187,
    claim: "42 + 2 + 46 - 1 = 89; 35/6/1 directions; 16 worker-only",
    status: "UNIT",
    proofs: [unit("seed-tables", "reproduces the 89-subtype inventory arithmetic")],
  },
];
