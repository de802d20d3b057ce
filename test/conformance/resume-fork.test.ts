import { readdir, readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type ClaudeRunResult, runClaude } from "../harness/claude-cli.js";
import {
  CLI_TIMEOUT_MS,
  projectSlug,
  type ScriptedClaude,
  startScriptedClaude,
} from "../harness/scripted-claude-fixture.js";
import { conversationText } from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";

vi.setConfig({ testTimeout: CLI_TIMEOUT_MS, hookTimeout: CLI_TIMEOUT_MS });

const resultOf = (run: ClaudeRunResult) =>
  run.frames.at(-1) as { session_id: string; subtype: string; result: string };

// docs/sessions.md: sessions — --resume rebuilds the transcript; --fork-session derives a new session id.
// Three runs: an original turn, a forked continuation, and a plain resume from another cwd.
describe("--resume and --fork-session (real 2.1.235)", () => {
  let fixture: ScriptedClaude;
  let otherCwd: string;
  let first: ClaudeRunResult;
  let forked: ClaudeRunResult;
  let resumed: ClaudeRunResult;
  let originalAfterFork: string;
  const transcriptDir = () => join(fixture.iso.configDir, "projects", projectSlug(fixture.cwd));

  beforeAll(async () => {
    fixture = await startScriptedClaude([
      { kind: "text", text: "Noted: the word is PLUM-7731." },
      { kind: "text", text: "You asked me to remember PLUM-7731." },
      { kind: "text", text: "Still PLUM-7731." },
    ]);
    otherCwd = await makeTempDir("claude-other-cwd");
    const json = ["--output-format", "json"];
    const opts = { env: fixture.env, cwd: fixture.cwd };
    first = await runClaude(["-p", "Remember the word PLUM-7731.", ...json], opts);
    const id = resultOf(first).session_id;
    forked = await runClaude(
      ["-p", "Which word did I give you?", ...json, "--resume", id, "--fork-session"],
      opts,
    );
    originalAfterFork = await readFile(join(transcriptDir(), `${id}.jsonl`), "utf8");
    resumed = await runClaude(["-p", "Say it once more.", ...json, "--resume", id], {
      ...opts,
      cwd: otherCwd,
    });
  });
  afterAll(async () => {
    await fixture.close();
    await rm(otherCwd, { recursive: true, force: true });
  });

  it("all three runs succeed", () => {
    for (const run of [first, forked, resumed]) {
      expect(run.code).toBe(0);
      expect(resultOf(run).subtype).toBe("success");
    }
  });

  it("the fork gets a new session id and its own transcript file", async () => {
    const original = resultOf(first).session_id;
    const fork = resultOf(forked).session_id;
    expect(fork).not.toBe(original);
    expect(await readdir(transcriptDir())).toEqual(
      expect.arrayContaining([`${original}.jsonl`, `${fork}.jsonl`]),
    );
    // The fork's new turn is written to the fork's file, not to the original.
    expect(originalAfterFork).not.toContain("Which word did I give you?");
    expect(await readFile(join(transcriptDir(), `${fork}.jsonl`), "utf8")).toContain(
      "Which word did I give you?",
    );
  });

  it("the forked run's model request carries the earlier turn", () => {
    const request = fixture.api.mainRequests[1]!;
    const text = conversationText(request);
    expect(text).toContain("Remember the word PLUM-7731.");
    expect(text).toContain("Noted: the word is PLUM-7731.");
    expect(text).toContain("Which word did I give you?");
  });

  it("a plain resume from another cwd finds the session by id and appends to the original file", async () => {
    const original = resultOf(first).session_id;
    expect(resultOf(resumed).session_id).toBe(original);
    const text = conversationText(fixture.api.mainRequests[2]!);
    expect(text).toContain("Noted: the word is PLUM-7731.");
    // The fork's turn is not part of the original line of history.
    expect(text).not.toContain("Which word did I give you?");
    const transcript = await readFile(join(transcriptDir(), `${original}.jsonl`), "utf8");
    expect(transcript).toContain("Say it once more.");
    expect(transcript).toContain("Still PLUM-7731.");
  });
});
