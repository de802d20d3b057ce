import { parse as parseYaml } from "yaml";
import { type FindingSeverity, SEVERITY_RANK } from "../../findings/finding.js";
import type { GitHubClient } from "../../github/github-client.js";
import { listDirectoryAt, readFileAt } from "../../github/read-file-at.js";
import { compileOnFirstUse } from "../../json-schema/compile-on-first-use.js";
import { schemaProblems } from "../../json-schema/schema-problems.js";
import type { GitCheckout } from "./git-checkout.js";
import { REPOSITORY_CONFIG_SCHEMA } from "./repository-config-schema.js";

/**
 * Where the repository's own settings may live, in the order they are looked for, always at the PR's
 * base commit. The JSON file is the first format this project read; YAML is what teams write.
 */
export const REPOSITORY_CONFIG_PATHS = [
  ".github/claude-pr-runner.yml",
  ".github/claude-pr-runner.yaml",
  ".github/claude-pr-runner.json",
] as const;

/** Larger than any sensible config; a bigger file is refused before it is parsed. */
const MAX_CONFIG_BYTES = 64 * 1024;

/** Instructions and severity bounds for the changed files some globs match. */
export interface PathRule {
  paths: string[];
  instructions?: string;
  severityFloor?: FindingSeverity;
  severityCeiling?: FindingSeverity;
}

/**
 * A finding the team marked not useful (the noise memory, src/jobs/learnings): later reviews are
 * told the rule and drop a finding with the same fingerprint. Never read from the config file.
 */
export interface LearnedRule {
  id: string;
  fingerprint: string;
  path: string;
  category: string;
  title: string;
  rule: string;
  by: string;
}

/** What the repository asks of every review, beyond which files it covers. */
export interface ReviewRules {
  /** Which file they came from, for notes and errors ("set by .github/claude-pr-runner.yml"). */
  source?: string;
  rules: PathRule[];
  /** Lower-cased categories whose findings are dropped. */
  ignoreCategories: string[];
  /** The lowest severity posted as an inline comment (undefined: every finding). */
  postThreshold?: FindingSeverity;
  /** The share of changed lines a review must read to say "No issues found" (undefined: the default). */
  minCoverage?: number;
  /** What the team taught earlier reviews (added by the review job from the store, not the file). */
  learned?: readonly LearnedRule[];
}

export interface RepositoryConfig extends ReviewRules {
  /** Globs of the files reviews look at (empty: every file). */
  include: string[];
  /** Globs of files reviews leave out, on top of the built-in list. */
  exclude: string[];
}

export const EMPTY_REPOSITORY_CONFIG: RepositoryConfig = Object.freeze({
  include: [],
  exclude: [],
  rules: [],
  ignoreCategories: [],
});

/** The repository's config file is unreadable or breaks the schema; the review does not run. */
export class RepositoryConfigError extends Error {
  override readonly name = "RepositoryConfigError";
  constructor(
    readonly source: string,
    readonly problems: readonly string[],
    detail = `${problems.length} problem(s): ${problems.join("; ")}`,
  ) {
    super(`${source} is not a valid claude-pr-runner config (${detail})`);
  }
}

const validateConfig = compileOnFirstUse(REPOSITORY_CONFIG_SCHEMA);

/**
 * Reads the repository config at `sha` (the base commit: a PR must not widen or narrow its own review,
 * docs/security.md). No file is an empty config. Two of the names at once, a file that is not YAML,
 * or one that breaks the schema is a RepositoryConfigError naming every bad key: never half-applied.
 */
export async function readRepositoryConfig(checkout: GitCheckout, sha: string): Promise<RepositoryConfig> {
  const listed = await checkout.git(["ls-tree", "--name-only", "-z", sha, "--", ...REPOSITORY_CONFIG_PATHS]);
  const present = REPOSITORY_CONFIG_PATHS.filter((path) => listed.split("\0").includes(path));
  const path = onePath(present, sha);
  if (!path) return EMPTY_REPOSITORY_CONFIG;
  return parseRepositoryConfig(
    await checkout.git(["show", `${sha}:${path}`]),
    `${path} at ${sha.slice(0, 12)}`,
  );
}

/**
 * The same file read through the contents API, for a door that has no clone (the managed-agents
 * worker on Lambda): same rules, same errors, a missing file (404) is an empty config.
 */
export async function readRepositoryConfigFromGitHub(
  octokit: GitHubClient,
  at: { owner: string; repo: string; sha: string },
): Promise<RepositoryConfig> {
  // One listing of .github finds which names exist: no 404 per name on every review.
  const names = await listDirectoryAt(octokit, {
    owner: at.owner,
    repo: at.repo,
    ref: at.sha,
    path: ".github",
  });
  const present = REPOSITORY_CONFIG_PATHS.filter((path) => names?.includes(path.slice(".github/".length)));
  const path = onePath(present, at.sha);
  if (!path) return EMPTY_REPOSITORY_CONFIG;
  const text = await readFileAt(octokit, { owner: at.owner, repo: at.repo, ref: at.sha, path });
  if (text === undefined) throw new RepositoryConfigError(path, ["listed in .github but could not be read"]);
  return parseRepositoryConfig(text, `${path} at ${at.sha.slice(0, 12)}`);
}

function onePath(present: readonly string[], sha: string): string | undefined {
  if (present.length > 1)
    throw new RepositoryConfigError(
      present.join(" and "),
      [`keep one of ${present.join(", ")} at ${sha.slice(0, 12)}`],
      `only one may exist: keep one of ${present.join(", ")}`,
    );
  return present[0];
}

/** The file's text as a RepositoryConfig, or a RepositoryConfigError listing every bad key. */
export function parseRepositoryConfig(text: string, source: string): RepositoryConfig {
  if (Buffer.byteLength(text) > MAX_CONFIG_BYTES)
    throw new RepositoryConfigError(source, [`the file is over ${MAX_CONFIG_BYTES} bytes`]);
  let document: unknown;
  try {
    // YAML 1.2 reads JSON too. Aliases are capped by the library (a billion-laughs file is refused).
    document = parseYaml(text, { prettyErrors: true, uniqueKeys: true });
  } catch (error) {
    throw new RepositoryConfigError(
      source,
      [(error as Error).message.split("\n")[0] ?? "not YAML"],
      "not YAML",
    );
  }
  if (document === null || document === undefined) return { ...EMPTY_REPOSITORY_CONFIG, source };
  if (!validateConfig(document))
    throw new RepositoryConfigError(source, schemaProblems(validateConfig.errors, document));
  const raw = document as RawConfig;
  const rules = (raw.rules ?? []).map(
    (rule): PathRule => ({
      paths: rule.paths,
      ...(rule.instructions ? { instructions: rule.instructions.trim() } : {}),
      ...(rule.severity_floor ? { severityFloor: rule.severity_floor } : {}),
      ...(rule.severity_ceiling ? { severityCeiling: rule.severity_ceiling } : {}),
    }),
  );
  const crossed = rules.flatMap((rule, index) =>
    rule.severityFloor &&
    rule.severityCeiling &&
    SEVERITY_RANK[rule.severityFloor] > SEVERITY_RANK[rule.severityCeiling]
      ? [
          `\`rules[${index}]\` has severity_floor ${rule.severityFloor} above severity_ceiling ${rule.severityCeiling}`,
        ]
      : [],
  );
  if (crossed.length > 0) throw new RepositoryConfigError(source, crossed);
  return {
    source,
    include: raw.include ?? [],
    exclude: raw.exclude ?? [],
    rules,
    ignoreCategories: (raw.ignore_categories ?? []).map((c) => c.trim().toLowerCase()),
    ...(raw.post_threshold ? { postThreshold: raw.post_threshold } : {}),
    ...(raw.min_coverage === undefined ? {} : { minCoverage: raw.min_coverage }),
  };
}

interface RawConfig {
  include?: string[];
  exclude?: string[];
  ignore_categories?: string[];
  post_threshold?: FindingSeverity;
  min_coverage?: number;
  rules?: {
    paths: string[];
    instructions?: string;
    severity_floor?: FindingSeverity;
    severity_ceiling?: FindingSeverity;
  }[];
}
