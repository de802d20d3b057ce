// The protocol modules together against the real Claude Code 2.1.235 binary (scripted model on
// 127.0.0.1): raw stdout bytes -> NdjsonDecoder -> parseStdoutFrame -> ControlChannel (initialize,
// get_binary_version, can_use_tool allow + deny) + PartialMessageAssembler -> outcomeFromTurn.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  type CanUseToolRequest,
  ControlChannel,
  type DecodedLine,
  encodeStdinFrame,
  NdjsonDecoder,
  outcomeFromTurn,
  PartialMessageAssembler,
  parseStdoutFrame,
  type StdoutFrame,
  userMessageFrame,
} from "../../src/protocol/index.js";
import { CLAUDE_BIN } from "../harness/claude-cli.js";
import {
  CLI_TIMEOUT_MS,
  type ScriptedClaude,
  STREAM_JSON_ARGS,
  startScriptedClaude,
} from "../harness/scripted-claude-fixture.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

describe("protocol modules on a real 2.1.235 session (stream-json, stdio permissions, partial messages)", () => {
  let fixture: ScriptedClaude;
  const frames: StdoutFrame[] = [];
  const protocolErrors: DecodedLine[] = [];
  const asks: CanUseToolRequest[] = [];
  const assembler = new PartialMessageAssembler();
  let channel: ControlChannel;
  let exitCode: number | null = null;
  let initPayload: Record<string, unknown> = {};
  let versionPayload: Record<string, unknown> = {};

  beforeAll(async () => {
    fixture = await startScriptedClaude([
      {
        kind: "tool_use",
        id: "toolu_real_0001",
        name: "Write",
        input: { file_path: "NOTE.txt", content: "仓库 ✅\n" },
        text: "先写文件 🚀",
      },
      { kind: "tool_use", id: "toolu_real_0002", name: "Bash", input: { command: "rm -rf ./build" } },
      { kind: "text", text: "Done — café ✅" },
    ]);
    const child: ChildProcessWithoutNullStreams = spawn(
      CLAUDE_BIN,
      [...STREAM_JSON_ARGS, "--permission-prompt-tool", "stdio", "--include-partial-messages"],
      { env: fixture.env, cwd: fixture.cwd, stdio: "pipe" },
    );
    channel = new ControlChannel({
      send: (frame) => child.stdin.write(encodeStdinFrame(frame)),
      handlers: {
        canUseTool: async (request) => {
          asks.push(request);
          return request.tool_name === "Write"
            ? { behavior: "allow", updatedInput: request.input }
            : { behavior: "deny", message: "Bash is not allowed by the review policy." };
        },
      },
    });
    const decoder = new NdjsonDecoder();
    const take = (lines: DecodedLine[]) => {
      for (const line of lines) {
        if (line.kind === "protocol_error") {
          protocolErrors.push(line);
          continue;
        }
        const frame = parseStdoutFrame(line.value);
        frames.push(frame);
        channel.receive(frame);
        assembler.receive(frame);
        // docs/protocol.md#seed-references: closing stdin lets the CLI finish the turn and exit.
        if (frame.type === "result") child.stdin.end();
      }
    };
    child.stdout.on("data", (chunk: Buffer) => take(decoder.push(chunk)));
    const exited = new Promise<void>((resolve) => {
      child.on("close", (code) => {
        take(decoder.end());
        channel.close("process exited");
        exitCode = code;
        resolve();
      });
    });
    const init = channel.request("initialize");
    const version = channel.request("get_binary_version");
    child.stdin.write(encodeStdinFrame(userMessageFrame("Write NOTE.txt, then clean the build.")));
    [initPayload, versionPayload] = await Promise.all([init, version]);
    await exited;
  });
  afterAll(() => fixture.close());

  it("decodes every stdout line into a typed frame: no protocol errors, no unknown frames", () => {
    expect(protocolErrors).toEqual([]);
    expect(frames.filter((f) => f.type === "unknown")).toEqual([]);
    expect(frames.some((f) => f.type === "stream_event")).toBe(true);
  });

  it("settles initialize and get_binary_version by request id", () => {
    expect(Array.isArray(initPayload.commands)).toBe(true);
    expect(versionPayload.version).toBe("2.1.235");
  });

  it("answers can_use_tool through the handler: Write allowed and run, Bash denied", async () => {
    expect(asks.map((a) => [a.tool_name, a.tool_use_id])).toEqual([
      ["Write", "toolu_real_0001"],
      ["Bash", "toolu_real_0002"],
    ]);
    await expect(readFile(join(fixture.cwd, "NOTE.txt"), "utf8")).resolves.toBe("仓库 ✅\n");
    const outcome = outcomeFromTurn(frames, { transportClosed: true });
    expect(outcome.permissionDenials).toEqual([
      expect.objectContaining({ tool_name: "Bash", tool_use_id: "toolu_real_0002" }),
    ]);
  });

  it("builds previews that end complete and authoritative, with the same text as the messages", () => {
    const main = assembler.previews().filter((p) => p.parentToolUseId === null);
    expect(main.length).toBeGreaterThanOrEqual(3);
    for (const preview of main) {
      expect(preview.status).toBe("complete");
      expect(preview.authoritative).toBe(true);
      expect(preview.blocks.every((b) => b.closed)).toBe(true);
    }
    const toolBlocks = main.flatMap((p) => p.blocks.filter((b) => b.type === "tool_use"));
    expect(toolBlocks.map((b) => [b.id, b.input])).toEqual([
      ["toolu_real_0001", { file_path: "NOTE.txt", content: "仓库 ✅\n" }],
      ["toolu_real_0002", { command: "rm -rf ./build" }],
    ]);
    expect(assembler.visibleText()).toBe("先写文件 🚀\n\nDone — café ✅");
  });

  it("derives the same exit code as the process and leaves nothing pending", () => {
    const outcome = outcomeFromTurn(frames, { transportClosed: true });
    expect(outcome).toMatchObject({
      subtype: "success",
      isError: false,
      exitCode: 0,
      resultText: "Done — café ✅",
    });
    expect(outcome.exitCode).toBe(exitCode);
    expect(outcome.numTurns).toBeGreaterThanOrEqual(3);
    expect(channel.pendingCount).toBe(0);
    expect(channel.incomingCount).toBe(0);
  });
});
