import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { chooseStartPoint } from "../../src/sessions/choose-start.js";
import { parseLineageEntry } from "../../src/sessions/lineage-entry.js";
import {
  appendToIndex,
  emptyLineageIndex,
  parseLineageIndex,
  pruneIndex,
  serializeLineageIndex,
} from "../../src/sessions/lineage-index.js";
import { branchLineageKey, prLineageKey } from "../../src/sessions/lineage-key.js";
import { LineageEntryError, LineageIndexCorruptError } from "../../src/sessions/session-errors.js";
import { makeEntry } from "./transcript-store-contract.js";

const pr = prLineageKey("o", "r", 1);
const main = branchLineageKey("o", "r", "main");

describe("lineage entries and index", () => {
  it("validates entries field by field", () => {
    expect(() => parseLineageEntry({ ...makeEntry(), sessionId: "../../etc" })).toThrow(LineageEntryError);
    expect(() => parseLineageEntry({ ...makeEntry(), headSha: "HEAD" })).toThrow(/headSha/);
    expect(() => parseLineageEntry({ ...makeEntry(), costUsd: -1 })).toThrow(/costUsd/);
    expect(() => parseLineageEntry({ ...makeEntry(), transcriptSha256: "abc" })).toThrow(/transcriptSha256/);
    // The slot becomes part of a path (slot-<n>): a whole number or nothing.
    expect(parseLineageEntry({ ...makeEntry(), slot: 2 }).slot).toBe(2);
    expect(() => parseLineageEntry({ ...makeEntry(), slot: "../x" })).toThrow(/slot/);
    expect(() => parseLineageEntry({ ...makeEntry(), slot: -1 })).toThrow(/slot/);
    const id = randomUUID();
    expect(() => parseLineageEntry({ ...makeEntry(), sessionId: id, parentSessionId: id })).toThrow(/differ/);
  });

  it("appends without touching earlier entries and prunes only the oldest", () => {
    const entries = [makeEntry(), makeEntry(), makeEntry()];
    let index = emptyLineageIndex(pr);
    for (const e of entries) index = appendToIndex(index, e);
    const snapshot = structuredClone(index);
    const { index: pruned, dropped } = pruneIndex(index, 2);
    expect(index).toEqual(snapshot);
    expect(dropped).toEqual([entries[0]]);
    expect(pruned.entries).toEqual(entries.slice(1));
    expect(pruned.prunedCount).toBe(1);
    expect(() => pruneIndex(index, 0)).toThrow(RangeError);
  });

  it("round-trips through its stored form and refuses an index of another lineage", () => {
    const index = appendToIndex(emptyLineageIndex(pr), makeEntry());
    const bytes = serializeLineageIndex(index);
    expect(parseLineageIndex(pr, bytes, "mem")).toEqual(index);
    expect(() => parseLineageIndex(main, bytes, "mem")).toThrow(LineageIndexCorruptError);
    expect(() => parseLineageIndex(pr, new TextEncoder().encode('{"schema":"x"}'), "mem")).toThrow(/schema/);
  });

  it("chooses the PR's latest entry, else the base branch's latest, else fresh", () => {
    const prEntries = [makeEntry(), makeEntry()];
    const baseEntry = makeEntry();
    const prIndex = prEntries.reduce(appendToIndex, emptyLineageIndex(pr));
    const baseIndex = appendToIndex(emptyLineageIndex(main), baseEntry);
    expect(chooseStartPoint({ key: pr, index: prIndex }, { key: main, index: baseIndex })).toEqual({
      kind: "fork",
      from: "lineage",
      lineageKey: pr,
      entry: prEntries[1],
    });
    expect(
      chooseStartPoint({ key: pr, index: emptyLineageIndex(pr) }, { key: main, index: baseIndex }),
    ).toEqual({
      kind: "fork",
      from: "base",
      lineageKey: main,
      entry: baseEntry,
    });
    expect(chooseStartPoint({ key: pr, index: undefined }, { key: main, index: undefined })).toEqual({
      kind: "fresh",
    });
    expect(chooseStartPoint({ key: main, index: undefined })).toEqual({ kind: "fresh" });
  });
});
