import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ControlChannel,
  ControlRequestError,
  type ControlResponsePayloads,
  parseStdoutFrame,
  type StdoutFrame,
} from "../../src/protocol/index.js";
import {
  CLAUDE_VERSION,
  type ClaudeProcess,
  type ClaudeRunResult,
  spawnClaude,
} from "../harness/claude-cli.js";
import {
  CLI_TIMEOUT_MS,
  type ScriptedClaude,
  STREAM_JSON_ARGS,
  startScriptedClaude,
  userFrame,
} from "../harness/scripted-claude-fixture.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

// One real session carries every control request 2.1.235 answers in print mode, each sent through
// the product's ControlChannel (typed fields, payload shape checked at the boundary), then a turn
// with a registered PreToolUse hook (hook_callback round trip) and a can_use_tool that the CLI
// withdraws with control_cancel_request when the host interrupts.
describe("control subtypes on the real binary (2.1.235, one session)", () => {
  let fixture: ScriptedClaude;
  let proc: ClaudeProcess;
  let run: ClaudeRunResult;
  const answers = new Map<string, unknown>();
  const hookCalls: Array<Record<string, unknown>> = [];
  let cancelledToolSignal: AbortSignal | undefined;

  beforeAll(async () => {
    fixture = await startScriptedClaude([
      { kind: "tool_use", name: "Write", input: { file_path: "a.txt", content: "x" }, id: "toolu_write1" },
      { kind: "text", text: "not reached" },
    ]);
    proc = spawnClaude([...STREAM_JSON_ARGS, "--permission-prompt-tool", "stdio"], {
      env: fixture.env,
      cwd: fixture.cwd,
      timeoutMs: 150_000,
    });
    let canUseToolSeen: () => void = () => {};
    const canUseToolAsked = new Promise<void>((resolve) => {
      canUseToolSeen = resolve;
    });
    const channel = new ControlChannel({
      send: (frame) => proc.write(frame),
      handlers: {
        hookCallback: async (request) => {
          hookCalls.push(request as unknown as Record<string, unknown>);
          return { continue: true };
        },
        // Never answers: the host interrupts and the CLI withdraws the prompt.
        canUseTool: (_request, { signal }) => {
          cancelledToolSignal = signal;
          canUseToolSeen();
          return new Promise(() => {});
        },
      },
    });
    const listen = (frame: Record<string, unknown>) => {
      channel.receive(parseStdoutFrame(frame));
      return false;
    };
    void proc.waitForFrame(listen, 140_000).catch(() => {});

    const settle = async <T>(name: string, promise: Promise<T>) => {
      answers.set(
        name,
        await promise.then(
          (v) => v,
          (e: unknown) => e,
        ),
      );
    };
    await settle(
      "initialize",
      channel.call("initialize", {
        hooks: { PreToolUse: [{ matcher: "Write", hookCallbackIds: ["cb_pre"] }] },
      }),
    );
    // set_model is answered before get_settings is asked: 2.1.332 handles requests concurrently, so a
    // get_settings written in the same batch may be answered before the model changed.
    await settle("set_model", channel.call("set_model", { model: "claude-sonnet-4-5" }));
    // Written together; 2.1.235 answers them one by one, the channel matches them by request_id.
    await Promise.all([
      settle("set_permission_mode", channel.call("set_permission_mode", { mode: "default" })),
      settle(
        "set_max_thinking_tokens",
        channel.call("set_max_thinking_tokens", { max_thinking_tokens: 1024 }),
      ),
      settle("get_settings", channel.call("get_settings", {})),
      settle(
        "apply_flag_settings",
        channel.call("apply_flag_settings", { settings: { cleanupPeriodDays: 7 } }),
      ),
      settle("mcp_status", channel.call("mcp_status", {})),
      settle(
        "mcp_message",
        channel.call("mcp_message", {
          server_name: "absent",
          message: { jsonrpc: "2.0", method: "ping", id: 1 },
        }),
      ),
      settle("mcp_set_servers", channel.call("mcp_set_servers", { servers: {} })),
      settle("reload_plugins", channel.call("reload_plugins", {})),
      settle("reload_skills", channel.call("reload_skills", {})),
      settle(
        "rewind_files",
        channel.call("rewind_files", {
          user_message_id: "00000000-0000-4000-8000-000000000000",
          dry_run: true,
        }),
      ),
      settle("stop_task", channel.call("stop_task", { task_id: "no-such-task" })),
      settle(
        "cancel_async_message",
        channel.call("cancel_async_message", { message_uuid: "00000000-0000-4000-8000-000000000001" }),
      ),
      settle("late_initialize", channel.call("initialize", {})),
      settle("get_session_cost", channel.call("get_session_cost", {})),
      settle("get_usage", channel.call("get_usage", {})),
      settle("list_models", channel.call("list_models", {})),
      settle("get_plan", channel.call("get_plan", {})),
      settle("get_workspace_diff", channel.call("get_workspace_diff", {})),
      settle("file_suggestions", channel.call("file_suggestions", { query: "a" })),
      settle("read_file", channel.call("read_file", { path: "missing.txt" })),
      settle("rename_session", channel.call("rename_session", { title: "conformance" })),
      settle("seed_read_state", channel.call("seed_read_state", { path: "a.txt", mtime: 0 })),
      settle("background_tasks", channel.call("background_tasks", {})),
      settle("mcp_reconnect", channel.call("mcp_reconnect", { serverName: "absent" })),
      settle("mcp_toggle", channel.call("mcp_toggle", { serverName: "absent", enabled: false })),
      settle("get_binary_version", channel.call("get_binary_version", {})),
      settle("set_color", channel.request("set_color", { color: "red" })),
    ]);

    proc.write(userFrame("write a.txt"));
    await canUseToolAsked;
    await settle("interrupt", channel.call("interrupt", {}));
    await proc.waitForFrame((f) => f.type === "result");
    proc.endStdin();
    run = await proc.exited;
    channel.close("exited");
  });
  afterAll(() => fixture.close());

  const ok = <S extends keyof ControlResponsePayloads>(name: S) =>
    answers.get(name) as ControlResponsePayloads[S];
  const failed = (name: string) => {
    const answer = answers.get(name);
    expect(answer).toBeInstanceOf(ControlRequestError);
    return (answer as ControlRequestError).peerMessage;
  };

  it("initialize and a late second initialize both return the command list", () => {
    expect(ok("initialize").commands.length).toBeGreaterThan(0);
    // Late: the session is already running; it answers with its current state (same commands).
    const late = answers.get("late_initialize") as ControlResponsePayloads["initialize"];
    expect(late.commands.map((c) => (c as { name: string }).name).sort()).toEqual(
      ok("initialize")
        .commands.map((c) => (c as { name: string }).name)
        .sort(),
    );
  });

  it("the setters acknowledge: set_model, set_max_thinking_tokens, apply_flag_settings, rename_session, seed_read_state, stop_task", () => {
    // 2.1.235 acknowledges set_model with {}, 2.1.332 echoes the model: either way, the one asked for.
    expect(ok("set_model")).not.toBeInstanceOf(Error);
    expect([undefined, "claude-sonnet-4-5"]).toContain((ok("set_model") as { model?: unknown }).model);
    for (const name of [
      "set_max_thinking_tokens",
      "apply_flag_settings",
      "rename_session",
      "seed_read_state",
      "stop_task",
      "background_tasks",
    ] as const) {
      expect(answers.get(name), name).toEqual({});
    }
    expect(ok("set_permission_mode")).toEqual({ mode: "default" });
  });

  it("get_settings shows the model set_model applied earlier in the same session", () => {
    expect(ok("get_settings")).toMatchObject({
      effective: expect.any(Object),
      sources: expect.any(Array),
      applied: { model: "claude-sonnet-4-5" },
    });
  });

  it("MCP: mcp_status and mcp_set_servers (empty), mcp_message to an absent server, reconnect/toggle errors", () => {
    expect(ok("mcp_status")).toEqual({ mcpServers: [] });
    expect(ok("mcp_set_servers")).toEqual({ added: [], removed: [], errors: {} });
    // Not the seed's "server_name not found returns error": 2.1.235 acknowledges with no payload.
    expect(answers.get("mcp_message")).toEqual({});
    expect(failed("mcp_reconnect")).toBe("Server not found: absent");
    expect(failed("mcp_toggle")).toBe("Server not found: absent");
  });

  it("reload_plugins returns commands, reload_skills returns skills", () => {
    expect(ok("reload_plugins").commands.length).toBeGreaterThan(0);
    expect(Array.isArray(ok("reload_skills").skills)).toBe(true);
  });

  it("business results inside a success verdict: rewind_files canRewind false, cancel_async_message cancelled false", () => {
    expect(ok("rewind_files")).toEqual({ canRewind: false, error: "File rewinding is not enabled." });
    expect(ok("cancel_async_message")).toEqual({ cancelled: false });
  });

  it("read-only snapshots: session cost text, usage, models, plan, workspace diff, file suggestions, version", () => {
    // The human-readable text: "Total cost:" in 2.1.235, "Estimated cost:" in 2.1.332.
    expect(ok("get_session_cost").text).toMatch(/^(Total|Estimated) cost:/m);
    expect(ok("get_usage").session).toMatchObject({ total_cost_usd: 0 });
    expect(ok("list_models").models.length).toBeGreaterThan(0);
    expect(ok("get_plan")).toEqual({ exists: false });
    // 2.1.332 adds noDiffReason ("no-repository").
    expect(ok("get_workspace_diff")).toMatchObject({ diff: null });
    // 2.1.332 adds the cwd it searched.
    expect(ok("file_suggestions")).toMatchObject({ suggestions: [] });
    expect(ok("get_binary_version").version).toBe(CLAUDE_VERSION);
  });

  it("error verdicts: read_file of a missing file, and set_color (schema'd but not in the print worker)", () => {
    expect(failed("read_file")).toContain("ENOENT");
    expect(failed("set_color")).toBe("Unsupported control request subtype: set_color");
  });

  it("hook_callback: the registered PreToolUse callback is asked before can_use_tool, with the tool's input", () => {
    expect(hookCalls).toHaveLength(1);
    expect(hookCalls[0]).toMatchObject({
      subtype: "hook_callback",
      callback_id: "cb_pre",
      tool_use_id: "toolu_write1",
      input: { hook_event_name: "PreToolUse", tool_name: "Write", tool_use_id: "toolu_write1" },
    });
    const frames = run.frames.map((f) => parseStdoutFrame(f)) as StdoutFrame[];
    const order = frames
      .filter((f) => f.type === "control_request")
      .map((f) => (f.type === "control_request" ? f.request.subtype : ""));
    expect(order).toEqual(["hook_callback", "can_use_tool"]);
  });

  it("control_cancel_request: interrupting withdraws the pending can_use_tool and aborts the host's handler", () => {
    expect(ok("interrupt")).toEqual({ still_queued: [] });
    const frames = run.frames as Array<Record<string, unknown>>;
    const ask = frames.find(
      (f) => f.type === "control_request" && (f.request as { subtype?: string }).subtype === "can_use_tool",
    );
    expect(frames).toContainEqual({ type: "control_cancel_request", request_id: ask?.request_id });
    expect(cancelledToolSignal?.aborted).toBe(true);
    expect(frames.at(-1)).toMatchObject({
      type: "result",
      subtype: "error_during_execution",
      is_error: true,
    });
  });
});
