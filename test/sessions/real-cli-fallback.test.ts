import { createHash, randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendLineageEntry } from "../../src/sessions/append-lineage-entry.js";
import { chooseStart } from "../../src/sessions/choose-start.js";
import { FsTranscriptStore } from "../../src/sessions/fs-transcript-store.js";
import { prLineageKey } from "../../src/sessions/lineage-key.js";
import { type RestoreResult, resumeArgs } from "../../src/sessions/restore-result.js";
import { restoreSession } from "../../src/sessions/restore-session.js";
import { resumeRefusal, runWithResumeFallback } from "../../src/sessions/resume-refusal.js";
import { type ClaudeRunResult, isolatedClaudeEnv, runClaude } from "../harness/claude-cli.js";
import { conversationText, ScriptedMessagesApi } from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";
import { makeEntry } from "./transcript-store-contract.js";

async function dirUnder(root: string, name: string): Promise<string> {
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  return dir;
}

// A stored parent that cannot be used must end in a fresh session that says why: never a failed
// job, never a loop. Each case ends with a real CLI run.
describe("restore fallbacks with the real CLI 2.1.235", () => {
  let api: ScriptedMessagesApi;
  let root: string;
  let store: FsTranscriptStore;
  const encoder = new TextEncoder();

  beforeAll(async () => {
    api = await ScriptedMessagesApi.start((_request, i) => ({ kind: "text", text: `FRESH-ANSWER-${i + 1}` }));
    root = await makeTempDir("fallback");
    store = new FsTranscriptStore({ root: join(root, "store") });
  });
  afterAll(async () => {
    await api?.close();
    await rm(root, { recursive: true, force: true });
  });

  /** Stores `body` as the transcript of a new PR lineage whose entry claims `claimed` as content. */
  async function lineageWith(number: number, body: string | undefined, claimed: string) {
    const key = prLineageKey("octo", "repo", number);
    const claimedBytes = encoder.encode(claimed);
    const entry = makeEntry({
      sessionId: randomUUID(),
      transcriptSha256: createHash("sha256").update(claimedBytes).digest("hex"),
      transcriptBytes: claimedBytes.byteLength,
    });
    if (body !== undefined) await store.putTranscript(key, entry.sessionId, encoder.encode(body));
    await appendLineageEntry(store, key, entry);
    return { key, entry };
  }

  async function runJob(
    restore: RestoreResult,
    cwd: string,
    configDirEnv: ReturnType<typeof isolatedClaudeEnv>,
    prompt: string,
  ) {
    const run = await runClaude(["-p", prompt, "--output-format", "json", ...resumeArgs(restore)], {
      env: configDirEnv.env,
      cwd,
    });
    // On a refused resume the json output mode prints nothing on stdout; the sentence is on stderr.
    const last = run.stdout.trim().split("\n").at(-1);
    return { run, result: (last ? JSON.parse(last) : {}) as Record<string, unknown> };
  }

  const parentLine = `${JSON.stringify({ type: "user", message: { role: "user", content: "OLD-PARENT-TURN" } })}\n`;

  it.each([
    ["corrupt", 21, `${parentLine}{"tampered":true}\n`, "checksum_mismatch"],
    ["missing", 22, undefined, "transcript_missing"],
  ] as const)(
    "a %s transcript starts a fresh session with the reason",
    async (_name, number, body, reason) => {
      const { key, entry } = await lineageWith(number, body, parentLine);
      const cwd = await dirUnder(root, `case-${number}`);
      const iso = isolatedClaudeEnv(api.url, cwd);
      const before = api.mainRequests.length;
      const restore = await restoreSession({
        store,
        start: await chooseStart(store, key),
        configDir: iso.configDir,
        cwd,
      });
      expect(restore).toMatchObject({ status: "fresh_fallback", reason });
      expect(restore.message).toContain(entry.sessionId);
      const { run, result } = await runJob(restore, cwd, iso, `PROMPT-${number}`);
      expect(run.code).toBe(0);
      expect(result.session_id).not.toBe(entry.sessionId);
      const text = conversationText(api.mainRequests[before]!);
      expect(text).toContain(`PROMPT-${number}`);
      expect(text).not.toContain("OLD-PARENT-TURN");
    },
  );

  it("a transcript the CLI refuses ('No conversation found', exit 1) is retried once as fresh", async () => {
    // The checksum is right (this is what was stored), but the content is not a conversation.
    const garbage = "this is not a claude transcript\n";
    const { key, entry } = await lineageWith(23, garbage, garbage);
    const cwd = await dirUnder(root, "case-23");
    const iso = isolatedClaudeEnv(api.url, cwd);
    const restore = await restoreSession({
      store,
      start: await chooseStart(store, key),
      configDir: iso.configDir,
      cwd,
    });
    expect(restore.status).toBe("restored");
    const attempts: ClaudeRunResult[] = [];
    const outcome = await runWithResumeFallback(
      restore,
      async (r) => {
        const { run, result } = await runJob(r, cwd, iso, "PROMPT-23");
        attempts.push(run);
        return {
          exitCode: run.code,
          errors: (result.errors as string[] | undefined) ?? [],
          stderr: run.stderr,
          result,
        };
      },
      resumeRefusal,
    );
    expect(attempts).toHaveLength(2);
    expect(attempts[0]!.code).toBe(1);
    expect(attempts[0]!.stderr).toContain("No conversation found");
    expect(attempts[0]!.stderr).toContain("No conversation found");
    expect(outcome.restore).toMatchObject({ status: "fresh_fallback", reason: "refused_by_cli" });
    expect(outcome.restore.message).toContain(`No conversation found with session ID: ${entry.sessionId}`);
    expect(outcome.value.exitCode).toBe(0);
    expect(outcome.value.result.result).toMatch(/^FRESH-ANSWER-/);
  });
});
