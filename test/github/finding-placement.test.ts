import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseUnifiedDiff } from "../../src/github/diff-line-map.js";
import { FILTER_MODES, type FilterMode, placeFinding } from "../../src/github/finding-placement.js";
import { filesFromDiff, type PullRequestState } from "../github-double/double-state.js";
import { unresolvedTarget } from "../github-double/routes/pulls-routes.js";
import { finding, SAMPLE_DIFF } from "./pr-fixture.js";

const map = parseUnifiedDiff(SAMPLE_DIFF);
const place = (mode: FilterMode, path: string, startLine: number, endLine = startLine, suggestion?: string) =>
  placeFinding(
    map,
    finding({ path, startLine, endLine, ...(suggestion === undefined ? {} : { suggestion }) }),
    mode,
  );
const kinds = (path: string, line: number) => FILTER_MODES.map((m) => place(m, path, line).kind);

describe("placeFinding filter modes (added, diff_context, file, nofilter)", () => {
  it("an added line is inline in every mode", () => {
    expect(kinds("src/app.ts", 3)).toEqual(["inline", "inline", "inline", "inline"]);
  });
  it("a context line is filtered only by `added`", () => {
    expect(kinds("src/app.ts", 1)).toEqual(["filtered", "inline", "inline", "inline"]);
  });
  it("a line of a changed file outside every hunk becomes a file-level comment in file/nofilter", () => {
    expect(kinds("src/app.ts", 10)).toEqual(["filtered", "filtered", "file", "file"]);
  });
  it("a file the PR does not touch goes to the body only with nofilter", () => {
    expect(kinds("src/untouched.ts", 3)).toEqual(["filtered", "filtered", "filtered", "body"]);
  });
  it("a deleted file is never a target", () => {
    expect(kinds("src/removed.ts", 1)).toEqual(["filtered", "filtered", "filtered", "body"]);
  });
  it("a renamed file is addressed by its new path", () => {
    expect(place("added", "src/new-name.ts", 11)).toMatchObject({
      kind: "inline",
      path: "src/new-name.ts",
      line: 11,
    });
    expect(place("file", "src/old-name.ts", 11).kind).toBe("filtered");
  });
});

describe("placeFinding ranges and suggestions", () => {
  it("a range inside one hunk becomes a range comment that may carry the suggestion", () => {
    expect(place("diff_context", "src/app.ts", 3, 5, "fixed\n")).toEqual({
      kind: "inline",
      path: "src/app.ts",
      startLine: 3,
      line: 5,
      withSuggestion: true,
    });
  });
  it("a range spanning two hunks is clipped to one hunk and loses its suggestion", () => {
    expect(place("diff_context", "src/app.ts", 5, 23, "replacement")).toEqual({
      kind: "inline",
      path: "src/app.ts",
      startLine: 21,
      line: 23,
      withSuggestion: false,
    });
  });
  it("a range leaving its hunk at the end keeps only the in-hunk part, without suggestion", () => {
    expect(place("file", "src/app.ts", 6, 12, "x")).toEqual({
      kind: "inline",
      path: "src/app.ts",
      startLine: 6,
      line: 7,
      withSuggestion: false,
    });
  });
  it("reversed ranges are normalised", () => {
    expect(place("diff_context", "src/app.ts", 4, 3)).toMatchObject({
      kind: "inline",
      startLine: 3,
      line: 4,
    });
  });
});

describe("placeFinding agrees with GitHub's rule as the double models it", () => {
  const pr = { files: filesFromDiff(SAMPLE_DIFF) } as PullRequestState;
  it("every inline placement is a line GitHub accepts (property)", () => {
    const paths = ["src/app.ts", "src/new-name.ts", "src/removed.ts", "src/untouched.ts"];
    fc.assert(
      fc.property(
        fc.constantFrom(...paths),
        fc.integer({ min: 1, max: 30 }),
        fc.integer({ min: 0, max: 25 }),
        fc.constantFrom(...FILTER_MODES),
        fc.boolean(),
        (path, start, length, mode, suggest) => {
          const f = finding({
            path,
            startLine: start,
            endLine: start + length,
            ...(suggest ? { suggestion: "x" } : {}),
          });
          const p = placeFinding(map, f, mode);
          if (p.kind !== "inline") return;
          const target = {
            path: p.path,
            line: p.line,
            side: "RIGHT",
            ...(p.startLine ? { start_line: p.startLine } : {}),
          };
          expect(unresolvedTarget(pr, target)).toBeUndefined();
          // A suggestion replaces exactly the commented lines, so it may only ride on the finding's own range.
          if (p.withSuggestion) expect([p.startLine ?? p.line, p.line]).toEqual([start, start + length]);
          else if (suggest && (p.startLine ?? p.line) === start && p.line === start + length) {
            throw new Error("suggestion dropped although the comment covers the finding's range");
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
