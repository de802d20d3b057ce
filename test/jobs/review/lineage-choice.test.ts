import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changeSince } from "../../../src/jobs/review/change-since.js";
import { chooseLineageStart } from "../../../src/jobs/review/lineage-choice.js";
import { SESSION_OVERHEAD_TOKENS } from "../../../src/jobs/review/review-cost-estimate.js";
import type { ReviewPromptInput } from "../../../src/jobs/review/review-prompt.js";
import { GitCheckout } from "../../../src/jobs/shared/git-checkout.js";
import { appendLineageEntry } from "../../../src/sessions/append-lineage-entry.js";
import { FsTranscriptStore } from "../../../src/sessions/fs-transcript-store.js";
import type { LineageEntry } from "../../../src/sessions/lineage-entry.js";
import { branchLineageKey, prLineageKey } from "../../../src/sessions/lineage-key.js";
import { createTempRepo, type TempRepo } from "../../fixtures/git-repo.js";

// Resume the PR's last review or start fresh from its summary, by the estimated cost of each, on a
// real git history and the real filesystem transcript store.

const NOW = Date.parse("2026-12-04T12:00:00Z");
let repo: TempRepo;
let root: string;
let store: FsTranscriptStore;
let first: string;
let head: string;
beforeEach(() => {
  repo = createTempRepo("lineage-choice-");
  repo.write("src/math.ts", "export const add = (a: number, b: number) => a + b;\n");
  repo.commitAll("base");
  repo.write("src/math.ts", "export const add = (a: number, b: number) => a + b;\nexport const one = 1;\n");
  first = repo.commitAll("first push");
  repo.write("src/math.ts", "export const add = (a: number, b: number) => a + b;\nexport const one = 2;\n");
  head = repo.commitAll("second push");
  root = mkdtempSync(join(tmpdir(), "lineage-choice-store-"));
  store = new FsTranscriptStore({ root });
});
afterEach(() => {
  repo.remove();
  rmSync(root, { recursive: true, force: true });
});

const pr = prLineageKey("octo", "app", 7);
const base = branchLineageKey("octo", "app", "main");
const entry = (overrides: Partial<LineageEntry>): LineageEntry => ({
  sessionId: "3f0c6a1e-8b1d-4c57-9a53-2f1d7f9e0a11",
  parentSessionId: null,
  jobKind: "review",
  headSha: first,
  createdAt: new Date(NOW - 60_000).toISOString(),
  costUsd: 0.01,
  numTurns: 3,
  transcriptSha256: "a".repeat(64),
  transcriptBytes: 1000,
  depth: 0,
  contextTokens: 30_000,
  ...overrides,
});
type Continuation = Pick<ReviewPromptInput, "delta" | "priorReview">;
let priced: Continuation[] = [];
/** Prompt sizes as the real builder's shapes: a frame, plus the diff it inlines (the whole change's is 40,000). */
const continuedPromptChars = (continuation: Continuation): number => {
  priced.push(continuation);
  if (continuation.delta) return 700 + continuation.delta.diff.length;
  const since = continuation.priorReview?.since;
  return since ? 1_200 + since.diff.length : 40_000 + 160 * (continuation.priorReview?.findings.length ?? 0);
};
const choose = (
  reviewedPaths: ReadonlySet<string> = new Set(["src/math.ts"]),
  fresh = { promptChars: 40_000, readChars: [2_000] },
) => {
  priced = [];
  return chooseLineageStart({
    lineage: { store, lineageKey: pr, baseKey: base },
    headSha: head,
    fresh,
    continuedPromptChars,
    commitsSince: (fromSha: string) =>
      changeSince(new GitCheckout(repo.dir, process.env), fromSha, head, reviewedPaths),
    headChars: new Map([["src/math.ts", 80]]),
    model: "claude-sonnet-4-5",
    maxTurns: 10,
    now: () => NOW,
  });
};
/** A conversation the provider counted at about the fixed prefix alone: a short one. */
const SHORT = SESSION_OVERHEAD_TOKENS + 200;
const SHORT_TEXT = `${SHORT.toLocaleString("en-US")}-token`;
const dollars = (text: string) => [...text.matchAll(/\$(\d+\.\d{4})/g)].map((m) => Number(m[1]));

describe("chooseLineageStart", () => {
  it("a short conversation recorded a minute ago (cache likely warm) is resumed: its prefix is read back at 0.1×", async () => {
    await appendLineageEntry(store, pr, entry({ contextTokens: SHORT }));
    const choice = await choose();
    expect(choice.startFresh).toBeUndefined();
    expect(choice.resumedContextTokens).toBe(SHORT);
    expect(choice.notes).toEqual([
      expect.stringMatching(
        /^Resumed session 3f0c6a1e-.*: resuming its [\d,]+-token conversation \(prompt cache likely warm\) is estimated at \$(\d+\.\d{4}), a fresh review from its summary at \$(\d+\.\d{4}), a fresh review of the whole change at \$(\d+\.\d{4})\.$/,
      ),
    ]);
    expect(choice.notes[0]).toContain(`resuming its ${SHORT_TEXT} conversation`);
    const [resume, fresh, whole] = dollars(choice.notes[0]!);
    expect(resume!).toBeLessThanOrEqual(fresh!);
    expect(resume!).toBeLessThanOrEqual(whole!);
  });

  it("prices the parent's last reply as a cache write even when the rest is warm: it was never sent as input", async () => {
    await appendLineageEntry(store, pr, entry({ contextTokens: SHORT }));
    const [resumeBefore, freshBefore] = dollars((await choose()).notes[0]!);
    // The same parent, recorded with its reply's size, in an empty store.
    rmSync(root, { recursive: true, force: true });
    store = new FsTranscriptStore({ root });
    await appendLineageEntry(store, pr, entry({ contextTokens: SHORT, replyTokens: 1_000 }));
    const choice = await choose();
    const [resume, fresh] = dollars(choice.notes[0] ?? choice.startFresh!.reason);
    // 1,000 tokens at 1.25× instead of 0.1× of Sonnet's $3 per million input tokens.
    // Both prices are printed to $0.0001, so their difference is within two roundings of it.
    expect(Math.abs(resume! - resumeBefore! - (1_000 * 1.15 * 3) / 1_000_000)).toBeLessThanOrEqual(
      0.0001 + 1e-9,
    );
    expect(fresh).toBe(freshBefore);
  });

  it("a longer warm conversation costs more to read back than a summary start, which sends only the findings and the commits since", async () => {
    await appendLineageEntry(
      store,
      pr,
      entry({ findings: [{ path: "src/math.ts", line: 2, severity: "warning", title: "Magic one" }] }),
    );
    const choice = await choose();
    expect(choice.resumedContextTokens).toBeUndefined();
    expect(choice.startFresh).toEqual({
      reason: expect.stringMatching(/^resuming its 30,000-token conversation \(prompt cache likely warm\)/),
      withSummary: true,
    });
    const [resume, fresh] = dollars(choice.startFresh!.reason);
    expect(resume!).toBeGreaterThan(fresh!);
    // Both were priced with the commits since the parent's head: the delta and the summary start.
    expect(priced.map((c) => c.delta?.diff ?? c.priorReview?.since?.diff)).toEqual([
      expect.stringContaining("+export const one = 2;"),
      expect.stringContaining("+export const one = 2;"),
    ]);
    // From the parent's head, not the base: the line the parent saw is the one taken out.
    expect(priced[0]?.delta?.diff).toContain("-export const one = 1;");
    expect(priced[1]?.priorReview).toMatchObject({
      reviewedSha: first,
      why: "compacted",
      findings: [{ path: "src/math.ts", line: 2, title: "Magic one" }],
      since: { changedFiles: [expect.objectContaining({ path: "src/math.ts", status: "modified" })] },
    });
  });

  it("a conversation measured in characters is priced on top of the fixed prefix, so a small change is cheaper reviewed whole", async () => {
    // The provider counted about the fixed prefix alone: by that count resuming was free.
    await appendLineageEntry(
      store,
      pr,
      entry({ contextTokens: SHORT, conversationChars: 9_000, uncachedChars: 1_400 }),
    );
    // A first review's prompt of this one-file change is smaller than its summary start (1,200 + the
    // diff since), and it reads the same file (80 characters at the head).
    const small = { promptChars: 1_000, readChars: [80] };
    const choice = await choose(undefined, small);
    expect(choice.resumedContextTokens).toBeUndefined();
    expect(choice.startFresh).toEqual({
      reason: expect.stringMatching(
        /^resuming its [\d,]+-token conversation \(prompt cache likely warm\) is estimated at \$\d+\.\d{4}, a fresh review from its summary at \$\d+\.\d{4}, a fresh review of the whole change at \$\d+\.\d{4}, so the cheapest, a fresh review of the whole change, was taken$/,
      ),
      withSummary: false,
    });
    const [resume, fromSummary, whole] = dollars(choice.startFresh!.reason);
    expect(whole!).toBeLessThan(fromSummary!);
    expect(whole!).toBeLessThan(resume!);
    // The same entry without its measured conversation: the provider's count hid most of it, so
    // resuming was priced lower, by the messages read back on every turn (9,000 characters).
    rmSync(root, { recursive: true, force: true });
    store = new FsTranscriptStore({ root });
    await appendLineageEntry(store, pr, entry({ contextTokens: SHORT }));
    const unmeasured = await choose(undefined, small);
    const [resumeUnmeasured, , wholeAgain] = dollars(unmeasured.startFresh?.reason ?? unmeasured.notes[0]!);
    expect(resumeUnmeasured!).toBeLessThan(resume!);
    expect(wholeAgain).toBe(whole);
  });

  it("the commits since leave out files the review does not cover; a parent that is no ancestor is priced whole", async () => {
    await appendLineageEntry(store, pr, entry({}));
    await choose(new Set(["docs/other.md"]));
    expect(priced[1]?.priorReview?.since).toEqual({ diff: "", changedFiles: [] });
    // A rewritten branch: the parent's head is gone from this history, so both starts send the whole change.
    repo.git("checkout", "-q", "--orphan", "rewritten");
    repo.write("src/math.ts", "export const two = 2;\n");
    head = repo.commitAll("rewritten");
    const choice = await choose();
    expect(priced).toHaveLength(1);
    expect(priced[0]?.priorReview?.since).toBeUndefined();
    expect(choice.startFresh?.reason ?? choice.notes[0]).toMatch(/a fresh review from its summary at \$\d/);
    // Every start sends the whole change there: the one without the earlier findings is not offered.
    expect(choice.startFresh?.reason ?? choice.notes[0]).not.toContain("whole change");
    expect(choice.startFresh?.withSummary ?? true).toBe(true);
  });

  it("the same parent an hour later (cache cold): sending its conversation again costs more, so it starts fresh from the summary", async () => {
    await appendLineageEntry(store, pr, entry({ createdAt: new Date(NOW - 3_600_000).toISOString() }));
    const choice = await choose();
    expect(choice.resumedContextTokens).toBeUndefined();
    expect(choice.startFresh).toEqual({
      reason: expect.stringMatching(
        /^resuming its 30,000-token conversation \(prompt cache cold\) is estimated at \$\d+\.\d{4}, a fresh review from its summary at \$\d+\.\d{4}, a fresh review of the whole change at \$\d+\.\d{4}, so the cheaper fresh start from its summary was taken$/,
      ),
      withSummary: true,
    });
    const [resume, fresh] = dollars(choice.startFresh!.reason);
    expect(resume!).toBeGreaterThan(fresh!);
  });

  it("a small conversation stays cheaper to resume even when cold", async () => {
    await appendLineageEntry(
      store,
      pr,
      entry({
        createdAt: new Date(NOW - 3_600_000).toISOString(),
        contextTokens: SESSION_OVERHEAD_TOKENS + 100,
      }),
    );
    expect((await choose()).resumedContextTokens).toBe(SESSION_OVERHEAD_TOKENS + 100);
  });

  it("a first review forking from the base branch keeps its parent; no parent, or one without its size, weighs nothing", async () => {
    // The start point read here goes to the engine with the choice (it does not read the index again).
    expect(await choose()).toEqual({ start: { kind: "fresh" }, notes: [] });
    await appendLineageEntry(store, base, entry({ createdAt: new Date(NOW - 3_600_000).toISOString() }));
    expect(await choose()).toEqual({
      start: expect.objectContaining({ kind: "fork", from: "base" }),
      resumedContextTokens: 30_000,
      notes: [],
    });
    await appendLineageEntry(store, pr, entry({ contextTokens: undefined }));
    expect(await choose()).toEqual({
      start: expect.objectContaining({ kind: "fork", from: "lineage" }),
      notes: [],
    });
  });
});
