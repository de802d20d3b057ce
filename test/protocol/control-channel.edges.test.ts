import { afterEach, describe, expect, it, vi } from "vitest";
import {
  ControlChannel,
  type ControlChannelEvent,
  type ControlChannelOptions,
  ControlRequestCancelledError,
  ControlTransportClosedError,
  parseStdoutFrame,
  type StdinFrame,
  type StdoutFrame,
} from "../../src/protocol/index.js";

// Edges of the control channel that the main suite (control-channel.test.ts) leaves open: the exact
// texts and ids a host sees in errors and answers, the defaults, listener and timer hygiene, and
// hosts that pass no onEvent callback.

const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
const frame = (value: unknown): StdoutFrame => parseStdoutFrame(value);
const success = (requestId: string, response: Record<string, unknown> = {}) =>
  frame({ type: "control_response", response: { subtype: "success", request_id: requestId, response } });
const incoming = (requestId: string, request: Record<string, unknown>) =>
  frame({ type: "control_request", request_id: requestId, request });

function setup(options: Partial<ControlChannelOptions> = {}) {
  const sent: StdinFrame[] = [];
  const events: ControlChannelEvent[] = [];
  let next = 0;
  const channel = new ControlChannel({
    send: (out) => sent.push(out),
    newRequestId: () => `req-${++next}`,
    onEvent: (event) => events.push(event),
    ...options,
  });
  return { channel, sent, events };
}

/** The answer the channel wrote for an incoming request. */
function answerTo(sent: StdinFrame[], requestId: string) {
  const out = sent.find(
    (f) => f.type === "control_response" && (f.response as { request_id?: string }).request_id === requestId,
  );
  return out?.type === "control_response" ? (out.response as Record<string, unknown>) : undefined;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("ControlChannel defaults", () => {
  it("uses random UUIDs as request ids when no id source is given", () => {
    const sent: StdinFrame[] = [];
    const channel = new ControlChannel({ send: (out) => sent.push(out) });
    void channel.request("get_binary_version").catch(() => {});
    void channel.request("get_binary_version").catch(() => {});
    const ids = sent.map((f) => (f as { request_id: string }).request_id);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(ids[1]).not.toBe(ids[0]);
  });

  it("is open until close(), and a second close keeps the first reason", async () => {
    const { channel } = setup();
    expect(channel.closed).toBe(false);
    channel.close("first");
    channel.close("second");
    expect(channel.closed).toBe(true);
    await expect(channel.request("get_settings")).rejects.toMatchObject({
      name: "ControlTransportClosedError",
      message: expect.stringContaining("first"),
    });
  });

  it("awaitResponse names the subtype 'external' unless told", async () => {
    const { channel } = setup();
    channel.close("gone");
    const error = await channel.awaitResponse("ext-1").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ControlTransportClosedError);
    expect(error).toMatchObject({ subtype: "external", requestId: "ext-1" });
  });

  it("cancel() without a reason says 'cancelled by caller'", async () => {
    const { channel } = setup();
    const promise = channel.request("get_settings");
    expect(channel.cancel("req-1")).toBe(true);
    await expect(promise).rejects.toThrow(/cancelled by caller/);
  });

  it("gives up after exactly 100 ids already in use", async () => {
    const ids = vi.fn(() => "same");
    const busy = new ControlChannel({ send: () => {}, newRequestId: ids });
    void busy.request("get_settings").catch(() => {});
    ids.mockClear();
    await expect(busy.request("get_settings")).rejects.toThrow(/100 times in a row/);
    expect(ids).toHaveBeenCalledTimes(100);
    expect(busy.pendingCount).toBe(1);
  });
});

describe("ControlChannel errors before anything is sent carry no request id", () => {
  it("refuses a loop -> client subtype, a closed transport and an aborted signal with requestId ''", async () => {
    const { channel, sent } = setup();
    await expect(channel.request("can_use_tool")).rejects.toMatchObject({
      name: "ControlRequestError",
      requestId: "",
      peerMessage: "can_use_tool is sent by the CLI to the host, never by the host",
    });
    const controller = new AbortController();
    controller.abort(new Error("host shut down"));
    const aborted = await channel.request("get_settings", {}, { signal: controller.signal }).catch((e) => e);
    expect(aborted).toBeInstanceOf(ControlRequestCancelledError);
    expect(aborted).toMatchObject({ requestId: "" });
    // An Error reason is reported by its message, not as "Error: ...".
    expect(aborted.message).toMatch(/host shut down$/);
    expect(aborted.message).not.toContain("Error: host shut down");
    channel.close("bye");
    await expect(channel.request("get_settings")).rejects.toMatchObject({ requestId: "" });
    expect(sent).toEqual([]);
  });
});

describe("ControlChannel deadlines, progress and listeners", () => {
  it("a request without a deadline never times out", async () => {
    vi.useFakeTimers();
    const { channel } = setup();
    const promise = channel.request("get_settings");
    vi.advanceTimersByTime(10 * 60_000);
    expect(channel.pendingCount).toBe(1);
    channel.receive(success("req-1", { ok: 1 }));
    await expect(promise).resolves.toEqual({ ok: 1 });
  });

  it("progress for a request with a deadline reports extended: true; one without, false", () => {
    const { channel, events } = setup();
    void channel.request("get_settings", {}, { timeoutMs: 60_000 }).catch(() => {});
    void channel.request("get_settings").catch(() => {});
    for (const id of ["req-1", "req-2"]) {
      channel.receive(frame({ type: "system", subtype: "control_request_progress", request_id: id }));
    }
    expect(events.filter((e) => e.kind === "progress")).toEqual([
      { kind: "progress", requestId: "req-1", extended: true },
      { kind: "progress", requestId: "req-2", extended: false },
    ]);
    channel.close("done");
  });

  it("ignores progress without a request id and other system frames that carry one", () => {
    vi.useFakeTimers();
    const { channel, events } = setup();
    const promise = channel.request("get_settings", {}, { timeoutMs: 1_000 });
    promise.catch(() => {});
    vi.advanceTimersByTime(900);
    channel.receive(frame({ type: "system", subtype: "control_request_progress" }));
    channel.receive(frame({ type: "system", subtype: "status", status: null, request_id: "req-1" }));
    expect(events.filter((e) => e.kind === "progress")).toEqual([]);
    // Neither frame extended the deadline: it still expires 1 s after the request.
    vi.advanceTimersByTime(100);
    expect(channel.pendingCount).toBe(0);
  });

  it("removes its abort listener once the request settles", async () => {
    const { channel } = setup();
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, "removeEventListener");
    const promise = channel.request("get_settings", {}, { signal: controller.signal });
    channel.receive(success("req-1"));
    await promise;
    expect(remove).toHaveBeenCalledWith("abort", expect.any(Function));
  });

  it("survives a response delivered during send() followed by send() throwing", async () => {
    let channel: ControlChannel | undefined;
    channel = new ControlChannel({
      newRequestId: () => "fast",
      send: (out) => {
        if (out.type === "control_request") channel?.receive(success(out.request_id, { ok: true }));
        throw new Error("pipe closed after the write");
      },
    });
    await expect(channel.request("get_settings")).resolves.toEqual({ ok: true });
  });
});

describe("ControlChannel answers to the CLI's requests", () => {
  it("answers with the exact texts a host without handlers gives", async () => {
    const { channel, sent } = setup();
    channel.receive(incoming("h", { subtype: "hook_callback", callback_id: "cb-9", input: {} }));
    channel.receive(incoming("m", { subtype: "mcp_message", server_name: "srv", message: {} }));
    channel.receive(incoming("o", { subtype: "oauth_token_refresh" }));
    channel.receive(incoming("a", { subtype: "host_auth_token_refresh" }));
    channel.receive(incoming("c", { subtype: "can_use_tool", tool_name: "Read", input: {} }));
    channel.receive(incoming("i", { subtype: "interrupt" }));
    await flush();
    const errors = Object.fromEntries(
      ["h", "m", "o", "a", "c", "i"].map((id) => [id, answerTo(sent, id)?.error]),
    );
    expect(errors).toEqual({
      h: "No hook callback found for ID: cb-9",
      m: "SDK MCP server not found: srv",
      o: "oauth_token_refresh is not supported by this host",
      a: "host_auth_token_refresh is not supported by this host",
      c: "no can_use_tool handler is registered",
      i: "Unsupported control request subtype: interrupt",
    });
  });

  it("reports unsupported_request only for subtypes it does not know", async () => {
    const { channel, events } = setup();
    channel.receive(incoming("h", { subtype: "hook_callback", callback_id: "cb", input: {} }));
    channel.receive(incoming("i", { subtype: "interrupt" }));
    channel.receive(incoming("x", { subtype: "brand_new" }));
    await flush();
    expect(events.filter((e) => e.kind === "unsupported_request")).toEqual([
      { kind: "unsupported_request", requestId: "x", subtype: "brand_new" },
    ]);
  });

  it("can_use_tool: exact errors for a malformed request, no decision and an unknown behaviour", async () => {
    const decisions: unknown[] = [undefined, { behavior: "maybe" }];
    const { channel, sent } = setup({
      handlers: { canUseTool: async () => decisions.shift() as never },
    });
    channel.receive(incoming("bad", { subtype: "can_use_tool", input: {} }));
    channel.receive(incoming("none", { subtype: "can_use_tool", tool_name: "Read", input: {} }));
    channel.receive(incoming("odd", { subtype: "can_use_tool", tool_name: "Read", input: {} }));
    await flush();
    expect(answerTo(sent, "bad")?.error).toBe(
      "malformed can_use_tool request: tool_name and input are required",
    );
    expect(answerTo(sent, "none")?.error).toBe("can_use_tool handler returned no decision");
    expect(answerTo(sent, "odd")?.error).toBe("can_use_tool handler returned neither allow nor deny");
  });

  it("can_use_tool: no toolUseID without a tool_use_id, no interrupt unless the handler set one", async () => {
    const decisions = [{ behavior: "allow" as const }, { behavior: "deny" as const, message: "no" }];
    // updatedInput left out on purpose: the channel falls back to the request's input.
    const { channel, sent } = setup({ handlers: { canUseTool: async () => decisions.shift() as never } });
    channel.receive(incoming("a", { subtype: "can_use_tool", tool_name: "Read", input: { p: 1 } }));
    channel.receive(incoming("d", { subtype: "can_use_tool", tool_name: "Read", input: {} }));
    await flush();
    expect(answerTo(sent, "a")?.response).toEqual({ behavior: "allow", updatedInput: { p: 1 } });
    expect(answerTo(sent, "d")?.response).toEqual({ behavior: "deny", message: "no" });
  });

  it("request_user_dialog: a declared kind is answered with the handler's result; null parks it", async () => {
    const results: unknown[] = [{ choice: "ok" }, null];
    const { channel, sent } = setup({
      declaredDialogKinds: ["confirm"],
      handlers: { requestUserDialog: async () => results.shift() as never },
    });
    channel.receive(incoming("d1", { subtype: "request_user_dialog", dialog_kind: "confirm" }));
    channel.receive(incoming("d2", { subtype: "request_user_dialog", dialog_kind: "confirm" }));
    await flush();
    expect(answerTo(sent, "d1")).toEqual({
      subtype: "success",
      request_id: "d1",
      response: { choice: "ok" },
    });
    expect(answerTo(sent, "d2")).toBeUndefined();
    expect(channel.incomingCount).toBe(1);
  });

  it("a failing handler is reported with its message and answered with an error", async () => {
    const { channel, sent, events } = setup({
      handlers: {
        hookCallback: async () => {
          throw new Error("boom");
        },
      },
    });
    channel.receive(incoming("h", { subtype: "hook_callback", callback_id: "cb", input: {} }));
    await flush();
    expect(events).toContainEqual({
      kind: "handler_failed",
      requestId: "h",
      subtype: "hook_callback",
      message: "boom",
    });
    expect(answerTo(sent, "h")?.error).toBe("hook_callback handler failed: boom");
  });

  it("aborts a handler's signal with a reason naming who stopped it", async () => {
    const signals: AbortSignal[] = [];
    const { channel } = setup({
      handlers: {
        hookCallback: (_request, context) => {
          signals.push(context.signal);
          return new Promise(() => {});
        },
      },
    });
    channel.receive(incoming("c1", { subtype: "hook_callback", callback_id: "a", input: {} }));
    channel.receive(incoming("c2", { subtype: "hook_callback", callback_id: "b", input: {} }));
    await flush();
    channel.receive(frame({ type: "control_cancel_request", request_id: "c1" }));
    channel.close("stdout ended");
    expect(signals.map((s) => (s.reason as Error).message)).toEqual([
      "cancelled by the CLI (control_cancel_request)",
      "transport closed: stdout ended",
    ]);
  });

  it("ignores malformed prompts redelivered on a response envelope", async () => {
    const asked: string[] = [];
    const { channel, sent } = setup({
      handlers: {
        canUseTool: async (request) => {
          asked.push(request.tool_name);
          return { behavior: "allow", updatedInput: {} };
        },
      },
    });
    const promise = channel.request("initialize");
    channel.receive(
      frame({
        type: "control_response",
        response: {
          subtype: "success",
          request_id: "req-1",
          response: {},
          pending_permission_requests: [
            null,
            { request_id: 7, request: { subtype: "can_use_tool", tool_name: "A", input: {} } },
            { request_id: "no-body" },
            { request_id: "bad-subtype", request: { subtype: 3 } },
            { request_id: "ok", request: { subtype: "can_use_tool", tool_name: "Read", input: {} } },
          ],
        },
      }),
    );
    await promise;
    await flush();
    expect(asked).toEqual(["Read"]);
    expect(sent.filter((f) => f.type === "control_response")).toHaveLength(1);
  });
});

describe("ControlChannel without an onEvent callback", () => {
  it("caches, evicts, reports progress, duplicates, failures and unsupported requests without throwing", async () => {
    const sent: StdinFrame[] = [];
    const channel = new ControlChannel({
      send: (out) => sent.push(out),
      unmatchedCap: 1,
      handlers: {
        hookCallback: async () => {
          throw new Error("boom");
        },
        canUseTool: () => new Promise(() => {}),
      },
    });
    expect(() => {
      channel.receive(success("stray-1"));
      channel.receive(success("stray-2"));
      channel.receive(frame({ type: "system", subtype: "control_request_progress", request_id: "x" }));
      channel.receive(incoming("dup", { subtype: "can_use_tool", tool_name: "Read", input: {} }));
      channel.receive(incoming("dup", { subtype: "can_use_tool", tool_name: "Read", input: {} }));
      channel.receive(incoming("h", { subtype: "hook_callback", callback_id: "cb", input: {} }));
      channel.receive(incoming("u", { subtype: "brand_new" }));
    }).not.toThrow();
    await flush();
    expect(channel.unmatchedCount).toBe(1);
    const answered = sent.map((f) => (f.type === "control_response" ? f.response.request_id : f.type));
    expect(answered.sort()).toEqual(["h", "u"]);
  });

  it("a cancel frame that cannot be written still rejects the request and reports send_failed", async () => {
    const events: ControlChannelEvent[] = [];
    const channel = new ControlChannel({
      newRequestId: () => "r",
      send: (out) => {
        if (out.type === "control_cancel_request") throw new Error("broken pipe");
      },
      onEvent: (event) => events.push(event),
    });
    const promise = channel.request("get_settings");
    channel.cancel("r", "stop");
    await expect(promise).rejects.toBeInstanceOf(ControlRequestCancelledError);
    expect(events).toContainEqual({ kind: "send_failed", requestId: "r", message: "broken pipe" });
    const quiet = new ControlChannel({
      newRequestId: () => "q",
      send: (out) => {
        if (out.type === "control_cancel_request") throw new Error("broken pipe");
      },
    });
    const quietPromise = quiet.request("get_settings");
    expect(() => quiet.cancel("q")).not.toThrow();
    await expect(quietPromise).rejects.toBeInstanceOf(ControlRequestCancelledError);
  });
});
