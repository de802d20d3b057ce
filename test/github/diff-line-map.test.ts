import { describe, expect, it } from "vitest";
import { DiffParseError, lineMapFromPullFiles, parseUnifiedDiff } from "../../src/github/diff-line-map.js";
import { SAMPLE_DIFF } from "./pr-fixture.js";

describe("parseUnifiedDiff", () => {
  const map = parseUnifiedDiff(SAMPLE_DIFF);

  it("maps new-side lines of each hunk as added or context", () => {
    const kinds = [1, 2, 3, 4, 5, 6, 7, 8, 20, 21, 22, 23, 24, 25, 26].map((l) =>
      map.lineKind("src/app.ts", l),
    );
    expect(kinds).toEqual([
      "context",
      "context",
      "added",
      "added",
      "context",
      "context",
      "context",
      undefined,
      undefined,
      "context",
      "context",
      "added",
      "context",
      "context",
      undefined,
    ]);
    expect(map.file("src/app.ts")?.hunks.map((h) => [h.newStart, h.newLines])).toEqual([
      [1, 7],
      [21, 5],
    ]);
  });

  it("keeps the new path of a renamed file and forgets the old one", () => {
    expect(map.file("src/new-name.ts")).toMatchObject({ status: "renamed", previousPath: "src/old-name.ts" });
    expect(map.lineKind("src/new-name.ts", 11)).toBe("added");
    expect(map.file("src/old-name.ts")).toBeUndefined();
  });

  it("never offers lines of a deleted file", () => {
    expect(map.file("src/removed.ts")).toBeUndefined();
    expect(map.lineKind("src/removed.ts", 1)).toBeUndefined();
  });

  it("gives deleted lines no new-side number (a deletion-only hunk keeps only its context)", () => {
    const m = parseUnifiedDiff(
      "diff --git a/x.ts b/x.ts\n--- a/x.ts\n+++ b/x.ts\n@@ -5,3 +5,2 @@\n ctx5\n-del6\n ctx7\n\\ No newline at end of file\n",
    );
    expect([...m.file("x.ts")!.hunks[0]!.lines]).toEqual([
      [5, "context"],
      [6, "context"],
    ]);
    expect(m.lineKind("x.ts", 7)).toBeUndefined();
  });

  it("reads plain (non-git) unified diffs and a binary file without hunks", () => {
    const m = parseUnifiedDiff(
      "--- a/plain.txt\n+++ b/plain.txt\n@@ -1 +1 @@\n-a\n+b\ndiff --git a/img.png b/img.png\nnew file mode 100644\nBinary files /dev/null and b/img.png differ\n",
    );
    expect(m.lineKind("plain.txt", 1)).toBe("added");
    expect(m.file("img.png")).toMatchObject({ status: "added", hunks: [] });
  });

  it("throws a DiffParseError for a hunk whose counts lie", () => {
    expect(() => parseUnifiedDiff("--- a/x\n+++ b/x\n@@ -1,1 +1,3 @@\n+only one\n")).toThrow(DiffParseError);
  });
});

describe("lineMapFromPullFiles (the 406 fallback)", () => {
  it("builds the same line map from the files API's per-file patches", () => {
    const map = lineMapFromPullFiles([
      {
        filename: "src/app.ts",
        status: "modified",
        patch: "@@ -20,4 +21,5 @@ fn\n line20\n line21\n+added23\n line22\n line23",
      },
      {
        filename: "src/new-name.ts",
        previous_filename: "src/old-name.ts",
        status: "renamed",
        patch: "@@ -10,3 +10,3 @@\n keep10\n-gone11\n+renamed11\n keep12",
      },
      { filename: "big.bin", status: "modified" },
      { filename: "gone.ts", status: "removed", patch: "@@ -1 +0,0 @@\n-x" },
    ]);
    expect(map.lineKind("src/app.ts", 23)).toBe("added");
    expect(map.lineKind("src/app.ts", 21)).toBe("context");
    expect(map.file("src/new-name.ts")?.previousPath).toBe("src/old-name.ts");
    expect(map.file("big.bin")?.hunks).toEqual([]);
    expect(map.file("gone.ts")).toBeUndefined();
  });
});
