import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  addSuppressions,
  forgetSuppression,
  readLearnings,
} from "../../src/jobs/learnings/learnings-ledger.js";
import { activeRecords, suppressionId } from "../../src/jobs/learnings/suppression-record.js";
import { appendLineageEntry, pruneLineage } from "../../src/sessions/append-lineage-entry.js";
import { chooseStart } from "../../src/sessions/choose-start.js";
import type { LineageEntry } from "../../src/sessions/lineage-entry.js";
import { branchLineageKey, prLineageKey } from "../../src/sessions/lineage-key.js";
import { IndexConflictError } from "../../src/sessions/session-errors.js";
import type { TranscriptStore } from "../../src/sessions/transcript-store.js";
import { suppressionRecord } from "../jobs/learnings/suppression-fixture.js";

export interface StoreUnderTest {
  store: TranscriptStore;
  /** A second, independent client of the same storage (another process/job in real life). */
  secondClient: TranscriptStore;
  cleanup(): Promise<void>;
}

let counter = 0;
export function makeEntry(overrides: Partial<LineageEntry> = {}): LineageEntry {
  counter++;
  return {
    sessionId: randomUUID(),
    parentSessionId: null,
    jobKind: "review",
    headSha: "a".repeat(39) + (counter % 10).toString(),
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, counter)).toISOString(),
    costUsd: 0.01 * counter,
    numTurns: counter,
    transcriptSha256: "0".repeat(64),
    transcriptBytes: 10,
    ...overrides,
  };
}

const encoder = new TextEncoder();

/** Holds the first readIndex of each wrapped client until `parties` clients have read. */
function readBarrier(parties: number): { wrap(store: TranscriptStore): TranscriptStore } {
  let arrived = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    wrap(store) {
      let first = true;
      return new Proxy(store, {
        get(target, prop, receiver) {
          if (prop !== "readIndex") {
            const value = Reflect.get(target, prop, receiver);
            return typeof value === "function" ? value.bind(target) : value;
          }
          return async (...args: Parameters<TranscriptStore["readIndex"]>) => {
            const result = await target.readIndex(...args);
            if (first) {
              first = false;
              if (++arrived >= parties) open();
              await opened;
            }
            return result;
          };
        },
      });
    },
  };
}

/** ONE contract, run against every TranscriptStore backend (filesystem, S3, GitHub artifacts). */
export function describeTranscriptStoreContract(name: string, factory: () => Promise<StoreUnderTest>): void {
  describe(`TranscriptStore contract: ${name}`, () => {
    let sut: StoreUnderTest;
    beforeEach(async () => {
      sut = await factory();
    });
    afterEach(async () => {
      await sut.cleanup();
    });

    const pr = prLineageKey("octo-org", "repo.name_x", 17);
    const main = branchLineageKey("octo-org", "repo.name_x", "main");

    it("reports an unknown lineage and a missing transcript as absent, not as an error", async () => {
      expect(await sut.store.readIndex(pr)).toBeUndefined();
      expect(await sut.store.getTranscript(pr, randomUUID())).toBeUndefined();
      expect(await chooseStart(sut.store, pr, main)).toEqual({ kind: "fresh" });
    });

    it("stores transcripts byte for byte", async () => {
      const id = randomUUID();
      const body = encoder.encode(
        `${Array.from({ length: 200 }, (_, i) => JSON.stringify({ i, text: "héllo ✓ \u2028", sessionId: id })).join("\n")}\n`,
      );
      await sut.store.putTranscript(pr, id, body);
      const back = await sut.secondClient.getTranscript(pr, id);
      expect(back && Buffer.from(back).equals(Buffer.from(body))).toBe(true);
    });

    it("appends entries in order and chooseStart picks the PR's latest, else the base branch's", async () => {
      const base = makeEntry({ jobKind: "audit" });
      await appendLineageEntry(sut.store, main, base);
      expect(await chooseStart(sut.store, pr, main)).toMatchObject({
        kind: "fork",
        from: "base",
        entry: base,
      });

      const first = makeEntry({ parentSessionId: base.sessionId });
      const second = makeEntry({ parentSessionId: first.sessionId });
      await appendLineageEntry(sut.store, pr, first);
      await appendLineageEntry(sut.secondClient, pr, second);
      const read = await sut.store.readIndex(pr);
      expect(read?.index.entries).toEqual([first, second]);
      expect(read?.index.lineageKey).toBe(pr.key);
      expect(await chooseStart(sut.store, pr, main)).toMatchObject({
        kind: "fork",
        from: "lineage",
        entry: second,
      });
    });

    it("refuses a write based on a stale version (compare-and-swap)", async () => {
      await appendLineageEntry(sut.store, pr, makeEntry());
      const stale = await sut.store.readIndex(pr);
      await appendLineageEntry(sut.secondClient, pr, makeEntry());
      expect(stale).toBeDefined();
      const staleIndex = stale!.index;
      await expect(
        sut.store.writeIndex(
          pr,
          { ...staleIndex, entries: [...staleIndex.entries, makeEntry()] },
          stale!.version,
        ),
      ).rejects.toBeInstanceOf(IndexConflictError);
      // Creating when one exists is a conflict too.
      await expect(sut.store.writeIndex(pr, staleIndex, undefined)).rejects.toBeInstanceOf(
        IndexConflictError,
      );
      expect((await sut.store.readIndex(pr))?.index.entries).toHaveLength(2);
    });

    it("loses no entry when two writers append concurrently", async () => {
      const a = makeEntry({ jobKind: "review" });
      const b = makeEntry({ jobKind: "autofix" });
      // Both writers read the (empty) index before either writes: a guaranteed race, not a lucky one.
      const barrier = readBarrier(2);
      const results = await Promise.all([
        appendLineageEntry(barrier.wrap(sut.store), pr, a),
        appendLineageEntry(barrier.wrap(sut.secondClient), pr, b),
      ]);
      const ids = (await sut.store.readIndex(pr))?.index.entries.map((e) => e.sessionId);
      expect(ids?.sort()).toEqual([a.sessionId, b.sessionId].sort());
      // The loser of the compare-and-swap retried on the fresh index.
      expect(results.map((r) => r.attempts).sort()).toEqual([1, 2]);
    });

    it("keeps the last K entries and deletes the transcripts of the pruned ones", async () => {
      const entries = [makeEntry(), makeEntry(), makeEntry(), makeEntry()];
      for (const entry of entries) {
        await sut.store.putTranscript(pr, entry.sessionId, encoder.encode(`{"id":"${entry.sessionId}"}\n`));
        await appendLineageEntry(sut.store, pr, entry, { keepLast: 3 });
      }
      const read = await sut.store.readIndex(pr);
      expect(read?.index.entries.map((e) => e.sessionId)).toEqual(entries.slice(1).map((e) => e.sessionId));
      expect(read?.index.prunedCount).toBe(1);
      expect(await sut.store.getTranscript(pr, entries[0]!.sessionId)).toBeUndefined();
      expect(await sut.store.getTranscript(pr, entries[1]!.sessionId)).toBeDefined();

      const dropped = await pruneLineage(sut.secondClient, pr, 1);
      expect(dropped.map((e) => e.sessionId)).toEqual([entries[1]!.sessionId, entries[2]!.sessionId]);
      expect((await sut.store.readIndex(pr))?.index.entries.map((e) => e.sessionId)).toEqual([
        entries[3]!.sessionId,
      ]);
      expect(await sut.store.getTranscript(pr, entries[2]!.sessionId)).toBeUndefined();
      expect(await sut.store.getTranscript(pr, entries[3]!.sessionId)).toBeDefined();
    });

    it("lists lineages (PRs and slashed branch names) and deletes one without touching the others", async () => {
      const feature = branchLineageKey("octo-org", "repo.name_x", "feature/deep/x");
      const featureParent = branchLineageKey("octo-org", "repo.name_x", "feature");
      const keep = makeEntry();
      for (const [key, entry] of [
        [pr, makeEntry()],
        [main, keep],
        [feature, makeEntry()],
        [featureParent, makeEntry()],
      ] as const) {
        await sut.store.putTranscript(key, entry.sessionId, encoder.encode("{}\n"));
        await appendLineageEntry(sut.store, key, entry);
      }
      expect((await sut.secondClient.listLineages()).map((k) => k.key).sort()).toEqual(
        [pr.key, main.key, feature.key, featureParent.key].sort(),
      );
      await sut.store.deleteLineage(pr);
      expect(await sut.store.readIndex(pr)).toBeUndefined();
      expect((await sut.store.listLineages()).map((k) => k.key)).not.toContain(pr.key);
      expect(await sut.store.getTranscript(main, keep.sessionId)).toBeDefined();
      expect((await sut.store.readIndex(featureParent))?.index.entries).toHaveLength(1);
      expect((await sut.store.readIndex(feature))?.index.entries).toHaveLength(1);
    });

    it("keeps a repository document by compare-and-swap, apart from the lineages", async () => {
      expect(await sut.store.readRepositoryDocument("octo-org", "repo.name_x", "learnings")).toBeUndefined();
      const first = encoder.encode('{"n":1}');
      const version = await sut.store.writeRepositoryDocument(
        "octo-org",
        "repo.name_x",
        "learnings",
        first,
        undefined,
      );
      const read = await sut.secondClient.readRepositoryDocument("octo-org", "repo.name_x", "learnings");
      expect(read && Buffer.from(read.bytes).toString()).toBe('{"n":1}');
      expect(read?.version).toBe(version);
      // Creating when one exists, or writing on a stale version, is a conflict; nothing is overwritten.
      await expect(
        sut.store.writeRepositoryDocument(
          "octo-org",
          "repo.name_x",
          "learnings",
          encoder.encode("{}"),
          undefined,
        ),
      ).rejects.toBeInstanceOf(IndexConflictError);
      await sut.secondClient.writeRepositoryDocument(
        "octo-org",
        "repo.name_x",
        "learnings",
        encoder.encode('{"n":2}'),
        version,
      );
      await expect(
        sut.store.writeRepositoryDocument(
          "octo-org",
          "repo.name_x",
          "learnings",
          encoder.encode("{}"),
          version,
        ),
      ).rejects.toBeInstanceOf(IndexConflictError);
      const now = await sut.store.readRepositoryDocument("octo-org", "repo.name_x", "learnings");
      expect(now && Buffer.from(now.bytes).toString()).toBe('{"n":2}');
      expect(await sut.store.listLineages()).toEqual([]);
    });

    it("loses no learning when two reviews learn at once, and a forgotten one stays forgotten", async () => {
      const place = (store: TranscriptStore) => ({ store, owner: "octo-org", repo: "repo.name_x" });
      const record = (source: string) => suppressionRecord(source, { title: `from ${source}` });
      await Promise.all([
        addSuppressions(place(sut.store), { records: [record("reaction:1")] }),
        addSuppressions(place(sut.secondClient), { records: [record("reaction:2")] }),
      ]);
      const both = await readLearnings(place(sut.store));
      expect(both.records.map((r) => r.source).sort()).toEqual(["reaction:1", "reaction:2"]);
      await forgetSuppression(place(sut.store), suppressionId("reaction:1"), {
        by: "maint",
        at: "2026-12-02T00:00:00.000Z",
      });
      // The same signal read again does not bring it back.
      await addSuppressions(place(sut.secondClient), { records: [record("reaction:1")] });
      const after = await readLearnings(place(sut.store));
      expect(activeRecords(after).map((r) => r.source)).toEqual(["reaction:2"]);
      expect(after.records.find((r) => r.source === "reaction:1")?.forgotten?.by).toBe("maint");
    });

    it("refuses to append the same session twice", async () => {
      const entry = makeEntry();
      await appendLineageEntry(sut.store, pr, entry);
      await expect(appendLineageEntry(sut.store, pr, entry)).rejects.toThrow(/already in lineage/);
    });
  });
}
