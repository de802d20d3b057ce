import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  ControlChannel,
  ControlRequestError,
  type ControlResponsePayloads,
  type ElicitationRequest,
  parseStdoutFrame,
  type StdoutFrame,
} from "../../src/protocol/index.js";
import { type ClaudeProcess, type ClaudeRunResult, spawnClaude } from "../harness/claude-cli.js";
import { protocolAgreement } from "../harness/protocol-agreement.js";
import {
  CLI_TIMEOUT_MS,
  type ScriptedClaude,
  STREAM_JSON_ARGS,
  startScriptedClaude,
  userFrame,
} from "../harness/scripted-claude-fixture.js";
import { conversationText, toolResultsOf } from "../harness/scripted-messages-api.js";

// The DirectoryAdded hook below outlives the CLI's 30 s keep_alive interval on purpose.
const SESSION_BUDGET_MS = 2 * CLI_TIMEOUT_MS;
vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: SESSION_BUDGET_MS });

// One real session for the client -> loop subtypes that need a workspace, an MCP server or the
// feedback policy (set_cwd, register_repo_root, set_mcp_permission_mode_override, mcp_call,
// message_rated, submit_feedback, the worker-only side_question), the stdin frames beside `user`
// (bash_command, update_environment_variables, queued_notification, session_notice), and what those
// make the CLI send back: an elicitation control_request from mcp_call's tool, elicitation_complete,
// control_request_progress for the side question, and keep_alive while register_repo_root's
// DirectoryAdded hook runs longer than 30 s. Every request goes through the product's ControlChannel
// (typed fields, success payload checked at the boundary).
const MCP_SERVER = fileURLToPath(new URL("../harness/elicit-mcp-server.mjs", import.meta.url));
const BASH_COMMAND_UUID = "22222222-2222-4222-8222-222222222222";
const NOTIFICATION_UUID = "33333333-3333-4333-8333-333333333333";
const KEEP_ALIVE_HOOK_SECONDS = 34;

describe("workspace, MCP and feedback control subtypes, and the other stdin frames (real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  let proc: ClaudeProcess;
  let run: ClaudeRunResult;
  let recordDir: string;
  const answers = new Map<string, unknown>();
  const elicitations: ElicitationRequest[] = [];
  let registeredAt = 0;
  let keepAliveAt = 0;

  beforeAll(async () => {
    fixture = await startScriptedClaude((request) => {
      // The side question's request carries the question (where in the body differs by version);
      // the main turn's never does.
      const text = JSON.stringify(request.body);
      if (text.includes("SIDE-QUESTION") && !text.includes("run env")) return { kind: "text", text: "Four." };
      if (toolResultsOf(request).length === 0) {
        return {
          kind: "tool_use",
          name: "Bash",
          input: { command: "echo FOO=$PROBE_FOO", description: "env" },
        };
      }
      return { kind: "text", text: "Env seen." };
    });
    recordDir = join(fixture.cwd, ".mcp-record");
    await mkdir(recordDir);
    await mkdir(join(fixture.cwd, "repo"));
    await mkdir(join(fixture.cwd, "untrusted"));
    const mcpConfig = { mcpServers: { asker: { command: process.execPath, args: [MCP_SERVER, recordDir] } } };
    const settings = {
      permissions: { allow: ["Bash"] },
      hooks: {
        DirectoryAdded: [
          { hooks: [{ type: "command", command: `sleep ${KEEP_ALIVE_HOOK_SECONDS}; echo added` }] },
        ],
      },
    };
    proc = spawnClaude(
      [
        ...STREAM_JSON_ARGS,
        "--mcp-config",
        JSON.stringify(mcpConfig),
        "--settings",
        JSON.stringify(settings),
      ],
      { env: fixture.env, cwd: fixture.cwd, timeoutMs: SESSION_BUDGET_MS - 10_000 },
    );
    const channel = new ControlChannel({
      send: (frame) => proc.write(frame),
      handlers: {
        elicitation: async (request) => {
          elicitations.push(request);
          return { action: "accept", content: { ok: true } };
        },
      },
    });
    void proc
      .waitForFrame((frame) => {
        if (frame.type === "keep_alive" && keepAliveAt === 0) keepAliveAt = Date.now();
        channel.receive(parseStdoutFrame(frame));
        return false;
      }, SESSION_BUDGET_MS)
      .catch(() => {});
    const settle = async (name: string, promise: Promise<unknown>) => {
      answers.set(
        name,
        await promise.then(
          (value) => value,
          (error: unknown) => error,
        ),
      );
    };

    await settle("initialize", channel.call("initialize", {}));
    await settle("set_cwd_untrusted", channel.call("set_cwd", { path: join(fixture.cwd, "untrusted") }));
    await settle("set_cwd_same", channel.call("set_cwd", { path: fixture.cwd }));
    registeredAt = Date.now();
    await settle(
      "register_repo_root",
      channel.call("register_repo_root", { directory: join(fixture.cwd, "repo") }),
    );
    await settle(
      "register_repo_root_again",
      channel.call("register_repo_root", { directory: join(fixture.cwd, "repo") }),
    );
    await settle(
      "override_default",
      channel.call("set_mcp_permission_mode_override", { serverName: "asker", mode: "default" }),
    );
    await settle(
      "override_bypass",
      channel.request("set_mcp_permission_mode_override", { serverName: "asker", mode: "bypassPermissions" }),
    );
    await settle(
      "mcp_call",
      channel.call("mcp_call", { tool: "mcp__asker__confirm", arguments: { topic: "the deploy" } }),
    );
    await settle(
      "message_rated",
      channel.call("message_rated", {
        messageUuid: "00000000-0000-4000-8000-000000000000",
        sentiment: "positive",
      }),
    );
    await settle("submit_feedback", channel.call("submit_feedback", { description: "conformance probe" }));

    // Only the two session credentials may be updated; other names are refused (and a later Bash
    // call proves it). A request_id makes the CLI answer the frame like a control request.
    proc.write({
      type: "update_environment_variables",
      variables: { PROBE_FOO: "bar", CLAUDE_CODE_SESSION_ACCESS_TOKEN: "scripted-session-token" },
      request_id: "env-1",
    });
    proc.write({ type: "update_environment_variables", variables: { PROBE_FOO: 1 }, request_id: "env-2" });
    proc.write({ type: "bash_command", command: "echo from-bash-command", uuid: BASH_COMMAND_UUID });
    proc.write({
      type: "queued_notification",
      notification: {
        notification_id: "n-1",
        origin: "github_webhook",
        content: "QUEUED-NOTIFICATION from a webhook",
        priority: "next",
        queued_at: new Date().toISOString(),
      },
      uuid: NOTIFICATION_UUID,
    });
    proc.write({
      type: "session_notice",
      uuid: "notice-1",
      notice_class: "peer_notice",
      from_session_id: "peer-1",
      content: "SESSION-NOTICE from a peer",
      isSynthetic: true,
    });
    await settle("side_question", channel.call("side_question", { question: "SIDE-QUESTION what is 2+2?" }));

    proc.write(userFrame("run env"));
    await proc.waitForFrame((f) => f.type === "result", 120_000);
    // The hook is still sleeping: the CLI keeps the transport alive every 30 s meanwhile.
    await proc.waitForFrame((f) => f.type === "keep_alive", 90_000);
    proc.endStdin();
    run = await proc.exited;
    channel.close("exited");
  });
  afterAll(() => fixture.close());

  const ok = <S extends keyof ControlResponsePayloads>(name: string) =>
    answers.get(name) as ControlResponsePayloads[S];
  const failed = (name: string) => {
    const answer = answers.get(name);
    expect(answer).toBeInstanceOf(ControlRequestError);
    return (answer as ControlRequestError).peerMessage;
  };
  const frames = () => run.frames.map(parseStdoutFrame) as StdoutFrame[];
  const systemFrames = (subtype: string) =>
    frames().filter((f) => f.type === "system" && f.subtype === subtype) as Array<Record<string, unknown>>;

  it("set_cwd: an untrusted directory answers needs_trust and keeps the cwd; the current one is ok, unchanged", () => {
    expect(ok<"set_cwd">("set_cwd_untrusted")).toEqual({
      status: "needs_trust",
      directory: join(fixture.cwd, "untrusted"),
    });
    expect(ok<"set_cwd">("set_cwd_same")).toMatchObject({ status: "ok", cwd: fixture.cwd, changed: false });
  });

  it("register_repo_root: a subdirectory becomes a working root once; a second registration is refused", () => {
    expect(ok<"register_repo_root">("register_repo_root")).toEqual({ directory: join(fixture.cwd, "repo") });
    expect(failed("register_repo_root_again")).toBe(
      `register_repo_root: ${join(fixture.cwd, "repo")} is already a registered working directory`,
    );
  });

  it("keep_alive: sent while register_repo_root's DirectoryAdded hook runs past 30 s", () => {
    expect(run.frames).toContainEqual({ type: "keep_alive" });
    expect(keepAliveAt - registeredAt).toBeGreaterThanOrEqual(29_000);
  });

  it("set_mcp_permission_mode_override: tighten-only, 'default' acknowledged, bypassPermissions refused", () => {
    expect(ok("override_default")).toEqual({});
    expect(failed("override_bypass")).toBe(
      "Permission mode override over the control channel is tighten-only ('default', 'auto', or null); rejected 'bypassPermissions'",
    );
  });

  it("mcp_call runs the MCP tool without a model turn; its elicitation reaches the host as a control_request", async () => {
    expect(elicitations).toHaveLength(1);
    expect(elicitations[0]).toMatchObject({
      subtype: "elicitation",
      mcp_server_name: "asker",
      message: "Proceed with the deploy?",
    });
    expect(ok<"mcp_call">("mcp_call").content).toEqual([
      { type: "text", text: 'answer: {"action":"accept","content":{"ok":true}}' },
    ]);
    const received = await readFile(join(recordDir, "received.log"), "utf8");
    expect(received).toContain('"method":"tools/call"');
  });

  it("elicitation_complete: the MCP server's completion notification becomes a system frame", () => {
    expect(systemFrames("elicitation_complete")).toEqual([
      expect.objectContaining({ mcp_server_name: "asker", elicitation_id: "elicit-42" }),
    ]);
  });

  it("message_rated is acknowledged; submit_feedback reports why it cannot upload offline", () => {
    expect(ok("message_rated")).toEqual({});
    expect(ok<"submit_feedback">("submit_feedback")).toEqual({
      feedback_id: null,
      unavailable_reason:
        "/feedback has been disabled via the CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC environment variable",
    });
  });

  it("side_question: control_request_progress (started) for its request id, then the answer", () => {
    expect(ok<"side_question">("side_question")).toEqual({ response: "Four.", synthetic: false });
    const progress = systemFrames("control_request_progress");
    expect(progress).toHaveLength(1);
    expect(progress[0]).toMatchObject({ status: "started", request_id: expect.any(String) });
    const responseIds = frames().flatMap((f) =>
      f.type === "control_response" && f.response.subtype === "success" ? [f.response.request_id] : [],
    );
    expect(responseIds).toContain(progress[0]!.request_id);
  });

  it("update_environment_variables: answered by request_id; only the session credentials are applied", () => {
    const verdicts = frames().flatMap((f) =>
      f.type === "control_response" && f.response.request_id.startsWith("env-") ? [f.response] : [],
    );
    // 2.1.332 adds response.applied (the keys it set).
    expect(verdicts).toEqual([
      expect.objectContaining({ subtype: "success", request_id: "env-1" }),
      {
        subtype: "error",
        request_id: "env-2",
        error: "update_environment_variables: variables must be an object of string values",
      },
    ]);
    // PROBE_FOO is not on the CLI's allowlist: the later Bash call does not see it.
    const results = fixture.api.mainRequests.flatMap((r) => toolResultsOf(r));
    expect(results.map((r) => r.content)).toEqual(["FOO="]);
  });

  it("bash_command runs without a model turn: input and output come back as replayed user frames", () => {
    const replays = frames().flatMap((f) =>
      f.type === "user" && typeof f.message.content === "string" ? [f.message.content] : [],
    );
    expect(replays).toContain("<bash-input>echo from-bash-command</bash-input>");
    expect(replays).toContain(
      "<bash-stdout>from-bash-command</bash-stdout><bash-stderr></bash-stderr><bash-exit-code>0</bash-exit-code>",
    );
    const lifecycle = frames().filter(
      (f) => f.type === "command_lifecycle" && f.command_uuid === BASH_COMMAND_UUID,
    );
    // 2.1.235 reports only `completed`; 2.1.332 reports `started` first.
    const states = lifecycle.map((f) => (f.type === "command_lifecycle" ? f.state : ""));
    expect(states.at(-1)).toBe("completed");
    expect(states.filter((s) => s !== "started")).toEqual(["completed"]);
    expect(fixture.api.mainRequests.some((r) => conversationText(r).includes("from-bash-command"))).toBe(
      false,
    );
  });

  it("queued_notification outside remote mode: acknowledged (command_lifecycle completed), never shown to the model", () => {
    const lifecycle = frames().filter(
      (f) => f.type === "command_lifecycle" && f.command_uuid === NOTIFICATION_UUID,
    );
    expect(lifecycle.map((f) => (f.type === "command_lifecycle" ? f.state : ""))).toEqual(["completed"]);
    expect(
      fixture.api.requests.some((r) => JSON.stringify(r.body ?? "").includes("QUEUED-NOTIFICATION")),
    ).toBe(false);
  });

  it("session_notice on stdin pipes is dropped: no frame, no model input, the session goes on", () => {
    expect(run.stdout).not.toContain("SESSION-NOTICE");
    expect(fixture.api.requests.some((r) => JSON.stringify(r.body ?? "").includes("SESSION-NOTICE"))).toBe(
      false,
    );
    expect(frames().filter((f) => f.type === "result")).toEqual([
      expect.objectContaining({ subtype: "success", result: "Env seen." }),
    ]);
  });

  it("src/protocol classifies every frame and predicts the real exit code", () => {
    expect(run.code).toBe(0);
    const agreement = protocolAgreement(run);
    expect(agreement.unclassified).toEqual([]);
    expect(agreement.predictedExitCode).toBe(run.code);
  });
});
