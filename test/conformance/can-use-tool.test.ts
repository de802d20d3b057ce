import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ClaudeRunResult, spawnClaude } from "../harness/claude-cli.js";
import { protocolAgreement } from "../harness/protocol-agreement.js";
import {
  CLI_TIMEOUT_MS,
  controlRequest,
  type ScriptedClaude,
  STREAM_JSON_ARGS,
  startScriptedClaude,
  userFrame,
} from "../harness/scripted-claude-fixture.js";
import { toolResultsOf } from "../harness/scripted-messages-api.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

type CanUseTool = {
  type: "control_request";
  request_id: string;
  request: {
    subtype: "can_use_tool";
    tool_name: string;
    input: Record<string, unknown>;
    tool_use_id: string;
    permission_suggestions?: unknown;
  };
};
const isCanUseTool = (f: Record<string, unknown>) =>
  f.type === "control_request" && (f.request as { subtype?: string }).subtype === "can_use_tool";

// docs/protocol.md#seed-references (42 个 schema 化 control request): can_use_tool — with --permission-prompt-tool stdio the CLI asks the host over the control channel
// and keeps the right to execute; allow runs the tool, deny turns into an error tool_result.
describe("can_use_tool over --permission-prompt-tool stdio (real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  let run: ClaudeRunResult;
  let allowAsk: CanUseTool;
  let denyAsk: CanUseTool;

  beforeAll(async () => {
    fixture = await startScriptedClaude([
      {
        kind: "tool_use",
        id: "toolu_allow_0001",
        name: "Write",
        input: { file_path: "ALLOWED.txt", content: "yes\n" },
      },
      {
        kind: "tool_use",
        id: "toolu_deny_0002",
        name: "Write",
        input: { file_path: "DENIED.txt", content: "no\n" },
      },
      { kind: "text", text: "All done." },
    ]);
    const proc = spawnClaude([...STREAM_JSON_ARGS, "--permission-prompt-tool", "stdio"], {
      env: fixture.env,
      cwd: fixture.cwd,
      timeoutMs: 120_000,
    });
    proc.write(controlRequest("init-1", "initialize"));
    proc.write(userFrame("Write the two files."));
    allowAsk = await proc.waitForFrame<CanUseTool>(isCanUseTool);
    proc.write({
      type: "control_response",
      response: {
        subtype: "success",
        request_id: allowAsk.request_id,
        response: { behavior: "allow", updatedInput: allowAsk.request.input },
      },
    });
    denyAsk = await proc.waitForFrame<CanUseTool>(
      (f) => isCanUseTool(f) && f.request_id !== allowAsk.request_id,
    );
    proc.write({
      type: "control_response",
      response: {
        subtype: "success",
        request_id: denyAsk.request_id,
        response: { behavior: "deny", message: "Writing DENIED.txt is not allowed by policy." },
      },
    });
    await proc.waitForFrame((f) => f.type === "result");
    proc.endStdin();
    run = await proc.exited;
  });
  afterAll(() => fixture.close());

  it("asks with tool_name, input, tool_use_id and permission_suggestions", () => {
    expect(allowAsk.request).toMatchObject({ tool_name: "Write", tool_use_id: "toolu_allow_0001" });
    // The CLI resolves the model's relative path before asking.
    expect(allowAsk.request.input).toEqual({ file_path: join(fixture.cwd, "ALLOWED.txt"), content: "yes\n" });
    expect(Array.isArray(allowAsk.request.permission_suggestions)).toBe(true);
    expect(denyAsk.request.tool_use_id).toBe("toolu_deny_0002");
  });

  it("allow runs the tool and the model receives its success tool_result", async () => {
    expect(await readFile(join(fixture.cwd, "ALLOWED.txt"), "utf8")).toBe("yes\n");
    const result = toolResultsOf(fixture.api.mainRequests[1]!).find(
      (r) => r.tool_use_id === "toolu_allow_0001",
    );
    expect(result).toBeDefined();
    expect(result!.is_error).toBeFalsy();
    expect(JSON.stringify(result!.content)).toContain("File created successfully");
  });

  it("deny refuses the tool and the model receives the deny message as an error tool_result", () => {
    expect(existsSync(join(fixture.cwd, "DENIED.txt"))).toBe(false);
    const result = toolResultsOf(fixture.api.mainRequests[2]!).find(
      (r) => r.tool_use_id === "toolu_deny_0002",
    );
    expect(result).toMatchObject({ is_error: true });
    expect(JSON.stringify(result!.content)).toContain("Writing DENIED.txt is not allowed by policy.");
  });

  it("the turn finishes normally and reports the denial", () => {
    expect(run.code).toBe(0);
    const result = run.frames.at(-1) as {
      subtype: string;
      permission_denials: Array<Record<string, unknown>>;
    };
    expect(result).toMatchObject({ type: "result", subtype: "success", is_error: false, num_turns: 3 });
    expect(result.permission_denials).toEqual([
      expect.objectContaining({ tool_name: "Write", tool_use_id: "toolu_deny_0002" }),
    ]);
  });

  it("src/protocol classifies every frame and predicts the real exit code", () => {
    const agreement = protocolAgreement(run);
    expect(agreement.unclassified).toEqual([]);
    expect(agreement.predictedExitCode).toBe(run.code);
  });
});
