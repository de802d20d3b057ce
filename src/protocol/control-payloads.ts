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
