import { describe, expect, it } from "vitest";
import { DEFAULT_EXCLUDES, PathFilter } from "../../../src/jobs/review/path-filter.js";

describe("PathFilter", () => {
  it("by default keeps source files and leaves out lock files, generated and vendored files", () => {
    const filter = PathFilter.from();
    for (const kept of [
      "src/app.ts",
      "README.md",
      ".github/workflows/ci.yml",
      "lib/lockfile.ts",
      "Cargo.toml",
    ])
      expect(filter.matches(kept), kept).toBe(true);
    for (const left of [
      "package-lock.json",
      "web/package-lock.json",
      "yarn.lock",
      "pnpm-lock.yaml",
      "Cargo.lock",
      "go.sum",
      "poetry.lock",
      "dist/app.min.js",
      "assets/site.min.css",
      "dist/app.js.map",
      "api/user.pb.go",
      "proto/user_pb2.py",
      "src/schema.generated.ts",
      "src/__generated__/graphql.ts",
      "vendor/github.com/x/y.go",
      "app/vendor/lib.js",
      "node_modules/left-pad/index.js",
      "third_party/zlib/zlib.c",
    ])
      expect(filter.matches(left), left).toBe(false);
  });

  it("include limits the review to matching files; exclude adds to the defaults", () => {
    const filter = PathFilter.from({ include: ["src/**", "*.md"], exclude: ["src/legacy/**", "**/*.snap"] });
    expect(filter.matches("src/app.ts")).toBe(true);
    expect(filter.matches("README.md")).toBe(true);
    expect(filter.matches("docs/guide.md")).toBe(false); // *.md is the top level only
    expect(filter.matches("test/app.test.ts")).toBe(false);
    expect(filter.matches("src/legacy/old.ts")).toBe(false);
    expect(filter.matches("src/__snapshots__/a.snap")).toBe(false);
    expect(filter.matches("src/package-lock.json")).toBe(false); // defaults still apply
  });

  it("a `!glob` in exclude brings a default-excluded file back", () => {
    const filter = PathFilter.from({ exclude: ["!**/package-lock.json"] });
    expect(filter.matches("package-lock.json")).toBe(true);
    expect(filter.matches("yarn.lock")).toBe(false);
    // A `!glob` only keeps: it never excludes what it does not match.
    expect(filter.matches("src/app.ts")).toBe(true);
    // Only a leading "!" keeps: `*vendor/**` excludes more, it does not bring `vendor/` back.
    expect(PathFilter.from({ exclude: ["*vendor/**"] }).matches("vendor/lib.js")).toBe(false);
    expect(PathFilter.from({ exclude: ["*vendor/**"] }).matches("xvendor/lib.js")).toBe(false);
    // A lone "!" or blank entries are ignored, not read as "keep everything".
    expect(PathFilter.from({ exclude: ["!", " "] }).matches("yarn.lock")).toBe(false);
  });

  it("matches dot files and dot directories", () => {
    const filter = PathFilter.from({ include: ["**/*.yml"] });
    expect(filter.matches(".github/workflows/ci.yml")).toBe(true);
    expect(filter.matches(".env.yml")).toBe(true);
  });

  it("narrow(paths) (a `review <path…>` command) limits further; a plain path covers its directory", () => {
    const base = PathFilter.from({ exclude: ["src/legacy/**"] });
    const narrowed = base.narrow(["src/api", "./docs/*.md"]);
    expect(narrowed.matches("src/api")).toBe(true);
    expect(narrowed.matches("src/api/users.ts")).toBe(true);
    expect(narrowed.matches("src/apiary.ts")).toBe(false);
    expect(narrowed.matches("docs/intro.md")).toBe(true);
    expect(narrowed.matches("src/app.ts")).toBe(false);
    // Narrowing never brings back what the filter excludes.
    expect(base.narrow(["src/legacy"]).matches("src/legacy/old.ts")).toBe(false);
    // Two narrowings must both hold; an empty one changes nothing.
    expect(narrowed.narrow(["src/api/users.ts"]).matches("src/api/orders.ts")).toBe(false);
    expect(narrowed.narrow(["src/api/users.ts"]).matches("src/api/users.ts")).toBe(true);
    expect(base.narrow([])).toBe(base);
    expect(base.narrow(["", "  "])).toBe(base);
    // The original filter is unchanged.
    expect(base.matches("src/app.ts")).toBe(true);
  });

  it("a trailing slash on a directory works the same, and only a leading ./ is dropped", () => {
    for (const dir of ["src/api/", "src/api//"]) {
      const filter = PathFilter.from({ include: [dir] });
      expect(filter.matches("src/api/users.ts"), dir).toBe(true);
      expect(filter.matches("src/api"), dir).toBe(true);
    }
    expect(PathFilter.from({ include: ["./src/app.ts"] }).matches("src/app.ts")).toBe(true);
    expect(PathFilter.from({ include: ["lib./x.ts"] }).matches("lib./x.ts")).toBe(true);
  });

  it("partition splits changed files into reviewed and excluded, keeping their order and fields", () => {
    const files = [
      { path: "src/a.ts", status: "modified" },
      { path: "package-lock.json", status: "modified" },
      { path: "src/b.ts", status: "renamed", previousPath: "src/old-b.ts" },
    ];
    expect(PathFilter.from().partition(files)).toEqual({
      reviewed: [files[0], files[2]],
      excluded: [files[1]],
    });
  });

  it("the default list is documented", async () => {
    const { readFile } = await import("node:fs/promises");
    const docs = await readFile("docs/github.md", "utf8");
    for (const glob of DEFAULT_EXCLUDES) expect(docs, glob).toContain(`\`${glob}\``);
  });
});
