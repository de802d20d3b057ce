import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { appendLineageEntry } from "../../src/sessions/append-lineage-entry.js";
import { FsTranscriptStore } from "../../src/sessions/fs-transcript-store.js";
import { prLineageKey } from "../../src/sessions/lineage-key.js";
import { LineageIndexCorruptError } from "../../src/sessions/session-errors.js";
import { describeTranscriptStoreContract, makeEntry } from "./transcript-store-contract.js";

describeTranscriptStoreContract("filesystem", async () => {
  const root = await mkdtemp(join(tmpdir(), "fs-store-"));
  return {
    store: new FsTranscriptStore({ root }),
    secondClient: new FsTranscriptStore({ root }),
    cleanup: () => rm(root, { recursive: true, force: true }),
  };
});

describe("FsTranscriptStore specifics", () => {
  const key = prLineageKey("o", "r", 3);

  it("reports a corrupt index with its path instead of starting the lineage over", async () => {
    const root = await mkdtemp(join(tmpdir(), "fs-store-"));
    try {
      const store = new FsTranscriptStore({ root });
      await appendLineageEntry(store, key, makeEntry());
      const path = join(store.describeLocation(key), "index.json");
      await writeFile(path, "{ truncated");
      const error = await store.readIndex(key).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LineageIndexCorruptError);
      expect((error as Error).message).toContain(path);
      await expect(appendLineageEntry(store, key, makeEntry())).rejects.toBeInstanceOf(
        LineageIndexCorruptError,
      );
      expect(await readFile(path, "utf8")).toBe("{ truncated");
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("breaks a lock left behind by a crashed writer", async () => {
    const root = await mkdtemp(join(tmpdir(), "fs-store-"));
    try {
      const store = new FsTranscriptStore({ root, staleLockMs: 1_000, lockTimeoutMs: 5_000 });
      const lock = join(store.describeLocation(key), "index.lock");
      await mkdir(store.describeLocation(key), { recursive: true });
      await writeFile(lock, "12345\n");
      const old = new Date(Date.now() - 60_000);
      await utimes(lock, old, old);
      await appendLineageEntry(store, key, makeEntry());
      expect((await store.readIndex(key))?.index.entries).toHaveLength(1);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("keeps many concurrent appends from several clients", async () => {
    const root = await mkdtemp(join(tmpdir(), "fs-store-"));
    try {
      const entries = Array.from({ length: 12 }, () => makeEntry());
      await Promise.all(
        entries.map((e) => appendLineageEntry(new FsTranscriptStore({ root }), key, e, { maxAttempts: 50 })),
      );
      const stored = (await new FsTranscriptStore({ root }).readIndex(key))?.index.entries.map(
        (e) => e.sessionId,
      );
      expect(stored?.sort()).toEqual(entries.map((e) => e.sessionId).sort());
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
