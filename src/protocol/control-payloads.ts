// Typed request fields and success payloads of the client -> loop control requests, and the checks
// a success payload must pass before the caller sees it (docs/protocol.md, "Control channel": the
// sender checks the payload against the subtype's response shape). Shapes are the ones the 2.1.235
// binary answered in test/conformance/control-subtypes.test.ts; a check only asks for the fields a
// consumer relies on, so a newer CLI may add fields freely.

export interface ControlRequestFields {
  initialize: { hooks?: Record<string, unknown>; jsonSchema?: unknown; supportedDialogKinds?: string[] };
  interrupt: { reason?: string; cancel_queued?: boolean };
  set_permission_mode: { mode: string };
  set_model: { model?: string; system_prompt?: string };
  set_max_thinking_tokens: { max_thinking_tokens: number | null };
  rename_session: { title: string };
  apply_flag_settings: { settings: Record<string, unknown> };
  get_settings: Record<string, never>;
  get_context_usage: Record<string, never>;
  get_session_cost: Record<string, never>;
  get_usage: Record<string, never>;
  get_binary_version: Record<string, never>;
  list_models: Record<string, never>;
  file_suggestions: { query: string };
  read_file: { path: string; max_bytes?: number; encoding?: string };
  get_workspace_diff: Record<string, never>;
  get_plan: Record<string, never>;
  rewind_files: { user_message_id: string; dry_run?: boolean };
  seed_read_state: { path: string; mtime: number };
  cancel_async_message: { message_uuid: string };
  stop_task: { task_id: string };
  background_tasks: { tool_use_id?: string };
  mcp_status: Record<string, never>;
  mcp_set_servers: { servers: Record<string, unknown> };
  mcp_reconnect: { serverName: string };
  mcp_toggle: { serverName: string; enabled: boolean };
  mcp_message: { server_name: string; message: Record<string, unknown> };
  reload_plugins: Record<string, never>;
  reload_skills: Record<string, never>;
  /** Moves the session; a directory the user never trusted answers `needs_trust` and keeps the cwd. */
  set_cwd: { path: string; trust_accepted?: boolean; trusted_directory?: string };
  /** A strict subdirectory of the cwd (or of an --add-dir root); runs the DirectoryAdded hooks. */
  register_repo_root: {
    directory: string;
    reload_claude_md?: boolean;
    reload_plugins?: boolean;
    reload_skills?: boolean;
  };
  /** Tighten-only over the control channel: 'default', 'auto' or null (clears). */
  set_mcp_permission_mode_override: { serverName: string; mode: "default" | "auto" | null };
  /** Calls an MCP tool directly: no model turn, no can_use_tool prompt. */
  mcp_call: { tool: string; arguments?: Record<string, unknown>; timeout_ms?: number };
  message_rated: {
    messageUuid: string;
    sentiment: "positive" | "negative";
    surface?: "tool_use" | "assistant_text";
    cleared?: boolean;
  };
  submit_feedback: { description: string; surface?: string; draft_id?: string };
  /** Worker-only (not schema'd): a one-turn question beside the conversation, tools denied. */
  side_question: { question: string; history?: Array<{ question: string; response: string }> };
}

export type Acknowledgement = Record<string, unknown>;

export interface ControlResponsePayloads {
  initialize: { commands: unknown[]; [field: string]: unknown };
  interrupt: { still_queued: unknown[]; cancelled?: unknown[] };
  set_permission_mode: { mode: string };
  set_model: Acknowledgement;
  set_max_thinking_tokens: Acknowledgement;
  rename_session: Acknowledgement;
  apply_flag_settings: Acknowledgement;
  get_settings: { effective: Record<string, unknown>; sources: unknown[]; applied?: Record<string, unknown> };
  get_context_usage: { categories: unknown[]; totalTokens: number; [field: string]: unknown };
  get_session_cost: { text: string };
  get_usage: { session: Record<string, unknown>; [field: string]: unknown };
  get_binary_version: { version: string; buildTime?: string };
  list_models: { models: unknown[] };
  file_suggestions: { suggestions: unknown[] };
  read_file: { contents: string; absPath: string; truncated: boolean; encoding?: string };
  get_workspace_diff: { diff: string | null };
  get_plan: { exists: boolean; content?: string; path?: string };
  rewind_files: { canRewind: boolean; error?: string; [field: string]: unknown };
  seed_read_state: Acknowledgement;
  cancel_async_message: { cancelled: boolean };
  stop_task: Acknowledgement;
  background_tasks: { backgrounded?: unknown };
  mcp_status: { mcpServers: unknown[] };
  mcp_set_servers: { added: unknown[]; removed: unknown[]; errors: Record<string, unknown> };
  mcp_reconnect: Acknowledgement;
  mcp_toggle: Acknowledgement;
  mcp_message: { mcp_response?: unknown };
  reload_plugins: { commands: unknown[]; [field: string]: unknown };
  reload_skills: { skills: unknown[] };
  set_cwd:
    | { status: "ok"; cwd: string; changed: boolean; transcript_relocated?: boolean }
    | { status: "needs_trust"; directory: string }
    | { status: string; [field: string]: unknown };
  register_repo_root: { directory: string };
  set_mcp_permission_mode_override: Acknowledgement;
  mcp_call: { content: unknown[]; isError?: boolean; [field: string]: unknown };
  message_rated: Acknowledgement;
  /** Offline (or with nonessential traffic disabled) the id is null and the reason says why. */
  submit_feedback: { feedback_id: string | null; unavailable_reason?: string };
  /** `response: null` when nothing was answered; `synthetic` marks a CLI-written stand-in answer. */
  side_question: { response: string | null; synthetic?: boolean; [field: string]: unknown };
}

export type TypedControlSubtype = keyof ControlResponsePayloads;

type FieldKind = "array" | "object" | "string" | "number" | "boolean" | "string|null";

const ARTICLE: Record<FieldKind, string> = {
  array: "an",
  object: "an",
  string: "a",
  number: "a",
  boolean: "a",
  "string|null": "a",
};

/** The fields each success payload must carry, by kind. Subtypes without an entry are acknowledgements. */
const REQUIRED_FIELDS: { [S in TypedControlSubtype]?: Record<string, FieldKind> } = {
  initialize: { commands: "array" },
  interrupt: { still_queued: "array" },
  set_permission_mode: { mode: "string" },
  get_settings: { effective: "object", sources: "array" },
  get_context_usage: { categories: "array", totalTokens: "number" },
  get_session_cost: { text: "string" },
  get_usage: { session: "object" },
  get_binary_version: { version: "string" },
  list_models: { models: "array" },
  file_suggestions: { suggestions: "array" },
  read_file: { contents: "string", absPath: "string", truncated: "boolean" },
  get_workspace_diff: { diff: "string|null" },
  get_plan: { exists: "boolean" },
  rewind_files: { canRewind: "boolean" },
  cancel_async_message: { cancelled: "boolean" },
  mcp_status: { mcpServers: "array" },
  mcp_set_servers: { added: "array", removed: "array", errors: "object" },
  reload_plugins: { commands: "array" },
  reload_skills: { skills: "array" },
  set_cwd: { status: "string" },
  register_repo_root: { directory: "string" },
  mcp_call: { content: "array" },
  submit_feedback: { feedback_id: "string|null" },
  side_question: { response: "string|null" },
};

/** What is wrong with a success payload for `subtype`; [] when it fits (or the subtype has no shape). */
export function controlPayloadProblems(subtype: string, payload: Record<string, unknown>): string[] {
  const required = Object.hasOwn(REQUIRED_FIELDS, subtype)
    ? REQUIRED_FIELDS[subtype as TypedControlSubtype]
    : undefined;
  if (!required) return [];
  const problems: string[] = [];
  for (const [field, kind] of Object.entries(required)) {
    if (!hasKind(payload[field], kind)) problems.push(`${field} is not ${ARTICLE[kind]} ${kind}`);
  }
  return problems;
}

function hasKind(value: unknown, kind: FieldKind): boolean {
  switch (kind) {
    case "array":
      return Array.isArray(value);
    case "object":
      return typeof value === "object" && value !== null && !Array.isArray(value);
    case "string|null":
      return value === null || typeof value === "string";
    default:
      return typeof value === kind;
  }
}
