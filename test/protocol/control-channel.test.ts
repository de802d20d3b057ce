import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ControlChannel,
  type ControlChannelEvent,
  type ControlChannelOptions,
  ControlRequestCancelledError,
  ControlRequestError,
  ControlRequestTimeoutError,
  ControlTransportClosedError,
  controlPayloadProblems,
  parseStdoutFrame,
  type StdinFrame,
  type StdoutFrame,
} from "../../src/protocol/index.js";

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));

function setup(options: Partial<ControlChannelOptions> = {}) {
  const sent: StdinFrame[] = [];
  const events: ControlChannelEvent[] = [];
  let next = 0;
  const channel = new ControlChannel({
    send: (frame) => sent.push(frame),
    newRequestId: () => `req-${++next}`,
    onEvent: (event) => events.push(event),
    ...options,
  });
  return { channel, sent, events };
}

const frame = (value: unknown): StdoutFrame => parseStdoutFrame(value);
const success = (requestId: string, response: Record<string, unknown> = {}) =>
  frame({ type: "control_response", response: { subtype: "success", request_id: requestId, response } });
const failure = (requestId: string, error: string) =>
  frame({ type: "control_response", response: { subtype: "error", request_id: requestId, error } });
const incoming = (requestId: string, request: Record<string, unknown>) =>
  frame({ type: "control_request", request_id: requestId, request });

afterEach(() => {
  vi.useRealTimers();
});

describe("ControlChannel outgoing requests", () => {
  it("writes a control_request and resolves with the payload of the response with the same id", async () => {
    const { channel, sent } = setup();
    const promise = channel.request("get_binary_version");
    expect(sent).toEqual([
      { type: "control_request", request_id: "req-1", request: { subtype: "get_binary_version" } },
    ]);
    expect(channel.pendingCount).toBe(1);
    expect(channel.receive(success("req-1", { version: "2.1.235" }))).toBe(true);
    await expect(promise).resolves.toEqual({ version: "2.1.235" });
    expect(channel.pendingCount).toBe(0);
  });

  it("puts fields in the request body without letting them override the subtype", () => {
    const { channel, sent } = setup();
    void channel.request("interrupt", { reason: "user", subtype: "evil" }).catch(() => {});
    expect(sent[0]).toEqual({
      type: "control_request",
      request_id: "req-1",
      request: { reason: "user", subtype: "interrupt" },
    });
  });

  it("registers the pending entry before writing, so a response delivered during send() settles it", async () => {
    let channel: ControlChannel | undefined;
    channel = new ControlChannel({
      newRequestId: () => "fast",
      send: (out) => {
        if (out.type === "control_request") channel?.receive(success(out.request_id, { ok: true }));
      },
    });
    await expect(channel.request("initialize")).resolves.toEqual({ ok: true });
    expect(channel.unmatchedCount).toBe(0);
  });

  it("resolves with {} when a success verdict carries no payload", async () => {
    const { channel } = setup();
    const promise = channel.request("set_model", { model: "x" });
    channel.receive(
      frame({ type: "control_response", response: { subtype: "success", request_id: "req-1" } }),
    );
    await expect(promise).resolves.toEqual({});
  });

  it("rejects with ControlRequestError carrying the peer's message on an error verdict", async () => {
    const { channel } = setup();
    const promise = channel.request("bogus_subtype");
    channel.receive(failure("req-1", "Unsupported control request subtype: bogus_subtype"));
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ControlRequestError);
    expect((error as ControlRequestError).peerMessage).toBe(
      "Unsupported control request subtype: bogus_subtype",
    );
    expect((error as ControlRequestError).requestId).toBe("req-1");
    expect((error as ControlRequestError).peerCode).toBeUndefined();
    expect(channel.pendingCount).toBe(0);
  });

  it("keeps a newer CLI's error_code on the error, live and from the unmatched cache", async () => {
    const { channel } = setup();
    const verdict = (id: string) =>
      frame({
        type: "control_response",
        response: { subtype: "error", request_id: id, error: "nope", error_code: "unsupported_request" },
      });
    const live = channel.request("bogus_subtype");
    channel.receive(verdict("req-1"));
    expect(await live.catch((e: unknown) => (e as ControlRequestError).peerCode)).toBe("unsupported_request");
    channel.receive(verdict("init-1"));
    const cached = channel.awaitResponse("init-1", "initialize");
    expect(await cached.catch((e: unknown) => (e as ControlRequestError).peerCode)).toBe(
      "unsupported_request",
    );
  });

  it("settles only the request with the same id when responses arrive out of order", async () => {
    const { channel } = setup();
    const a = channel.request("get_settings");
    const b = channel.request("get_context_usage");
    channel.receive(success("req-2", { for: "b" }));
    channel.receive(success("req-1", { for: "a" }));
    await expect(a).resolves.toEqual({ for: "a" });
    await expect(b).resolves.toEqual({ for: "b" });
  });

  it("caches a response nobody waits for and hands it to awaitResponse later", async () => {
    const { channel, events } = setup();
    channel.receive(success("init1", { commands: [] }));
    expect(channel.unmatchedCount).toBe(1);
    expect(events).toContainEqual({ kind: "unmatched_response_cached", requestId: "init1" });
    await expect(channel.awaitResponse("init1", "initialize")).resolves.toEqual({ commands: [] });
    expect(channel.unmatchedCount).toBe(0);
  });

  it("awaitResponse waits for a response that arrives later, and rejects an error verdict from the cache", async () => {
    const { channel } = setup();
    const waiting = channel.awaitResponse("init2", "initialize");
    expect(channel.pendingCount).toBe(1);
    channel.receive(success("init2", { pid: 1 }));
    await expect(waiting).resolves.toEqual({ pid: 1 });
    channel.receive(failure("x9", "nope"));
    await expect(channel.awaitResponse("x9")).rejects.toBeInstanceOf(ControlRequestError);
  });

  it("caps the unmatched cache at 1024 entries, evicting the oldest first", () => {
    const { channel, events } = setup();
    for (let i = 0; i < 1030; i++) channel.receive(success(`stray-${i}`, { i }));
    expect(channel.unmatchedCount).toBe(1024);
    for (let i = 0; i < 6; i++) expect(channel.takeUnmatched(`stray-${i}`)).toBeUndefined();
    expect(channel.takeUnmatched("stray-6")).toMatchObject({ request_id: "stray-6" });
    expect(channel.takeUnmatched("stray-1029")).toMatchObject({ request_id: "stray-1029" });
    expect(events.filter((e) => e.kind === "unmatched_response_evicted")).toHaveLength(6);
  });

  it("refuses to send a loop -> client subtype (the CLI asks those), writing nothing", async () => {
    const { channel, sent } = setup();
    for (const subtype of ["can_use_tool", "hook_callback", "elicitation", "request_user_dialog"]) {
      const error = await channel.request(subtype, { tool_name: "Bash" }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ControlRequestError);
      expect((error as Error).message).toContain(
        `${subtype} is sent by the CLI to the host, never by the host`,
      );
    }
    expect(sent).toEqual([]);
    expect(channel.pendingCount).toBe(0);
    // mcp_message goes both ways: the host may send it.
    void channel.request("mcp_message", { server_name: "s", message: {} }).catch(() => {});
    expect(sent).toHaveLength(1);
  });

  it("cancel via AbortSignal sends control_cancel_request, rejects at once and ignores the late response", async () => {
    const { channel, sent, events } = setup();
    const controller = new AbortController();
    const promise = channel.request("mcp_call", { tool: "x" }, { signal: controller.signal });
    controller.abort(new Error("user pressed stop"));
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ControlRequestCancelledError);
    expect((error as Error).message).toContain("user pressed stop");
    expect(sent.at(-1)).toEqual({ type: "control_cancel_request", request_id: "req-1" });
    expect(channel.pendingCount).toBe(0);
    expect(channel.receive(success("req-1", { late: true }))).toBe(true);
    expect(channel.unmatchedCount).toBe(0);
    expect(events).toContainEqual({ kind: "late_response_ignored", requestId: "req-1" });
  });

  it("cancel() by id does the same and reports whether anything was pending", async () => {
    const { channel, sent } = setup();
    const promise = channel.request("rewind_files", { user_message_id: "u" });
    expect(channel.cancel("req-1", "superseded")).toBe(true);
    expect(channel.cancel("req-1")).toBe(false);
    await expect(promise).rejects.toThrow(/superseded/);
    expect(sent.filter((f) => f.type === "control_cancel_request")).toHaveLength(1);
  });

  it("rejects a request whose signal is already aborted without writing anything", async () => {
    const { channel, sent } = setup();
    await expect(channel.request("interrupt", {}, { signal: AbortSignal.abort() })).rejects.toBeInstanceOf(
      ControlRequestCancelledError,
    );
    expect(sent).toEqual([]);
    expect(channel.pendingCount).toBe(0);
  });

  it("control_request_progress extends the deadline and never settles", async () => {
    vi.useFakeTimers();
    const { channel, sent } = setup();
    const promise = channel.request("side_question", {}, { timeoutMs: 1000 });
    let settled = false;
    promise.then(
      () => (settled = true),
      () => (settled = true),
    );
    const progress = frame({
      type: "system",
      subtype: "control_request_progress",
      request_id: "req-1",
      status: "started",
    });
    for (let i = 0; i < 5; i++) {
      await vi.advanceTimersByTimeAsync(900);
      expect(channel.receive(progress)).toBe(false);
    }
    await vi.advanceTimersByTimeAsync(900);
    expect(settled).toBe(false);
    expect(channel.pendingCount).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    await expect(promise).rejects.toBeInstanceOf(ControlRequestTimeoutError);
    expect(sent.at(-1)).toEqual({ type: "control_cancel_request", request_id: "req-1" });
    expect(channel.pendingCount).toBe(0);
  });

  it("ignores progress for unknown request ids", () => {
    const { channel, events } = setup();
    channel.receive(frame({ type: "system", subtype: "control_request_progress", request_id: "ghost" }));
    expect(channel.pendingCount).toBe(0);
    expect(events).toEqual([{ kind: "progress", requestId: "ghost", extended: false }]);
  });

  it("close() rejects every pending request and later requests, and ignores late responses", async () => {
    const { channel } = setup();
    const a = channel.request("initialize");
    const b = channel.awaitResponse("external-1");
    channel.close("stdout ended");
    for (const p of [a, b]) {
      const error = await p.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ControlTransportClosedError);
      expect((error as Error).message).toContain("stdout ended");
    }
    expect(channel.pendingCount).toBe(0);
    await expect(channel.request("interrupt")).rejects.toBeInstanceOf(ControlTransportClosedError);
    channel.receive(success("req-1", {}));
    expect(channel.unmatchedCount).toBe(0);
  });

  it("awaitResponse rejects at once after close() and with an already aborted signal, and refuses a pending id", async () => {
    const { channel } = setup();
    void channel.request("get_plan").catch(() => {});
    await expect(channel.awaitResponse("req-1")).rejects.toThrow(
      "a request with id req-1 is already pending",
    );
    await expect(
      channel.awaitResponse("x", "initialize", { signal: AbortSignal.abort("gone") }),
    ).rejects.toThrow(ControlRequestCancelledError);
    expect(channel.pendingCount).toBe(1);
    channel.close("stdout ended");
    const closed = await channel.awaitResponse("y", "initialize").catch((e: unknown) => e);
    expect(closed).toBeInstanceOf(ControlTransportClosedError);
    expect((closed as Error).message).toContain("stdout ended");
    expect(channel.pendingCount).toBe(0);
    expect(channel.closed).toBe(true);
  });

  it("awaitResponse with a signal is cancelled when the signal aborts later", async () => {
    const { channel, sent } = setup();
    const controller = new AbortController();
    const waiting = channel.awaitResponse("ext-1", "initialize", { signal: controller.signal });
    controller.abort(new Error("host gave up"));
    await expect(waiting).rejects.toThrow("host gave up");
    expect(sent).toEqual([{ type: "control_cancel_request", request_id: "ext-1" }]);
  });

  it("remembers the last 1024 finished ids: a late response for an older one is cached as unmatched", async () => {
    const { channel, events } = setup();
    for (let i = 0; i < 1025; i++) {
      const promise = channel.request("get_plan");
      channel.cancel(`req-${i + 1}`);
      await promise.catch(() => {});
    }
    channel.receive(success("req-1", { late: true }));
    expect(channel.unmatchedCount).toBe(1);
    channel.receive(success("req-2", { late: true }));
    expect(channel.unmatchedCount).toBe(1);
    expect(events).toContainEqual({ kind: "late_response_ignored", requestId: "req-2" });
  });

  it("a cancel or abort reason that is not an Error is reported as text, an empty one as 'aborted'", async () => {
    const { channel } = setup();
    const a = new AbortController();
    const first = channel.request("get_plan", {}, { signal: a.signal });
    a.abort("plain text");
    await expect(first).rejects.toThrow("cancelled: plain text");
    const b = new AbortController();
    const second = channel.request("get_plan", {}, { signal: b.signal });
    b.abort(undefined);
    await expect(second).rejects.toThrow(/cancelled: /);
  });

  it("keeps request ids unique among those in flight and skips recently finished ids", async () => {
    const ids = ["a", "a", "b", "a", "b", "c"];
    const { channel, sent } = setup({ newRequestId: () => ids.shift() ?? "z" });
    const first = channel.request("get_plan");
    void channel.request("get_plan").catch(() => {});
    channel.receive(success("a", {}));
    await first;
    void channel.request("get_plan").catch(() => {}); // "a" was just used and "b" is in flight -> "c"
    expect(sent.map((f) => (f.type === "control_request" ? f.request_id : ""))).toEqual(["a", "b", "c"]);
  });

  it("rejects instead of reusing an id when the id source keeps colliding", async () => {
    const { channel } = setup({ newRequestId: () => "same" });
    void channel.request("get_plan").catch(() => {});
    await expect(channel.request("get_plan")).rejects.toThrow(/already in use/);
    expect(channel.pendingCount).toBe(1);
  });

  it("rejects with ControlTransportClosedError and leaves nothing pending when send() throws", async () => {
    const channel = new ControlChannel({
      send: () => {
        throw new Error("EPIPE");
      },
    });
    await expect(channel.request("initialize")).rejects.toThrow(/send failed: EPIPE/);
    expect(channel.pendingCount).toBe(0);
  });
});

describe("ControlChannel incoming requests", () => {
  const canUseTool = {
    subtype: "can_use_tool",
    tool_name: "Read",
    input: { file_path: "/w/README.md" },
    tool_use_id: "toolu_01R",
    permission_suggestions: [],
    blocked_path: "/w/README.md",
  };

  it("answers can_use_tool allow with the frame shape the real CLI accepts", async () => {
    const canUse = vi.fn(async () => ({
      behavior: "allow" as const,
      updatedInput: { file_path: "/w/README.md" },
    }));
    const { channel, sent } = setup({ handlers: { canUseTool: canUse } });
    expect(channel.receive(incoming("c1", canUseTool))).toBe(true);
    expect(channel.incomingCount).toBe(1);
    await flush();
    expect(canUse).toHaveBeenCalledWith(
      expect.objectContaining({ tool_name: "Read", tool_use_id: "toolu_01R", blocked_path: "/w/README.md" }),
      expect.objectContaining({ requestId: "c1", signal: expect.any(AbortSignal) }),
    );
    expect(sent).toEqual([
      {
        type: "control_response",
        response: {
          subtype: "success",
          request_id: "c1",
          response: {
            behavior: "allow",
            updatedInput: { file_path: "/w/README.md" },
            toolUseID: "toolu_01R",
          },
        },
      },
    ]);
    expect(channel.incomingCount).toBe(0);
  });

  it("answers deny with message and interrupt", async () => {
    const { channel, sent } = setup({
      handlers: { canUseTool: async () => ({ behavior: "deny", message: "not in policy", interrupt: true }) },
    });
    channel.receive(incoming("c2", canUseTool));
    await flush();
    expect(sent[0]).toEqual({
      type: "control_response",
      response: {
        subtype: "success",
        request_id: "c2",
        response: { behavior: "deny", message: "not in policy", interrupt: true, toolUseID: "toolu_01R" },
      },
    });
  });

  it("answers error when no can_use_tool handler exists, when it throws, or returns garbage", async () => {
    const cases: Array<[ControlChannelOptions["handlers"], RegExp]> = [
      [{}, /no can_use_tool handler/],
      [
        {
          canUseTool: async () => {
            throw new Error("policy file unreadable");
          },
        },
        /can_use_tool handler failed: policy file unreadable/,
      ],
      [{ canUseTool: async () => ({ behavior: "maybe" }) as never }, /neither allow nor deny/],
      // A handler that returns nothing is answered with an error, never left silent.
      [{ canUseTool: async () => undefined as never }, /^can_use_tool handler returned no decision$/],
      [{ canUseTool: async () => null as never }, /^can_use_tool handler returned no decision$/],
    ];
    for (const [handlers, message] of cases) {
      const { channel, sent } = setup({ handlers });
      channel.receive(incoming("c3", canUseTool));
      await flush();
      expect(sent).toHaveLength(1);
      const out = sent[0];
      if (out?.type !== "control_response" || out.response.subtype !== "error")
        throw new Error("expected error");
      expect(out.response.request_id).toBe("c3");
      expect(out.response.error).toMatch(message);
    }
  });

  it("ignores duplicate delivery of a request still in flight, and handles it again once answered", async () => {
    let release: (() => void) | undefined;
    const canUse = vi.fn(
      () =>
        new Promise<{ behavior: "allow"; updatedInput: Record<string, unknown> }>((resolve) => {
          release = () => resolve({ behavior: "allow", updatedInput: {} });
        }),
    );
    const { channel, sent, events } = setup({ handlers: { canUseTool: canUse } });
    channel.receive(incoming("dup", canUseTool));
    channel.receive(incoming("dup", canUseTool));
    await flush();
    expect(canUse).toHaveBeenCalledTimes(1);
    expect(events).toContainEqual({
      kind: "duplicate_request_ignored",
      requestId: "dup",
      subtype: "can_use_tool",
    });
    release?.();
    await flush();
    expect(sent).toHaveLength(1);
    // docs/protocol.md#control-channel: de-duplication covers only the in-flight window.
    channel.receive(incoming("dup", canUseTool));
    await flush();
    expect(canUse).toHaveBeenCalledTimes(2);
  });

  it("answers an unknown subtype, and a client -> loop subtype, with an error response", async () => {
    const { channel, sent, events } = setup();
    channel.receive(incoming("u1", { subtype: "bogus_subtype" }));
    channel.receive(incoming("u2", { subtype: "interrupt" }));
    await flush();
    expect(sent).toEqual([
      {
        type: "control_response",
        response: {
          subtype: "error",
          request_id: "u1",
          error: "Unsupported control request subtype: bogus_subtype",
        },
      },
      {
        type: "control_response",
        response: {
          subtype: "error",
          request_id: "u2",
          error: "Unsupported control request subtype: interrupt",
        },
      },
    ]);
    expect(events).toContainEqual({ kind: "unsupported_request", requestId: "u1", subtype: "bogus_subtype" });
  });

  it("declines elicitation by default and uses the handler when given", async () => {
    const elicitation = { subtype: "elicitation", mcp_server_name: "s", message: "Your name?" };
    const plain = setup();
    plain.channel.receive(incoming("e1", elicitation));
    await flush();
    expect(plain.sent[0]).toMatchObject({
      response: { subtype: "success", response: { action: "decline" } },
    });

    const handled = setup({
      handlers: { elicitation: async () => ({ action: "accept", content: { name: "Ada" } }) },
    });
    handled.channel.receive(incoming("e2", elicitation));
    await flush();
    expect(handled.sent[0]).toMatchObject({
      response: {
        subtype: "success",
        request_id: "e2",
        response: { action: "accept", content: { name: "Ada" } },
      },
    });
  });

  it("keeps request_user_dialog silent and parked unless its kind was declared", async () => {
    const dialog = { subtype: "request_user_dialog", dialog_kind: "plan_review", payload: {} };
    const requestUserDialog = vi.fn(async () => ({ behavior: "completed" as const, result: { ok: 1 } }));

    const undeclared = setup({ handlers: { requestUserDialog } });
    undeclared.channel.receive(incoming("d1", dialog));
    await flush();
    expect(undeclared.sent).toEqual([]);
    expect(requestUserDialog).not.toHaveBeenCalled();
    expect(undeclared.channel.incomingCount).toBe(1);
    undeclared.channel.receive(frame({ type: "control_cancel_request", request_id: "d1" }));
    expect(undeclared.channel.incomingCount).toBe(0);

    const noHandler = setup({ declaredDialogKinds: ["plan_review"] });
    noHandler.channel.receive(incoming("d2", dialog));
    await flush();
    expect(noHandler.sent).toEqual([]);

    const declared = setup({ handlers: { requestUserDialog }, declaredDialogKinds: ["plan_review"] });
    declared.channel.receive(incoming("d3", dialog));
    await flush();
    expect(declared.sent[0]).toMatchObject({
      response: {
        subtype: "success",
        request_id: "d3",
        response: { behavior: "completed", result: { ok: 1 } },
      },
    });
  });

  it("routes mcp_message and hook_callback to their handlers and errors without one", async () => {
    const { channel, sent } = setup({
      handlers: {
        mcpMessage: async (req) => ({
          mcp_response: { jsonrpc: "2.0", id: 1, result: { echoed: req.server_name } },
        }),
        hookCallback: async (req) => ({ continue: true, reason: req.callback_id }),
      },
    });
    channel.receive(
      incoming("m1", { subtype: "mcp_message", server_name: "repo", message: { jsonrpc: "2.0", id: 1 } }),
    );
    channel.receive(incoming("h1", { subtype: "hook_callback", callback_id: "cb_7", input: {} }));
    await flush();
    expect(sent).toContainEqual({
      type: "control_response",
      response: {
        subtype: "success",
        request_id: "m1",
        response: { mcp_response: { jsonrpc: "2.0", id: 1, result: { echoed: "repo" } } },
      },
    });
    expect(sent).toContainEqual({
      type: "control_response",
      response: { subtype: "success", request_id: "h1", response: { continue: true, reason: "cb_7" } },
    });

    const bare = setup();
    bare.channel.receive(incoming("m2", { subtype: "mcp_message", server_name: "repo", message: {} }));
    bare.channel.receive(incoming("h2", { subtype: "hook_callback", callback_id: "cb_9", input: {} }));
    bare.channel.receive(incoming("o1", { subtype: "oauth_token_refresh" }));
    await flush();
    const errors = bare.sent.map((f) =>
      f.type === "control_response" && f.response.subtype === "error" ? f.response.error : "",
    );
    expect(errors).toEqual([
      "SDK MCP server not found: repo",
      "No hook callback found for ID: cb_9",
      "oauth_token_refresh is not supported by this host",
    ]);
  });

  it("aborts the handler on control_cancel_request from the CLI and sends no answer", async () => {
    let seen: AbortSignal | undefined;
    let release: (() => void) | undefined;
    const { channel, sent } = setup({
      handlers: {
        canUseTool: (_req, ctx) => {
          seen = ctx.signal;
          return new Promise((resolve) => {
            release = () => resolve({ behavior: "allow", updatedInput: {} });
          });
        },
      },
    });
    channel.receive(incoming("k1", canUseTool));
    await flush();
    expect(channel.receive(frame({ type: "control_cancel_request", request_id: "k1" }))).toBe(true);
    expect(seen?.aborted).toBe(true);
    release?.();
    await flush();
    expect(sent).toEqual([]);
    expect(channel.incomingCount).toBe(0);
  });

  it("close() aborts incoming handlers and nothing is sent afterwards", async () => {
    let seen: AbortSignal | undefined;
    const { channel, sent } = setup({
      handlers: {
        canUseTool: async (_req, ctx) => {
          seen = ctx.signal;
          return { behavior: "allow", updatedInput: {} };
        },
      },
    });
    channel.receive(incoming("z1", canUseTool));
    channel.close("process exited");
    await flush();
    expect(seen?.aborted).toBe(true);
    expect(sent).toEqual([]);
    channel.receive(incoming("z2", canUseTool));
    await flush();
    expect(sent).toEqual([]);
  });

  it("answers a prompt redelivered on the initialize response and also delivered live once", async () => {
    const canUse = vi.fn(async () => ({ behavior: "allow" as const, updatedInput: {} }));
    const { channel, sent } = setup({ handlers: { canUseTool: canUse } });
    const init = channel.request("initialize");
    const pendingPrompt = { type: "control_request", request_id: "p1", request: canUseTool };
    channel.receive(
      frame({
        type: "control_response",
        response: {
          subtype: "success",
          request_id: "req-1",
          response: {},
          pending_permission_requests: [pendingPrompt],
        },
      }),
    );
    channel.receive(frame(pendingPrompt)); // the same request, live, while the replayed one is in flight
    await init;
    await flush();
    expect(canUse).toHaveBeenCalledTimes(1);
    expect(sent.filter((f) => f.type === "control_response")).toHaveLength(1);
  });

  it("handles prompts redelivered on an initialize response that never arrive live: permission and dialog", async () => {
    const canUse = vi.fn(async () => ({ behavior: "deny" as const, message: "no" }));
    const requestUserDialog = vi.fn(async () => ({ behavior: "cancelled" as const }));
    const { channel, sent } = setup({
      handlers: { canUseTool: canUse, requestUserDialog },
      declaredDialogKinds: ["plan_review"],
    });
    const init = channel.request("initialize");
    channel.receive(
      frame({
        type: "control_response",
        response: {
          subtype: "success",
          request_id: "req-1",
          response: {},
          pending_permission_requests: [
            { type: "control_request", request_id: "p1", request: canUseTool },
            { not: "a request" },
          ],
          pending_user_dialog_requests: [
            {
              type: "control_request",
              request_id: "p2",
              request: { subtype: "request_user_dialog", dialog_kind: "plan_review", payload: {} },
            },
            { request_id: "p3", request: { no: "subtype" } },
          ],
        },
      }),
    );
    await init;
    await flush();
    expect(canUse).toHaveBeenCalledTimes(1);
    expect(requestUserDialog).toHaveBeenCalledTimes(1);
    const answered = sent.filter((f) => f.type === "control_response").map((f) => f.response.request_id);
    expect(answered.sort()).toEqual(["p1", "p2"]);
  });

  it("answers a malformed can_use_tool (no tool_name or no input object) with an error, never the handler", async () => {
    const canUse = vi.fn(async () => ({ behavior: "allow" as const, updatedInput: {} }));
    const { channel, sent } = setup({ handlers: { canUseTool: canUse } });
    channel.receive(incoming("bad1", { subtype: "can_use_tool", input: {} }));
    channel.receive(incoming("bad2", { subtype: "can_use_tool", tool_name: "Bash", input: [] }));
    channel.receive(incoming("bad3", { subtype: "can_use_tool", tool_name: "Bash", input: null }));
    await flush();
    expect(canUse).not.toHaveBeenCalled();
    expect(sent).toHaveLength(3);
    for (const out of sent) {
      expect(out).toMatchObject({
        response: {
          subtype: "error",
          error: "malformed can_use_tool request: tool_name and input are required",
        },
      });
    }
  });

  it("allow without updatedInput sends the request's input; deny without message says denied; no tool_use_id, no toolUseID", async () => {
    const { channel, sent } = setup({
      handlers: {
        canUseTool: async (req) =>
          req.tool_name === "Read"
            ? ({ behavior: "allow", updatedInput: undefined } as never)
            : ({ behavior: "deny" } as never),
      },
    });
    channel.receive(incoming("a1", { subtype: "can_use_tool", tool_name: "Read", input: { p: 1 } }));
    channel.receive(incoming("a2", { subtype: "can_use_tool", tool_name: "Bash", input: {} }));
    await flush();
    expect(sent).toEqual([
      {
        type: "control_response",
        response: {
          subtype: "success",
          request_id: "a1",
          response: { behavior: "allow", updatedInput: { p: 1 } },
        },
      },
      {
        type: "control_response",
        response: { subtype: "success", request_id: "a2", response: { behavior: "deny", message: "denied" } },
      },
    ]);
  });

  it("passes updatedPermissions of an allow through", async () => {
    const { channel, sent } = setup({
      handlers: {
        canUseTool: async () => ({
          behavior: "allow",
          updatedInput: {},
          updatedPermissions: [{ type: "x" }],
        }),
      },
    });
    channel.receive(incoming("u1", canUseTool));
    await flush();
    expect(sent[0]).toMatchObject({
      response: {
        response: { behavior: "allow", updatedPermissions: [{ type: "x" }], toolUseID: "toolu_01R" },
      },
    });
  });

  it("ignores a control_cancel_request for an id it is not handling, and still consumes it", () => {
    const { channel, sent } = setup();
    expect(channel.receive(frame({ type: "control_cancel_request", request_id: "nobody" }))).toBe(true);
    expect(sent).toEqual([]);
    expect(channel.incomingCount).toBe(0);
  });

  it("answers oauth and host auth refreshes through their handlers, and errors without one", async () => {
    const { channel, sent } = setup({
      handlers: {
        oauthTokenRefresh: async () => ({ accessToken: null }),
        hostAuthTokenRefresh: async () => ({ authToken: null, materialUnchanged: true }),
        mcpMessage: async () => "not a record" as never,
      },
    });
    channel.receive(incoming("o1", { subtype: "oauth_token_refresh" }));
    channel.receive(incoming("o2", { subtype: "host_auth_token_refresh" }));
    channel.receive(incoming("o3", { subtype: "mcp_message", server_name: "s", message: {} }));
    await flush();
    expect(sent.map((f) => (f.type === "control_response" ? f.response : undefined))).toEqual([
      { subtype: "success", request_id: "o1", response: { accessToken: null } },
      { subtype: "success", request_id: "o2", response: { authToken: null, materialUnchanged: true } },
      { subtype: "success", request_id: "o3", response: {} },
    ]);
    const bare = setup();
    bare.channel.receive(incoming("o4", { subtype: "host_auth_token_refresh" }));
    await flush();
    expect(bare.sent[0]).toMatchObject({
      response: { subtype: "error", error: "host_auth_token_refresh is not supported by this host" },
    });
  });

  it("does not consume frames that are not control traffic", () => {
    const { channel } = setup();
    expect(channel.receive(frame({ type: "keep_alive" }))).toBe(false);
    expect(
      channel.receive(frame({ type: "assistant", message: { id: "m", role: "assistant", content: [] } })),
    ).toBe(false);
    expect(channel.receive(frame({ type: "system", subtype: "init" }))).toBe(false);
  });
});

describe("ControlChannel typed calls: success payloads checked at the boundary", () => {
  it("resolves a payload that fits its subtype, typed", async () => {
    const { channel } = setup();
    const promise = channel.call("get_binary_version", {});
    channel.receive(success("req-1", { version: "2.1.235", buildTime: "t" }));
    const payload = await promise;
    expect(payload.version).toBe("2.1.235");
  });

  it("rejects a success verdict whose payload lacks a field the subtype promises, naming each problem", async () => {
    const { channel } = setup();
    const promise = channel.call("mcp_set_servers", { servers: {} });
    channel.receive(success("req-1", { added: [], removed: "x", errors: [] }));
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ControlRequestError);
    expect((error as ControlRequestError).peerMessage).toBe(
      "malformed success payload: removed is not an array; errors is not an object",
    );
    expect(channel.pendingCount).toBe(0);
  });

  it("accepts acknowledgements without payload and unknown subtypes as they are", async () => {
    const { channel } = setup();
    const ack = channel.call("set_model", { model: "m" });
    channel.receive(success("req-1"));
    await expect(ack).resolves.toEqual({});
    const other = channel.request("side_question", {});
    channel.receive(success("req-2", { anything: 1 }));
    await expect(other).resolves.toEqual({ anything: 1 });
  });
});

describe("controlPayloadProblems", () => {
  it("checks every field kind: array, object, string, number, boolean, string or null", () => {
    expect(controlPayloadProblems("get_workspace_diff", { diff: null })).toEqual([]);
    expect(controlPayloadProblems("get_workspace_diff", { diff: "d" })).toEqual([]);
    expect(controlPayloadProblems("get_workspace_diff", { diff: 1 })).toEqual(["diff is not a string|null"]);
    expect(controlPayloadProblems("get_context_usage", { categories: [], totalTokens: "1" })).toEqual([
      "totalTokens is not a number",
    ]);
    expect(controlPayloadProblems("get_plan", { exists: "no" })).toEqual(["exists is not a boolean"]);
    expect(controlPayloadProblems("get_settings", { effective: [], sources: [] })).toEqual([
      "effective is not an object",
    ]);
    expect(controlPayloadProblems("get_settings", { effective: null, sources: {} })).toEqual([
      "effective is not an object",
      "sources is not an array",
    ]);
    expect(controlPayloadProblems("get_session_cost", {})).toEqual(["text is not a string"]);
    expect(controlPayloadProblems("get_settings", { effective: {}, sources: [] })).toEqual([]);
    expect(controlPayloadProblems("get_settings", { effective: "x", sources: [] })).toEqual([
      "effective is not an object",
    ]);
    expect(controlPayloadProblems("toString", {})).toEqual([]);
    expect(controlPayloadProblems("stop_task", {})).toEqual([]);
  });
});
