import { createHash } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendLineageEntry } from "../../src/sessions/append-lineage-entry.js";
import { captureSession } from "../../src/sessions/capture-session.js";
import { chooseStart } from "../../src/sessions/choose-start.js";
import {
  contextBoundExceeded,
  DEFAULT_CONTEXT_BOUND,
  transcriptContextTokens,
  transcriptReplyTokens,
} from "../../src/sessions/context-bound.js";
import { FsTranscriptStore } from "../../src/sessions/fs-transcript-store.js";
import { parseLineageEntry } from "../../src/sessions/lineage-entry.js";
import { prLineageKey } from "../../src/sessions/lineage-key.js";
import { transcriptPath } from "../../src/sessions/project-slug.js";
import { restoreSession } from "../../src/sessions/restore-session.js";
import { LineageEntryError } from "../../src/sessions/session-errors.js";
import { makeEntry } from "./transcript-store-contract.js";

const bound = { maxDepth: 3, maxContextTokens: 1000 };
const assistant = (usage: Record<string, number>) =>
  JSON.stringify({ type: "assistant", message: { role: "assistant", usage } });

describe("contextBoundExceeded", () => {
  it("lets a lineage be resumed up to the depth bound, and not one generation further", () => {
    expect(contextBoundExceeded(makeEntry({ depth: 2 }), bound)).toBeUndefined();
    expect(contextBoundExceeded(makeEntry({ depth: 3 }), bound)).toBe(
      "it is 4 generation(s) deep, over the bound of 3",
    );
    // Entries written before depth existed count as fresh sessions.
    expect(contextBoundExceeded(makeEntry(), { ...bound, maxDepth: 1 })).toBeUndefined();
    expect(contextBoundExceeded(makeEntry(), { ...bound, maxDepth: 0 })).toContain("1 generation(s)");
  });

  it("stops at the token bound, which is inclusive", () => {
    expect(contextBoundExceeded(makeEntry({ contextTokens: 1000 }), bound)).toBeUndefined();
    expect(contextBoundExceeded(makeEntry({ contextTokens: 1001 }), bound)).toBe(
      "its conversation holds 1001 tokens, over the bound of 1000",
    );
  });

  it("ships a default that allows a dozen pushes", () => {
    expect(DEFAULT_CONTEXT_BOUND.maxDepth).toBeGreaterThanOrEqual(10);
    expect(contextBoundExceeded(makeEntry({ depth: 10, contextTokens: 30_000 }), DEFAULT_CONTEXT_BOUND)).toBe(
      undefined,
    );
  });
});

describe("transcriptContextTokens", () => {
  it("reads the last assistant reply's usage, prompt and reply together", () => {
    const transcript = [
      assistant({ input_tokens: 1, output_tokens: 1 }),
      JSON.stringify({ type: "user", message: { role: "user", content: "x" } }),
      assistant({
        input_tokens: 5,
        cache_creation_input_tokens: 20,
        cache_read_input_tokens: 300,
        output_tokens: 7,
      }),
      JSON.stringify({ type: "user", message: { role: "user", content: "tool result" } }),
      "not json {",
      "",
    ].join("\n");
    expect(transcriptContextTokens(new TextEncoder().encode(transcript))).toBe(332);
    // Of those, the last reply's own tokens: what no request has sent (or cached) yet.
    expect(transcriptReplyTokens(new TextEncoder().encode(transcript))).toBe(7);
  });

  it("is unknown for a transcript without an assistant reply", () => {
    expect(transcriptContextTokens(new TextEncoder().encode('{"type":"user"}\n'))).toBeUndefined();
    expect(transcriptReplyTokens(new TextEncoder().encode('{"type":"user"}\n'))).toBeUndefined();
  });
});

describe("lineage entries remember depth, context size and findings", () => {
  it("validates the optional fields and keeps them through parse", () => {
    const entry = makeEntry({
      depth: 2,
      contextTokens: 900,
      replyTokens: 120,
      conversationChars: 4_000,
      uncachedChars: 400,
      model: "claude-opus-5[1m]",
      findings: [{ path: "a.ts", line: 3, severity: "error", title: "Off by one" }],
    });
    expect(parseLineageEntry(JSON.parse(JSON.stringify(entry)))).toEqual(entry);
    const bad = [
      { depth: -1 },
      { depth: 1.5 },
      { contextTokens: "9" },
      { replyTokens: -1 },
      { replyTokens: "2" },
      { conversationChars: -1 },
      { uncachedChars: 1.5 },
      // A tail longer than the conversation it ends is no measurement.
      { conversationChars: 10, uncachedChars: 11 },
      // The model becomes a CLI argument on resume: a flag or a space in it is refused.
      { model: "--dangerously-skip-permissions" },
      { model: "opus 5" },
      { model: 5 },
      { model: "" },
      { findings: {} },
      { findings: [{ path: "a", line: 0, severity: "error", title: "t" }] },
      { findings: [{ path: "", line: 1, severity: "error", title: "t" }] },
      { findings: [{ path: "a", line: 1, severity: "error", title: "t".repeat(301) }] },
      { findings: Array.from({ length: 101 }, () => ({ path: "a", line: 1, severity: "e", title: "t" })) },
    ];
    for (const override of bad) {
      expect(
        () => parseLineageEntry({ ...makeEntry(), ...override }),
        JSON.stringify(override).slice(0, 80),
      ).toThrow(LineageEntryError);
    }
  });
});

describe("restore and capture under a bound (filesystem store, no CLI)", () => {
  let dir: string;
  let store: FsTranscriptStore;
  const pr = prLineageKey("o", "r", 9);
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "bound-"));
    store = new FsTranscriptStore({ root: join(dir, "store") });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  async function storeEntry(overrides: Parameters<typeof makeEntry>[0]) {
    const bytes = new TextEncoder().encode('{"type":"user"}\n');
    const entry = makeEntry({
      ...overrides,
      transcriptSha256: createHash("sha256").update(bytes).digest("hex"),
      transcriptBytes: bytes.byteLength,
    });
    await store.putTranscript(pr, entry.sessionId, bytes);
    await appendLineageEntry(store, pr, entry);
    return entry;
  }

  it("resumes a parent within the bound and compacts one past it, without touching its transcript", async () => {
    const cwd = await mkdtemp(join(dir, "cwd-"));
    const within = await storeEntry({ depth: 2 });
    const resumed = await restoreSession({
      store,
      start: await chooseStart(store, pr),
      configDir: join(dir, "c1"),
      cwd,
      bound,
    });
    expect(resumed).toMatchObject({ status: "restored", sessionId: within.sessionId });

    const deep = await storeEntry({
      depth: 3,
      findings: [{ path: "a.ts", line: 1, severity: "error", title: "x" }],
    });
    const configDir = join(dir, "c2");
    const compacted = await restoreSession({
      store,
      start: await chooseStart(store, pr),
      configDir,
      cwd,
      bound,
    });
    expect(compacted).toMatchObject({ status: "compacted", start: { entry: { sessionId: deep.sessionId } } });
    expect(compacted.message).toContain("it is 4 generation(s) deep");
    // Nothing was written where the CLI would look for a resumable transcript.
    await expect(
      import("node:fs/promises").then((fs) => fs.stat(join(configDir, "projects"))),
    ).rejects.toThrow();
    // The job's own choice: from its summary, or on the whole change (no history, no summary).
    const withSummary = await restoreSession({
      store,
      start: await chooseStart(store, pr),
      configDir,
      cwd,
      startFresh: { reason: "resuming costs more", withSummary: true },
    });
    expect(withSummary).toMatchObject({
      status: "compacted",
      start: { entry: { sessionId: deep.sessionId } },
    });
    expect(withSummary.message).toContain(`from a summary of session ${deep.sessionId}`);
    expect(withSummary.message).toContain(": resuming costs more.");
    const wholeChange = await restoreSession({
      store,
      start: await chooseStart(store, pr),
      configDir,
      cwd,
      startFresh: { reason: "resuming costs more", withSummary: false },
    });
    expect(wholeChange).toEqual({
      status: "fresh",
      reason: "cheaper_than_continuing",
      message: `Started a fresh session on the whole change instead of continuing session ${deep.sessionId} (it saw ${deep.headSha.slice(0, 7)}): resuming costs more.`,
    });
    // Past the bound the summary start stands whatever the job preferred: the bound keeps the findings.
    expect(
      await restoreSession({
        store,
        start: await chooseStart(store, pr),
        configDir,
        cwd,
        bound,
        startFresh: { reason: "resuming costs more", withSummary: false },
      }),
    ).toMatchObject({ status: "compacted", message: expect.stringContaining("it is 4 generation(s) deep") });
    await expect(
      import("node:fs/promises").then((fs) => fs.stat(join(configDir, "projects"))),
    ).rejects.toThrow();
    // Without a bound the same parent is resumed.
    const unbounded = await restoreSession({ store, start: await chooseStart(store, pr), configDir, cwd });
    expect(unbounded.status).toBe("restored");
  });

  it("records depth, the conversation size and the findings handed in", async () => {
    const cwd = await mkdtemp(join(dir, "cwd-"));
    const configDir = join(dir, "config");
    const sessionId = "0b8f3c1e-9d4a-4c52-8f00-1234567890ab";
    const path = await transcriptPath(configDir, cwd, sessionId);
    await mkdir(join(path, ".."), { recursive: true });
    const prompt = JSON.stringify({ type: "user", message: { role: "user", content: "review this" } });
    await writeFile(path, `${prompt}\n${assistant({ input_tokens: 40, output_tokens: 2 })}\n`);
    const findings = [{ path: "a.ts", line: 1, severity: "error", title: "x" }];
    const { entry } = await captureSession({
      ...{ store, lineageKey: pr, configDir, cwd, sessionId, parentSessionId: null, jobKind: "review" },
      headSha: "b".repeat(40),
      costUsd: 0,
      numTurns: 1,
      depth: 4,
      findings,
    });
    expect(entry).toMatchObject({ depth: 4, contextTokens: 42, replyTokens: 2, findings });
    // The messages a resume sends again, counted as a prompt is; the reply (no content here) is the uncached tail.
    expect(entry).toMatchObject({ conversationChars: '"review this"'.length, uncachedChars: 0 });
    expect((await store.readIndex(pr))?.index.entries.at(-1)).toEqual(entry);
  });
});
