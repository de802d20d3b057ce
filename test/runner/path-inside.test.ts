import { describe, expect, it } from "vitest";
import { isInside, isInsideNormalized } from "../../src/runner/isolation/path-inside.js";

describe("isInside", () => {
  it.each([
    ["/a/b", "/a", true],
    ["/a/b/c", "/a", true],
    // A name that starts with two dots is a child like any other (path.relative gives "..b").
    ["/a/..b", "/a", true],
    ["/a/...", "/a", true],
    ["/a", "/a", false],
    ["/a/", "/a", false],
    ["/ab", "/a", false],
    ["/a/../b", "/a", false],
    ["/b", "/a", false],
    ["/a/b", "/a/", true],
    ["/a/./b", "/a", true],
    ["/x", "/", true],
    ["/", "/", false],
  ])("%s inside %s: %s", (file, dir, inside) => {
    expect(isInside(file, dir)).toBe(inside);
  });
});

describe("isInsideNormalized (paths as path.resolve or realpath gives them)", () => {
  it.each([
    ["/a/b", "/a", true],
    ["/a/..b", "/a", true],
    ["/a", "/a", false],
    ["/ab", "/a", false],
    ["/b/a", "/a", false],
    ["/x", "/", true],
    ["/", "/", false],
  ])("%s inside %s: %s", (file, dir, inside) => {
    expect(isInsideNormalized(file, dir)).toBe(inside);
  });
});
