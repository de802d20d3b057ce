import { chmod, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseStdoutFrame, type StdoutFrame } from "../../src/protocol/index.js";
import { type ClaudeProcess, type ClaudeRunResult, spawnClaude } from "../harness/claude-cli.js";
import { protocolAgreement } from "../harness/protocol-agreement.js";
import {
  CLI_TIMEOUT_MS,
  projectSlug,
  type ScriptedClaude,
  STREAM_JSON_ARGS,
  startScriptedClaude,
  userFrame,
} from "../harness/scripted-claude-fixture.js";
import { messagesOf, type ScriptedReply } from "../harness/scripted-messages-api.js";

const SESSION_BUDGET_MS = 2 * CLI_TIMEOUT_MS;
vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: SESSION_BUDGET_MS });

// The system subtypes 2.1.235 sends in print mode when a tool call, a hook, a subagent, a thinking
// block, a plugin install or a model answer makes it (docs/conformance.md, "Stdout frames on the
// binary"). Two sessions: one whose scripted model runs git, a pull-request command, a denied
// command, a subagent and a thinking block; one with --fallback-model whose model fails over and
// refuses. Each frame is classified by src/protocol and narrowed by its subtype.

type SystemOf<S extends string> = Extract<StdoutFrame, { type: "system"; subtype: S }>;

function systemOf<S extends string>(run: ClaudeRunResult, subtype: S): SystemOf<S>[] {
  return run.frames
    .map(parseStdoutFrame)
    .filter((f): f is SystemOf<S> => f.type === "system" && f.subtype === subtype);
}

const isType = (frame: unknown, type: string) => (frame as { type?: unknown }).type === type;
const resultCount = (proc: ClaudeProcess) => proc.frames.filter((f) => isType(f, "result")).length;

const SUBAGENT_PROMPT = "SUBAGENT-PROMPT: say hi from a shell";
const PROMPT = "go ahead with the widgets release";
const MEMORY_FILE = "widgets-release.md";
const FAKE_PR_URL = "https://github.com/acme/widgets/pull/7";
const GIT = "git -c user.email=bot@example.com -c user.name=bot";

const MAIN_STEPS: ScriptedReply[] = [
  {
    kind: "tool_use",
    name: "Bash",
    input: {
      command: `git init -q r && cd r && ${GIT} commit -q --allow-empty -m first && ${GIT} commit --allow-empty -m second`,
      description: "commit",
    },
  },
  // `gh` is a stand-in on PATH that prints a pull request URL, as the real one does after creating it.
  {
    kind: "tool_use",
    name: "Bash",
    input: { command: "gh pr create --title t --body b", description: "pr" },
  },
  { kind: "tool_use", name: "Bash", input: { command: "rm -f nothing.txt", description: "remove" } },
  {
    kind: "tool_use",
    name: "Task",
    input: { description: "greeter", prompt: SUBAGENT_PROMPT, subagent_type: "general-purpose" },
  },
  { kind: "thinking", thinking: "The subagent runs on its own; I can answer now.", text: "All done." },
];
const SUBAGENT_STEPS: ScriptedReply[] = [
  { kind: "tool_use", name: "Bash", input: { command: "echo hi; sleep 1", description: "say hi" } },
  { kind: "text", text: "Said hi." },
];

describe("system subtypes from tools, hooks, a subagent, thinking and plugins (real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  let run: ClaudeRunResult;

  beforeAll(async () => {
    let main = 0;
    let sub = 0;
    fixture = await startScriptedClaude(
      (request) => {
        const first = JSON.stringify(messagesOf(request)[0] ?? "");
        if (first.includes("SUBAGENT-PROMPT"))
          return SUBAGENT_STEPS[sub++] ?? { kind: "text", text: "Sub later." };
        return MAIN_STEPS[main++] ?? { kind: "text", text: "Later." };
      },
      {
        // Auto memory asks a small model (a tool-less side request) which memory files fit the prompt.
        sideReplyText: (request) =>
          JSON.stringify(request.body).includes("Select memories relevant to")
            ? JSON.stringify({ selected_memories: [MEMORY_FILE] })
            : undefined,
      },
    );
    const memoryDir = join(fixture.iso.configDir, "projects", projectSlug(fixture.cwd), "memory");
    await mkdir(memoryDir, { recursive: true });
    await writeFile(join(memoryDir, "MEMORY.md"), `- [Widgets release](${MEMORY_FILE}) — how widgets ship\n`);
    await writeFile(
      join(memoryDir, MEMORY_FILE),
      "---\nname: widgets release\ndescription: how the widgets release ships\ntype: project\n---\nWidgets ship with a BLUE-GREEN-ROLLOUT.\n",
    );
    const bin = join(fixture.cwd, ".bin");
    await mkdir(bin);
    await writeFile(join(bin, "gh"), `#!/bin/sh\necho ${FAKE_PR_URL}\n`);
    await chmod(join(bin, "gh"), 0o755);
    const settings = {
      permissions: { allow: ["Bash", "Task"], deny: ["Bash(rm:*)"] },
      hooks: {
        // Exit 1 is a non-blocking hook error: the turn ends normally and the user is told.
        Stop: [{ hooks: [{ type: "command", command: "echo stop-failed >&2; exit 1" }] }],
        PostToolUse: [
          {
            matcher: "Bash",
            hooks: [{ type: "command", command: `echo '{"systemMessage":"checked by the hook"}'` }],
          },
        ],
      },
    };
    const proc = spawnClaude([...STREAM_JSON_ARGS, "--settings", JSON.stringify(settings)], {
      env: {
        ...fixture.env,
        PATH: `${bin}:${fixture.env.PATH}`,
        CLAUDE_CODE_SYNC_PLUGIN_INSTALL: "1",
        // A bridge environment is a surface for the turn classifier: post_turn_summary, task_summary.
        CLAUDE_CODE_ENVIRONMENT_KIND: "bridge",
        // Turns on the memory selector (otherwise behind a remote gate) for auto memory.
        CLAUDE_MEMORY_STORES: "local",
      },
      cwd: fixture.cwd,
      timeoutMs: SESSION_BUDGET_MS - 10_000,
    });
    proc.write(userFrame(PROMPT));
    // The subagent runs in the background; its completion starts a turn of its own.
    await proc.waitForFrame(
      (f) => isType(f, "system") && f.subtype === "task_notification" && f.summary === "Said hi.",
      150_000,
    );
    await proc.waitForFrame(() => resultCount(proc) >= 2, 150_000);
    proc.endStdin();
    run = await proc.exited;
  });
  afterAll(() => fixture.close());

  it("CLAUDE_CODE_SYNC_PLUGIN_INSTALL: plugin_install started → completed, then commands_changed, before system/init", () => {
    expect(systemOf(run, "plugin_install").map((f) => f.status)).toEqual(["started", "completed"]);
    const changed = systemOf(run, "commands_changed");
    expect(changed.length).toBeGreaterThan(0);
    expect(changed[0]!.commands.length).toBeGreaterThan(0);
    const order = run.frames.map((f) => (f as { subtype?: string }).subtype);
    expect(order.indexOf("commands_changed")).toBeLessThan(order.indexOf("init"));
  });

  it("a Bash git commit: vcs_state_changed (commit, branch, the command's cwd)", () => {
    expect(systemOf(run, "vcs_state_changed")).toEqual([
      expect.objectContaining({ kind: "commit", branch: "master", cwd: join(fixture.cwd, "r") }),
    ]);
  });

  it("a pull request URL printed by `gh pr create`: code_change_published", () => {
    expect(systemOf(run, "code_change_published")).toEqual([
      expect.objectContaining({
        provider: "github",
        url: FAKE_PR_URL,
        repo: "acme/widgets",
        identifier: "7",
        action: "created",
      }),
    ]);
  });

  it("a deny rule refuses a Bash call before anyone is asked: permission_denied", () => {
    const [denied] = systemOf(run, "permission_denied");
    expect(denied).toMatchObject({
      tool_name: "Bash",
      message: "Permission to use Bash with command rm -f nothing.txt has been denied.",
    });
    const toolUseIds = run.frames.flatMap((f) =>
      isType(f, "assistant")
        ? (
            f as { message: { content: Array<{ type: string; id?: string; input?: { command?: string } }> } }
          ).message.content
            .filter((b) => b.type === "tool_use" && b.input?.command === "rm -f nothing.txt")
            .map((b) => b.id)
        : [],
    );
    expect(toolUseIds).toEqual([denied?.tool_use_id]);
  });

  it("a hook's systemMessage: informational, once per Bash call that ran", () => {
    const notes = systemOf(run, "informational");
    expect(notes.length).toBeGreaterThanOrEqual(2);
    for (const note of notes) expect(note.content).toBe("PostToolUse:Bash says: checked by the hook");
  });

  it("a subagent's tool step: task_progress with its usage and last tool", () => {
    const [started] = systemOf(run, "task_started").filter((f) => f.task_type === "local_agent");
    const progress = systemOf(run, "task_progress");
    expect(progress.length).toBeGreaterThan(0);
    expect(progress[0]).toMatchObject({
      task_id: started?.task_id,
      last_tool_name: "Bash",
      usage: { tool_uses: 1, total_tokens: expect.any(Number), duration_ms: expect.any(Number) },
    });
  });

  it("thinking deltas on the main thread: thinking_tokens with a growing estimate", () => {
    const estimates = systemOf(run, "thinking_tokens").map((f) => f.estimated_tokens);
    expect(estimates.length).toBeGreaterThan(1);
    expect(estimates).toEqual([...estimates].sort((a, b) => a - b));
    const deltas = systemOf(run, "thinking_tokens").reduce((sum, f) => sum + f.estimated_tokens_delta, 0);
    expect(deltas).toBe(estimates.at(-1));
  });

  it("CLAUDE_CODE_ENVIRONMENT_KIND=bridge: post_turn_summary classifies each finished turn, task_summary names the work", () => {
    const summaries = systemOf(run, "post_turn_summary");
    expect(summaries.length).toBeGreaterThan(0);
    expect(summaries[0]).toMatchObject({
      status_category: "review_ready",
      status_detail: "All done.",
      summarizes_uuid: expect.any(String),
    });
    const [task] = systemOf(run, "task_summary");
    expect(typeof task?.detail).toBe("string");
  });

  it("auto memory with a selector: memory_recall names the selected file, its text reaches the model", () => {
    expect(systemOf(run, "memory_recall")).toEqual([
      expect.objectContaining({
        mode: "select",
        memories: [{ path: expect.stringMatching(new RegExp(`/memory/${MEMORY_FILE}$`)), scope: "personal" }],
      }),
    ]);
    expect(fixture.api.mainRequests.some((r) => JSON.stringify(r.body).includes("BLUE-GREEN-ROLLOUT"))).toBe(
      true,
    );
  });

  it("a Stop hook that exits 1: notification stop-hook-error, the turn still succeeds", () => {
    const notes = systemOf(run, "notification");
    expect(notes.length).toBeGreaterThan(0);
    expect(notes[0]).toMatchObject({ key: "stop-hook-error", priority: "immediate" });
    // The text is for people ("Stop hook error occurred · …" in 2.1.235, reworded in 2.1.332).
    expect(notes[0]!.text.length).toBeGreaterThan(0);
  });

  it("src/protocol classifies every frame and predicts the real exit code", () => {
    expect(run.code).toBe(0);
    const agreement = protocolAgreement(run);
    expect(agreement.unclassified).toEqual([]);
    expect(agreement.predictedExitCode).toBe(run.code);
  });
});

describe("model recovery: --fallback-model and refusals (real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  let run: ClaudeRunResult;

  beforeAll(async () => {
    const steps: ScriptedReply[] = [
      { kind: "http_error", status: 500, message: "scripted server error" },
      { kind: "text", text: "From the fallback." },
      { kind: "refusal", text: "I will not.", category: "cyber", explanation: "scripted refusal" },
      { kind: "refusal", text: "Nor will I.", category: "cyber", explanation: "scripted refusal" },
    ];
    // A CLI that keeps going after the second refusal gets plain answers, not a script error.
    fixture = await startScriptedClaude((_request, index) => steps[index] ?? { kind: "text", text: "Fine." });
    const proc = spawnClaude([...STREAM_JSON_ARGS, "--fallback-model", "claude-sonnet-4-5"], {
      env: fixture.env,
      cwd: fixture.cwd,
      timeoutMs: CLI_TIMEOUT_MS - 10_000,
    });
    proc.write(userFrame("first"));
    await proc.waitForFrame(() => resultCount(proc) >= 1, 150_000);
    proc.write(userFrame("second"));
    await proc.waitForFrame(() => resultCount(proc) >= 2, 150_000);
    proc.endStdin();
    run = await proc.exited;
  });
  afterAll(() => fixture.close());

  const models = () => fixture.api.mainRequests.map((r) => (r.body as { model: string }).model);

  it("a 5xx with --fallback-model: model_fallback (server_error), the retry goes to the fallback model", () => {
    expect(systemOf(run, "model_fallback")).toEqual([
      expect.objectContaining({
        trigger: "server_error",
        fallback_model: "claude-sonnet-4-5",
        original_model: expect.stringContaining("claude-opus-5"),
      }),
    ]);
    // The default model is claude-opus-5 in 2.1.235 (claude-opus-5-5 in 2.1.332).
    expect(models()[0]).toMatch(/^claude-opus-5/);
    expect(models()[1]).toBe("claude-sonnet-4-5");
  });

  it("a refusal: model_refusal_fallback retracts the refused message and retries on the next model", () => {
    const [fallback] = systemOf(run, "model_refusal_fallback");
    expect(fallback).toMatchObject({
      trigger: "refusal",
      api_refusal_category: "cyber",
      fallback_model: expect.stringContaining("claude-opus-4-8"),
    });
    const refused = run.frames.find(
      (f) =>
        isType(f, "assistant") && JSON.stringify((f as { message: unknown }).message).includes("I will not."),
    ) as { uuid: string } | undefined;
    expect(fallback?.retracted_message_uuids).toEqual([refused?.uuid]);
    expect(models()[3]).toBe("claude-opus-4-8");
  });

  it("a refusal with no model left: model_refusal_no_fallback, then an error result (stop_reason refusal)", () => {
    expect(systemOf(run, "model_refusal_no_fallback")).toEqual([
      expect.objectContaining({
        original_model: expect.stringContaining("claude-opus-4-8"),
        api_refusal_category: "cyber",
        api_refusal_explanation: "scripted refusal",
      }),
    ]);
    const results = run.frames.filter((f) => isType(f, "result"));
    expect(results.at(-1)).toMatchObject({ is_error: true, stop_reason: "refusal" });
  });

  it("src/protocol classifies every frame and predicts the real exit code", () => {
    const agreement = protocolAgreement(run);
    expect(agreement.unclassified).toEqual([]);
    expect(agreement.predictedExitCode).toBe(run.code);
  });
});
