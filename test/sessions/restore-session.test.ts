import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendLineageEntry } from "../../src/sessions/append-lineage-entry.js";
import { captureSession } from "../../src/sessions/capture-session.js";
import { chooseStart } from "../../src/sessions/choose-start.js";
import { FsTranscriptStore } from "../../src/sessions/fs-transcript-store.js";
import { branchLineageKey, prLineageKey } from "../../src/sessions/lineage-key.js";
import { projectSlug, transcriptPath } from "../../src/sessions/project-slug.js";
import { parentSessionId, resumeArgs, resumeOption } from "../../src/sessions/restore-result.js";
import { restoreSession } from "../../src/sessions/restore-session.js";
import { resumeRefusal, runWithResumeFallback } from "../../src/sessions/resume-refusal.js";
import { TranscriptNotFoundError } from "../../src/sessions/session-errors.js";
import { makeEntry } from "./transcript-store-contract.js";

const pr = prLineageKey("o", "r", 5);
const main = branchLineageKey("o", "r", "main");

describe("restore and capture (filesystem store, no CLI)", () => {
  let dir: string;
  let store: FsTranscriptStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "restore-"));
    store = new FsTranscriptStore({ root: join(dir, "store") });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function storeSession(body: string) {
    const bytes = new TextEncoder().encode(body);
    const entry = makeEntry({
      transcriptSha256: createHash("sha256").update(bytes).digest("hex"),
      transcriptBytes: bytes.byteLength,
    });
    await store.putTranscript(main, entry.sessionId, bytes);
    await appendLineageEntry(store, main, entry);
    return entry;
  }

  it("places a verified transcript under the slug of the real cwd and returns fork args", async () => {
    const entry = await storeSession('{"type":"user"}\n');
    const realCwd = join(dir, "work.space_1");
    await mkdir(realCwd);
    await symlink(realCwd, join(dir, "link"));
    const configDir = join(dir, "config");
    const result = await restoreSession({
      store,
      start: await chooseStart(store, pr, main),
      configDir,
      cwd: join(dir, "link"),
    });
    expect(result.status).toBe("restored");
    const expectedPath = join(configDir, "projects", projectSlug(realCwd), `${entry.sessionId}.jsonl`);
    expect(result.status === "restored" && result.transcriptPath).toBe(expectedPath);
    expect(projectSlug(realCwd)).toMatch(/-work-space-1$/);
    expect(await readFile(expectedPath, "utf8")).toBe('{"type":"user"}\n');
    expect(resumeArgs(result)).toEqual(["--resume", entry.sessionId, "--fork-session"]);
    expect(resumeOption(result)).toEqual({ sessionId: entry.sessionId, fork: true });
    expect(parentSessionId(result)).toBe(entry.sessionId);
    expect(result.status === "restored" && result.parentHeadSha).toBe(entry.headSha);
  });

  it("falls back to a fresh session with the reason when the transcript is corrupt or missing", async () => {
    const corrupt = await storeSession('{"type":"user"}\n');
    await store.putTranscript(main, corrupt.sessionId, new TextEncoder().encode('{"type":"usex"}\n'));
    const cwd = await mkdtemp(join(dir, "cwd-"));
    const r1 = await restoreSession({
      store,
      start: await chooseStart(store, main),
      configDir: join(dir, "c"),
      cwd,
    });
    expect(r1).toMatchObject({ status: "fresh_fallback", reason: "checksum_mismatch" });
    expect(r1.message).toContain(corrupt.sessionId);
    expect(resumeArgs(r1)).toEqual([]);
    expect(parentSessionId(r1)).toBeNull();

    const missing = await storeSession("{}\n");
    await store.deleteTranscripts(main, [missing.sessionId]);
    const r2 = await restoreSession({
      store,
      start: await chooseStart(store, main),
      configDir: join(dir, "c"),
      cwd,
    });
    expect(r2).toMatchObject({ status: "fresh_fallback", reason: "transcript_missing" });

    const r3 = await restoreSession({ store, start: { kind: "fresh" }, configDir: join(dir, "c"), cwd });
    expect(r3).toMatchObject({ status: "fresh", reason: "no_prior_session" });
  });

  it("re-runs once as fresh when the CLI refuses the parent, and never loops", async () => {
    const entry = await storeSession("{}\n");
    const cwd = await mkdtemp(join(dir, "cwd-"));
    const restored = await restoreSession({
      store,
      start: await chooseStart(store, main),
      configDir: join(dir, "c"),
      cwd,
    });
    const calls: string[][] = [];
    const refused = { exitCode: 1, errors: [`No conversation found with session ID: ${entry.sessionId}`] };
    const { restore } = await runWithResumeFallback(
      restored,
      async (r) => {
        calls.push(resumeArgs(r));
        return refused; // even the fresh run "fails": still only two calls
      },
      (run) => resumeRefusal(run),
    );
    expect(calls).toEqual([["--resume", entry.sessionId, "--fork-session"], []]);
    expect(restore).toMatchObject({ status: "fresh_fallback", reason: "refused_by_cli" });
    expect(restore.message).toContain("No conversation found");
    expect(resumeRefusal({ exitCode: 0, errors: refused.errors })).toBeUndefined();
    expect(resumeRefusal({ exitCode: 1, stderr: "boom" })).toBeUndefined();
  });

  it("captures the new transcript redacted, then appends the entry with its checksum", async () => {
    const cwd = await mkdtemp(join(dir, "cwd-"));
    const configDir = join(dir, "config");
    const sessionId = "0b8f3c1e-9d4a-4c52-8f00-1234567890ab";
    const path = await transcriptPath(configDir, cwd, sessionId);
    await mkdir(join(path, ".."), { recursive: true });
    const { writeFile } = await import("node:fs/promises");
    await writeFile(path, `${JSON.stringify({ type: "user", text: "key sk-ant-secretvalue-123" })}\n`);
    const result = await captureSession({
      store,
      lineageKey: pr,
      configDir,
      cwd,
      sessionId,
      parentSessionId: null,
      jobKind: "review",
      headSha: "b".repeat(40),
      costUsd: 0.5,
      numTurns: 2,
      secretValues: ["sk-ant-secretvalue-123"],
    });
    expect(result.redactions).toBe(1);
    const stored = await store.getTranscript(pr, sessionId);
    expect(new TextDecoder().decode(stored)).toContain("[REDACTED]");
    expect(result.entry.transcriptSha256).toBe(createHash("sha256").update(stored!).digest("hex"));
    expect((await store.readIndex(pr))?.index.entries).toEqual([result.entry]);

    await expect(
      captureSession({
        ...{ store, lineageKey: pr, configDir, cwd, parentSessionId: null, jobKind: "review" },
        sessionId: "11111111-2222-4333-8444-555555555555",
        headSha: "b".repeat(40),
        costUsd: 0,
        numTurns: 0,
      }),
    ).rejects.toBeInstanceOf(TranscriptNotFoundError);
  });
});
