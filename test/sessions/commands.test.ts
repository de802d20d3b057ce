import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendLineageEntry } from "../../src/sessions/append-lineage-entry.js";
import {
  SessionsCommandError,
  sessionsList,
  sessionsPrune,
  sessionsShow,
} from "../../src/sessions/commands.js";
import { FsTranscriptStore } from "../../src/sessions/fs-transcript-store.js";
import { branchLineageKey, prLineageKey } from "../../src/sessions/lineage-key.js";
import { LineageKeyError } from "../../src/sessions/session-errors.js";
import { makeEntry } from "./transcript-store-contract.js";

describe("sessions list|show|prune", () => {
  let root: string;
  let store: FsTranscriptStore;
  const pr1 = prLineageKey("o", "r", 1);
  const pr2 = prLineageKey("o", "r", 2);
  const main = branchLineageKey("o", "r", "main");
  const other = prLineageKey("x", "y", 3);

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "cmd-"));
    store = new FsTranscriptStore({ root });
    for (const key of [pr1, pr1, pr1, pr2, main, other]) await appendLineageEntry(store, key, makeEntry());
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("lists lineages with counts, filtered by repository", async () => {
    const all = await sessionsList({ store });
    expect(all.json.map((s) => s.lineage)).toEqual([main.key, pr1.key, pr2.key, other.key]);
    const only = await sessionsList({ store, repository: "o/r" });
    expect(only.json.find((s) => s.lineage === pr1.key)?.entries).toBe(3);
    expect(only.text).toContain("o/r/pr/1  3 session(s)");
    expect(only.text).not.toContain("x/y");
  });

  it("shows one lineage's entries and rejects a malformed key", async () => {
    const shown = await sessionsShow({ store, lineage: "o/r/pr/1" });
    expect(shown.json.entries).toHaveLength(3);
    expect(shown.text.split("\n").filter((l) => /^\s+\d+\. /.test(l))).toHaveLength(3);
    const none = await sessionsShow({ store, lineage: "o/r/pr/99" });
    expect(none.json.exists).toBe(false);
    await expect(sessionsShow({ store, lineage: "o/r/pull/1" })).rejects.toBeInstanceOf(LineageKeyError);
  });

  it("prunes to K per lineage, supports dry runs, and deletes closed PRs", async () => {
    const dry = await sessionsPrune({ store, keepLast: 1, dryRun: true });
    expect(dry.json.prunedEntries).toEqual([{ lineage: pr1.key, sessionIds: expect.any(Array) }]);
    expect((await store.readIndex(pr1))?.index.entries).toHaveLength(3);
    expect(dry.text).toContain("would prune 2");

    await sessionsPrune({ store, keepLast: 1 });
    expect((await store.readIndex(pr1))?.index.entries).toHaveLength(1);

    const closed = await sessionsPrune({ store, isPrClosed: async (k) => k.number === 2 });
    expect(closed.json.deletedLineages).toEqual([pr2.key]);
    expect(await store.readIndex(pr2)).toBeUndefined();
    expect(await store.readIndex(main)).toBeDefined();

    await sessionsPrune({ store, lineage: other.key, deleteLineage: true });
    expect(await store.readIndex(other)).toBeUndefined();
  });

  it("refuses ambiguous or dangerous prune requests", async () => {
    await expect(sessionsPrune({ store })).rejects.toBeInstanceOf(SessionsCommandError);
    await expect(sessionsPrune({ store, deleteLineage: true })).rejects.toThrow(/--lineage/);
    await expect(sessionsPrune({ store, keepLast: 0 })).rejects.toThrow(/--keep/);
    expect((await sessionsList({ store })).json).toHaveLength(4);
  });
});
