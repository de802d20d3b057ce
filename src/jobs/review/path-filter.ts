import picomatch from "picomatch";

/**
 * Files no review should spend tokens on, excluded unless a `!glob` in `exclude` brings them back:
 * lock files (machine-written, reviewed through the manifest), generated files and vendored code.
 * Listed in docs/github.md#path-filters.
 */
export const DEFAULT_EXCLUDES: readonly string[] = [
  // lock files
  "**/package-lock.json",
  "**/npm-shrinkwrap.json",
  "**/yarn.lock",
  "**/pnpm-lock.yaml",
  "**/bun.lock",
  "**/bun.lockb",
  "**/Cargo.lock",
  "**/Gemfile.lock",
  "**/poetry.lock",
  "**/Pipfile.lock",
  "**/uv.lock",
  "**/composer.lock",
  "**/go.sum",
  "**/Podfile.lock",
  "**/pubspec.lock",
  "**/mix.lock",
  "**/flake.lock",
  "**/gradle.lockfile",
  "**/packages.lock.json",
  // generated files
  "**/*.min.js",
  "**/*.min.css",
  "**/*.map",
  "**/*.pb.go",
  "**/*_pb2.py",
  "**/*_pb2_grpc.py",
  "**/*.generated.*",
  "**/generated/**",
  "**/__generated__/**",
  // vendored code
  "**/vendor/**",
  "**/node_modules/**",
  "**/third_party/**",
];

export interface PathFilterSettings {
  /** Globs of the files to review; empty reviews every file not excluded. */
  include?: readonly string[];
  /** Globs of files to leave out; `!glob` keeps matching files in even when a default excludes them. */
  exclude?: readonly string[];
}

type Matcher = (path: string) => boolean;

/**
 * Which changed files a review looks at: included (by `include`, or every file when it is empty),
 * not excluded (by `exclude` and DEFAULT_EXCLUDES, unless a `!glob` keeps it), and inside every
 * narrowing a `review <path…>` command added. Globs are picomatch globs matched against the
 * repository-relative path, dot files included; a plain path without glob characters also matches
 * everything under it (`src/api` covers `src/api/users.ts`).
 */
export class PathFilter {
  private constructor(
    private readonly included: Matcher,
    private readonly excluded: Matcher,
    private readonly kept: Matcher,
    private readonly narrowings: readonly Matcher[],
  ) {}

  static from(settings: PathFilterSettings = {}): PathFilter {
    const include = clean(settings.include);
    const exclude = clean(settings.exclude);
    const keep = exclude.filter((g) => g.startsWith("!")).map((g) => g.slice(1));
    const drop = exclude.filter((g) => !g.startsWith("!"));
    return new PathFilter(
      include.length === 0 ? () => true : matcher(include),
      matcher([...DEFAULT_EXCLUDES, ...drop]),
      // Stryker disable next-line ConditionalExpression,ArrowFunction: picomatch([]) matches nothing either; this skips building it
      keep.length === 0 ? () => false : matcher(keep),
      [],
    );
  }

  /** The same filter, further limited to `paths` (a `review <path…>` command). Empty: unchanged. */
  narrow(paths: readonly string[]): PathFilter {
    const globs = clean(paths);
    if (globs.length === 0) return this;
    return new PathFilter(this.included, this.excluded, this.kept, [...this.narrowings, matcher(globs)]);
  }

  matches(path: string): boolean {
    if (!this.included(path)) return false;
    if (this.excluded(path) && !this.kept(path)) return false;
    return this.narrowings.every((narrowing) => narrowing(path));
  }

  /** Splits changed files into the reviewed and the left-out ones; a rename counts by its new path. */
  partition<T extends { path: string }>(files: readonly T[]): { reviewed: T[]; excluded: T[] } {
    const reviewed: T[] = [];
    const excluded: T[] = [];
    for (const file of files) (this.matches(file.path) ? reviewed : excluded).push(file);
    return { reviewed, excluded };
  }
}

function clean(globs: readonly string[] | undefined): string[] {
  return (globs ?? []).map((g) => g.trim().replace(/^\.\//, "")).filter((g) => g !== "" && g !== "!");
}

/** One matcher for `globs` with the path filter's rules (picomatch, dot files, plain paths cover their subtree). */
export function pathMatcher(globs: readonly string[]): Matcher {
  return matcher(clean(globs));
}

function matcher(globs: readonly string[]): Matcher {
  const patterns = globs.flatMap((g) =>
    picomatch.scan(g).isGlob ? [g] : [g, `${g.replace(/\/+$/, "")}/**`],
  );
  return picomatch(patterns, { dot: true });
}
