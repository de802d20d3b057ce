import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseStdoutFrame, type StdoutFrame } from "../../src/protocol/index.js";
import { type ClaudeProcess, type ClaudeRunResult, runClaude, spawnClaude } from "../harness/claude-cli.js";
import { protocolAgreement } from "../harness/protocol-agreement.js";
import {
  CLI_TIMEOUT_MS,
  type ScriptedClaude,
  STREAM_JSON_ARGS,
  startScriptedClaude,
  userFrame,
} from "../harness/scripted-claude-fixture.js";

// The first session runs four turns, two hooks per tool call and a /compact: under a shared machine's
// load it needs more than one CLI_TIMEOUT_MS.
const SESSION_BUDGET_MS = 3 * CLI_TIMEOUT_MS;
vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: SESSION_BUDGET_MS });

// The stdout frame types and system subtypes that 2.1.235 only sends behind a flag, an environment
// variable, a hook, a task or a slash command (docs/conformance.md, "Stdout frames on the binary").
// Two sessions run side by side: a stream-json session with every opt-in the runner could use, and
// one in remote mode (CLAUDE_CODE_REMOTE), the only mode that reports Bash progress, the active goal
// and the auto-compaction state. Each frame is classified by src/protocol and narrowed by its type.

type Narrow<T extends StdoutFrame["type"], S = undefined> = Extract<
  StdoutFrame,
  S extends string ? { type: T; subtype: S } : { type: T }
>;

function framesOf<T extends StdoutFrame["type"]>(run: ClaudeRunResult, type: T): Narrow<T>[] {
  return run.frames.map(parseStdoutFrame).filter((f): f is Narrow<T> => f.type === type);
}

function systemOf<S extends string>(run: ClaudeRunResult, subtype: S): Narrow<"system", S>[] {
  return run.frames
    .map(parseStdoutFrame)
    .filter((f): f is Narrow<"system", S> => f.type === "system" && f.subtype === subtype);
}

const resultCount = (proc: ClaudeProcess) => proc.frames.filter((f) => isType(f, "result")).length;
const isType = (frame: unknown, type: string) => (frame as { type?: unknown }).type === type;

const FIRST_PROMPT_UUID = "11111111-1111-4111-8111-111111111111";
const HOOK_SETTINGS = {
  permissions: { allow: ["Bash"] },
  hooks: {
    // Long enough for one progress poll (the CLI polls a running hook's output about once a second).
    PreToolUse: [
      { matcher: "Bash", hooks: [{ type: "command", command: "echo start; sleep 1.6; echo end" }] },
    ],
    Stop: [{ hooks: [{ type: "command", command: "echo stopped" }] }],
  },
};

describe("opt-in stdout frames of a stream-json session (real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  let run: ClaudeRunResult;

  beforeAll(async () => {
    fixture = await startScriptedClaude((_request, index) => {
      if (index === 0) {
        return {
          kind: "tool_use",
          name: "Bash",
          input: { command: "sleep 4; echo hi", description: "wait" },
        };
      }
      if (index === 1) {
        return {
          kind: "tool_use",
          name: "Bash",
          input: { command: "sleep 1; echo bg", description: "bg", run_in_background: true },
        };
      }
      // Later main requests: the turn's answer, the /compact summary and the turn the finished
      // background task starts on its own.
      return { kind: "text", text: "Done." };
    });
    const proc = spawnClaude(
      [
        ...STREAM_JSON_ARGS,
        "--include-hook-events",
        "--replay-user-messages",
        "--session-mirror",
        "--settings",
        JSON.stringify(HOOK_SETTINGS),
      ],
      {
        env: {
          ...fixture.env,
          CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: "1",
          CLAUDE_CODE_EMIT_TOOL_USE_SUMMARIES: "1",
        },
        cwd: fixture.cwd,
        timeoutMs: SESSION_BUDGET_MS - 10_000,
      },
    );
    proc.write({ ...userFrame("run both"), uuid: FIRST_PROMPT_UUID });
    // The background task's completion starts a turn of its own: wait for its result too.
    await proc.waitForFrame((f) => isType(f, "system") && f.subtype === "task_updated", 120_000);
    await proc.waitForFrame(() => resultCount(proc) >= 2, 120_000);
    proc.write(userFrame("/compact"));
    await proc.waitForFrame((f) => isType(f, "system") && f.subtype === "compact_boundary", 120_000);
    await proc.waitForFrame(() => resultCount(proc) >= 3, 120_000);
    proc.write(userFrame("/clear"));
    await proc.waitForFrame((f) => isType(f, "conversation_reset"), 120_000);
    await proc.waitForFrame(() => resultCount(proc) >= 4, 120_000);
    proc.endStdin();
    run = await proc.exited;
  });
  afterAll(() => fixture.close());

  it("--include-hook-events: hook_started, hook_progress with the output so far, hook_response", () => {
    const [started] = systemOf(run, "hook_started");
    expect(started).toMatchObject({ hook_name: "PreToolUse:Bash", hook_event: "PreToolUse" });
    const progress = systemOf(run, "hook_progress").find((f) => f.hook_id === started?.hook_id);
    expect(progress?.stdout).toBe("start\n");
    const response = systemOf(run, "hook_response").find((f) => f.hook_id === started?.hook_id);
    expect(response).toMatchObject({ stdout: "start\nend\n", exit_code: 0, outcome: "success" });
  });

  it("Bash calls are tasks: task_started / task_notification, background ones also task_updated and background_tasks_changed", () => {
    const started = systemOf(run, "task_started");
    expect(started.map((f) => [f.description, f.task_type])).toEqual([
      ["wait", "local_bash"],
      ["bg", "local_bash"],
    ]);
    const background = started[1]!.task_id;
    const notes = systemOf(run, "task_notification");
    expect(notes.map((f) => [f.task_id, f.status])).toEqual([
      [started[0]!.task_id, "completed"],
      [background, "completed"],
    ]);
    expect(notes[1]!.output_file).toContain(background);
    expect(systemOf(run, "task_updated")).toContainEqual(
      expect.objectContaining({
        task_id: background,
        patch: expect.objectContaining({ status: "completed" }),
      }),
    );
    // Each frame replaces the snapshot (2.1.332 repeats the empty one); the task appears, then leaves.
    const changes = systemOf(run, "background_tasks_changed")
      .map((f) => f.tasks.map((t) => t.task_id))
      .filter((tasks, i, all) => i === 0 || JSON.stringify(tasks) !== JSON.stringify(all[i - 1]));
    expect(changes).toEqual([[background], []]);
  });

  it("CLAUDE_CODE_EMIT_TOOL_USE_SUMMARIES: a tool_use_summary per tool step, from a tool-less side request", () => {
    const summaries = framesOf(run, "tool_use_summary");
    expect(summaries.length).toBeGreaterThanOrEqual(1);
    const toolUseIds = framesOf(run, "assistant").flatMap((f) =>
      f.message.content.flatMap((b) => (b.type === "tool_use" ? [b.id] : [])),
    );
    for (const s of summaries) {
      expect(s.summary).toBe("Scripted side reply");
      expect(toolUseIds).toEqual(expect.arrayContaining(s.preceding_tool_use_ids));
    }
  });

  it("a stdin user frame with a uuid gets command_lifecycle queued → started → completed, and is replayed", () => {
    const states = framesOf(run, "command_lifecycle")
      .filter((f) => f.command_uuid === FIRST_PROMPT_UUID)
      .map((f) => f.state);
    expect(states).toEqual(["queued", "started", "completed"]);
    expect(framesOf(run, "user")).toContainEqual(
      expect.objectContaining({ uuid: FIRST_PROMPT_UUID, isReplay: true }),
    );
  });

  it("CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: session_state_changed running / idle", () => {
    const states = systemOf(run, "session_state_changed").map((f) => f.state);
    expect(states[0]).toBe("running");
    expect(states).toContain("idle");
  });

  it("--session-mirror: transcript_mirror frames carry the transcript path and its new lines", () => {
    const mirrors = framesOf(run, "transcript_mirror");
    const sessionId = systemOf(run, "init")[0]!.session_id;
    expect(mirrors[0]?.filePath).toMatch(new RegExp(`/projects/.+/${sessionId}\\.jsonl$`));
    expect(mirrors.flatMap((m) => m.entries)).toContainEqual(
      expect.objectContaining({ type: "queue-operation", content: "run both" }),
    );
  });

  it("stop_hook_summary is written to the transcript only, never sent as a stdout frame", () => {
    const entries = framesOf(run, "transcript_mirror").flatMap((m) => m.entries);
    expect(entries).toContainEqual(
      expect.objectContaining({ type: "system", subtype: "stop_hook_summary", hookCount: 1 }),
    );
    expect(systemOf(run, "hook_response").map((f) => f.hook_event)).toContain("Stop");
    expect(systemOf(run, "stop_hook_summary")).toEqual([]);
  });

  it("/compact: status compacting, then status null with compact_result, then compact_boundary (manual)", () => {
    const statuses = systemOf(run, "status").map((f) => [f.status, f.compact_result]);
    expect(statuses).toContainEqual(["compacting", undefined]);
    expect(statuses).toContainEqual([null, "success"]);
    const [boundary] = systemOf(run, "compact_boundary");
    expect(boundary?.compact_metadata).toMatchObject({ trigger: "manual", pre_tokens: expect.any(Number) });
  });

  it("/clear: conversation_reset with a new conversation id, the session id stays", () => {
    const [reset] = framesOf(run, "conversation_reset");
    const sessionId = systemOf(run, "init")[0]!.session_id;
    expect(reset?.new_conversation_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(reset?.new_conversation_id).not.toBe(sessionId);
    expect(reset?.session_id).toBe(sessionId);
  });

  it("src/protocol classifies every frame and predicts the real exit code", () => {
    expect(run.code).toBe(0);
    const agreement = protocolAgreement(run);
    expect(agreement.unclassified).toEqual([]);
    expect(agreement.predictedExitCode).toBe(run.code);
  });
});

describe("--prompt-suggestions (real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  let run: ClaudeRunResult;

  beforeAll(async () => {
    fixture = await startScriptedClaude(() => ({ kind: "text", text: "Try the tests next." }));
    const proc = spawnClaude([...STREAM_JSON_ARGS, "--prompt-suggestions"], {
      env: fixture.env,
      cwd: fixture.cwd,
      timeoutMs: 170_000,
    });
    // 2.1.235 made no suggestion after a session's first turn (seen in two runs); after a second
    // turn it does.
    proc.write(userFrame("hi"));
    await proc.waitForFrame((f) => isType(f, "result"), 150_000);
    proc.write(userFrame("and then?"));
    await proc.waitForFrame((f) => isType(f, "prompt_suggestion"), 150_000);
    proc.endStdin();
    run = await proc.exited;
  });
  afterAll(() => fixture.close());

  it("sends a prompt_suggestion after the turn, generated by one more main-loop model request", () => {
    const types = run.frames.map((f) => (f as { type: string }).type);
    expect(types.indexOf("prompt_suggestion")).toBeGreaterThan(types.lastIndexOf("result"));
    expect(framesOf(run, "prompt_suggestion")[0]?.suggestion).toBe("Try the tests next.");
    const asked = fixture.api.mainRequests.filter((r) => JSON.stringify(r.body).includes("[SUGGESTION MODE"));
    expect(asked).toHaveLength(1);
    expect(protocolAgreement(run).unclassified).toEqual([]);
  });
});

describe("rate_limit_event with a claude.ai OAuth token (real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  let run: ClaudeRunResult;
  const resetsAt = Math.floor(Date.now() / 1000) + 600;

  beforeAll(async () => {
    // The CLI reads the unified rate-limit headers only for claude.ai OAuth credentials (or a
    // gateway); with an API key it ignores them. Any token string works against the scripted API.
    fixture = await startScriptedClaude([{ kind: "text", text: "hello" }], {
      responseHeaders: {
        "anthropic-ratelimit-unified-status": "allowed_warning",
        "anthropic-ratelimit-unified-representative-claim": "five_hour",
        "anthropic-ratelimit-unified-5h-utilization": "0.95",
        "anthropic-ratelimit-unified-5h-reset": String(resetsAt),
        "anthropic-ratelimit-unified-5h-surpassed-threshold": "0.9",
      },
    });
    const { ANTHROPIC_API_KEY: _apiKey, ...env } = fixture.env;
    run = await runClaude([...STREAM_JSON_ARGS], {
      env: { ...env, CLAUDE_CODE_OAUTH_TOKEN: "scripted-oauth-token" },
      cwd: fixture.cwd,
      stdin: `${JSON.stringify(userFrame("hi"))}\n`,
    });
  });
  afterAll(() => fixture.close());

  it("reports the warning from the response headers as rate_limit_event", () => {
    const [event] = framesOf(run, "rate_limit_event");
    // 2.1.332 adds unifiedWindows (the same values per window): compared field by field.
    expect(event?.rate_limit_info).toMatchObject({
      status: "allowed_warning",
      resetsAt,
      rateLimitType: "five_hour",
      utilization: 0.95,
      isUsingOverage: false,
      surpassedThreshold: 0.9,
    });
    expect(run.code).toBe(0);
    expect(protocolAgreement(run).unclassified).toEqual([]);
  });
});

describe("remote-mode stdout frames (CLAUDE_CODE_REMOTE, real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  let run: ClaudeRunResult;

  beforeAll(async () => {
    fixture = await startScriptedClaude([
      {
        kind: "tool_use",
        name: "Bash",
        input: { command: "for i in 1 2 3 4 5 6 7; do echo line$i; sleep 1; done", description: "count" },
      },
      { kind: "text", text: "Counted." },
    ]);
    const proc = spawnClaude([...STREAM_JSON_ARGS, "--allowedTools", "Bash"], {
      env: { ...fixture.env, CLAUDE_CODE_REMOTE: "1" },
      cwd: fixture.cwd,
      timeoutMs: 170_000,
    });
    proc.write(userFrame("count"));
    await proc.waitForFrame((f) => isType(f, "result"), 150_000);
    proc.endStdin();
    run = await proc.exited;
  });
  afterAll(() => fixture.close());

  it("announces active_goal (none) and autocompact_state before system/init", () => {
    const types = run.frames.map((f) => (f as { type: string }).type);
    expect(types.indexOf("active_goal")).toBeLessThan(types.indexOf("system"));
    expect(framesOf(run, "active_goal")[0]?.value).toBeNull();
    expect(framesOf(run, "autocompact_state")[0]?.value).toMatchObject({
      enabled: true,
      effective_window: expect.any(Number),
      threshold: expect.any(Number),
    });
  });

  it("a long Bash call reports tool_progress with its elapsed time and task id", () => {
    const progress = framesOf(run, "tool_progress");
    const [toolUse] = framesOf(run, "assistant").flatMap((f) =>
      f.message.content.flatMap((b) => (b.type === "tool_use" ? [b] : [])),
    );
    const [task] = systemOf(run, "task_started");
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]).toMatchObject({
      tool_name: "Bash",
      parent_tool_use_id: toolUse?.id,
      elapsed_time_seconds: expect.any(Number),
      task_id: task?.task_id,
    });
  });

  it("src/protocol classifies every frame and predicts the real exit code", () => {
    expect(run.code).toBe(0);
    const agreement = protocolAgreement(run);
    expect(agreement.unclassified).toEqual([]);
    expect(agreement.predictedExitCode).toBe(run.code);
  });
});
