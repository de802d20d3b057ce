import { mkdir, rm, symlink } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureSession } from "../../src/sessions/capture-session.js";
import { chooseStart } from "../../src/sessions/choose-start.js";
import { FsTranscriptStore } from "../../src/sessions/fs-transcript-store.js";
import { branchLineageKey, type LineageKey, prLineageKey } from "../../src/sessions/lineage-key.js";
import { transcriptPath } from "../../src/sessions/project-slug.js";
import { parentSessionId, type RestoreResult, resumeArgs } from "../../src/sessions/restore-result.js";
import { restoreSession } from "../../src/sessions/restore-session.js";
import type { TranscriptStore } from "../../src/sessions/transcript-store.js";
import { type ClaudeRunResult, isolatedClaudeEnv, runClaude } from "../harness/claude-cli.js";
import { conversationText, ScriptedMessagesApi } from "../harness/scripted-messages-api.js";
import { makeTempDir } from "../harness/temp-dir.js";

// The "done when": three real CLI runs (fresh -> fork -> fork), each on a different machine
// in effect (its own CLAUDE_CONFIG_DIR and cwd), connected only through the transcript store.
const SECRET = "ghs_realCliSecretToken_0123456789";
const HEAD = ["1".repeat(40), "2".repeat(40), "3".repeat(40)];

interface RunRecord {
  restore: RestoreResult;
  run: ClaudeRunResult;
  result: Record<string, unknown>;
  sessionId: string;
  cwd: string;
  configDir: string;
}

describe("session lineage with the real CLI 2.1.235", () => {
  let api: ScriptedMessagesApi;
  let root: string;
  let store: TranscriptStore;
  const main = branchLineageKey("octo", "repo.js", "main");
  const pr = prLineageKey("octo", "repo.js", 12);
  const runs: RunRecord[] = [];

  async function jobRun(
    n: number,
    lineage: LineageKey,
    base: LineageKey | undefined,
    cwd: string,
    prompt: string,
  ) {
    const envDir = join(root, `env-${n}`);
    await mkdir(envDir, { recursive: true });
    const iso = isolatedClaudeEnv(api.url, envDir);
    const start = await chooseStart(store, lineage, base);
    const restore = await restoreSession({ store, start, configDir: iso.configDir, cwd });
    const run = await runClaude(["-p", prompt, "--output-format", "json", ...resumeArgs(restore)], {
      env: iso.env,
      cwd,
    });
    const result = JSON.parse(run.stdout) as Record<string, unknown>;
    const sessionId = String(result.session_id);
    const capture = await captureSession({
      store,
      lineageKey: lineage,
      configDir: iso.configDir,
      cwd,
      sessionId,
      parentSessionId: parentSessionId(restore),
      jobKind: n === 1 ? "audit" : "review",
      headSha: HEAD[n - 1]!,
      costUsd: Number(result.total_cost_usd),
      numTurns: Number(result.num_turns),
      secretValues: [SECRET],
    });
    // The CLI wrote where projectSlug says it does (these cwds have dots, underscores, a symlink, >200 chars).
    expect(capture.transcriptPath).toBe(await transcriptPath(iso.configDir, cwd, sessionId));
    runs.push({ restore, run, result, sessionId, cwd, configDir: iso.configDir });
  }

  beforeAll(async () => {
    api = await ScriptedMessagesApi.start((_request, i) => ({ kind: "text", text: `ANSWER-${i + 1}` }));
    root = await makeTempDir("lineage");
    store = new FsTranscriptStore({ root: join(root, "store") });
    const cwd1 = join(root, "runner_1", "work", "repo.js");
    const cwd2 = join(root, "tmp.lambda_2", "checkout");
    const real3 = join(root, `deep_${"x".repeat(120)}`, `repo.${"y".repeat(90)}`);
    await Promise.all([cwd1, cwd2, real3].map((d) => mkdir(d, { recursive: true })));
    const cwd3 = join(root, "linked-workspace");
    await symlink(real3, cwd3);
    // Run 1: a scheduled audit on main (fresh). Run 2: first review of PR 12 (forks main's session).
    // Run 3: review after a push (forks the PR's own latest session).
    await jobRun(1, main, undefined, cwd1, `PROMPT-ONE audit main; token ${SECRET}`);
    await jobRun(2, pr, main, cwd2, "PROMPT-TWO review the PR");
    await jobRun(3, pr, main, cwd3, "PROMPT-THREE review the new push");
  }, 120_000);

  afterAll(async () => {
    await api?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("runs fresh, then forks from the base branch, then from the PR lineage, each exiting 0", () => {
    expect(runs.map((r) => r.run.code)).toEqual([0, 0, 0]);
    expect(runs.map((r) => r.restore.status)).toEqual(["fresh", "restored", "restored"]);
    expect(runs[1]!.restore).toMatchObject({
      start: { from: "base", lineageKey: main },
      parentHeadSha: HEAD[0],
    });
    expect(runs[2]!.restore).toMatchObject({
      start: { from: "lineage", lineageKey: pr },
      parentHeadSha: HEAD[1],
    });
    expect(runs[1]!.run.stdout + runs[2]!.run.stdout).not.toContain("No conversation found");
    expect(new Set(runs.map((r) => r.sessionId)).size).toBe(3);
  });

  it("records the lineages with parent links, head shas and checksums", async () => {
    const mainIndex = (await store.readIndex(main))!.index;
    const prIndex = (await store.readIndex(pr))!.index;
    expect(mainIndex.entries.map((e) => [e.sessionId, e.parentSessionId, e.headSha])).toEqual([
      [runs[0]!.sessionId, null, HEAD[0]],
    ]);
    expect(prIndex.entries.map((e) => [e.sessionId, e.parentSessionId, e.headSha])).toEqual([
      [runs[1]!.sessionId, runs[0]!.sessionId, HEAD[1]],
      [runs[2]!.sessionId, runs[1]!.sessionId, HEAD[2]],
    ]);
    for (const entry of [...mainIndex.entries, ...prIndex.entries]) {
      expect(entry.numTurns).toBe(1);
      expect(entry.transcriptBytes).toBeGreaterThan(100);
    }
  });

  it("the model request of run 3 carries the turns of runs 1 and 2", () => {
    const main3 = api.mainRequests[2]!;
    const text = conversationText(main3);
    for (const marker of ["PROMPT-ONE", "ANSWER-1", "PROMPT-TWO", "ANSWER-2", "PROMPT-THREE"]) {
      expect(text).toContain(marker);
    }
    expect(text.indexOf("PROMPT-ONE")).toBeLessThan(text.indexOf("PROMPT-TWO"));
    expect(text.indexOf("PROMPT-TWO")).toBeLessThan(text.indexOf("PROMPT-THREE"));
    // Run 2 saw run 1 only.
    const text2 = conversationText(api.mainRequests[1]!);
    expect(text2).toContain("ANSWER-1");
    expect(text2).not.toContain("PROMPT-THREE");
  });

  it("stores transcripts redacted, and the redacted transcript still resumes", async () => {
    const stored = new TextDecoder().decode(await store.getTranscript(main, runs[0]!.sessionId));
    expect(stored).not.toContain(SECRET);
    expect(stored).toContain("[REDACTED]");
    for (const line of stored.split("\n").filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
    // Run 2 resumed from exactly that redacted transcript: the model saw the placeholder, not the token.
    const text2 = conversationText(api.mainRequests[1]!);
    expect(text2).toContain("PROMPT-ONE audit main; token [REDACTED]");
    expect(text2).not.toContain(SECRET);
  });
});
