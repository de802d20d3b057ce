// docs/protocol.md#seed-references: "42 个 schema 化 control request", loop -> client rows: the host-side callbacks the CLI can ask
// for. Each handler gets an AbortSignal that fires when the CLI cancels the request or the transport
// closes (docs/protocol.md#seed-references: "本地 Query 收到 cancel 后 abort 对应 callback controller").
import type {
  CanUseToolRequest,
  ElicitationRequest,
  HookCallbackRequest,
  McpMessageRequest,
  OtherControlRequest,
  RequestUserDialogRequest,
} from "./stdout-frames.js";

export interface IncomingControlContext {
  signal: AbortSignal;
  requestId: string;
}

/** A host's answer to can_use_tool (docs/protocol.md#seed-references: "allow:updatedInput/updatedPermissions ... deny:message/interrupt"). */
export type PermissionDecision =
  | { behavior: "allow"; updatedInput: Record<string, unknown>; updatedPermissions?: unknown[] }
  | { behavior: "deny"; message: string; interrupt?: boolean };

/** docs/protocol.md#seed-references: elicitation "返回 accept/decline/cancel" */
export interface ElicitationResult {
  action: "accept" | "decline" | "cancel";
  content?: Record<string, unknown>;
}

/** docs/protocol.md#seed-references: request_user_dialog "返回 completed/cancelled + opaque result" */
export interface UserDialogResult {
  behavior: "completed" | "cancelled";
  result?: unknown;
}

export interface IncomingControlHandlers {
  canUseTool(request: CanUseToolRequest, context: IncomingControlContext): Promise<PermissionDecision>;
  hookCallback(
    request: HookCallbackRequest,
    context: IncomingControlContext,
  ): Promise<Record<string, unknown>>;
  /** Without a handler the channel declines (docs/protocol.md#seed-references: "没有 handler 时 SDK 默认 decline"). */
  elicitation(request: ElicitationRequest, context: IncomingControlContext): Promise<ElicitationResult>;
  /**
   * Only called for dialog kinds the host declared; otherwise the request stays silent and parked
   * (docs/protocol.md#seed-references: "未声明/无 handler 时必须保持 silent"). Returning null also stays silent.
   */
  requestUserDialog(
    request: RequestUserDialogRequest,
    context: IncomingControlContext,
  ): Promise<UserDialogResult | null>;
  /** Answer for an SDK-hosted MCP server; the payload normally is `{ mcp_response: <JSON-RPC message> }`. */
  mcpMessage(request: McpMessageRequest, context: IncomingControlContext): Promise<Record<string, unknown>>;
  oauthTokenRefresh(
    request: OtherControlRequest,
    context: IncomingControlContext,
  ): Promise<Record<string, unknown>>;
  hostAuthTokenRefresh(
    request: OtherControlRequest,
    context: IncomingControlContext,
  ): Promise<Record<string, unknown>>;
}
