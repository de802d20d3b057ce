import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGitHubClient } from "../../src/github/github-client.js";
import { GitCheckout } from "../../src/jobs/shared/git-checkout.js";
import {
  parseRepositoryConfig,
  RepositoryConfigError,
  readRepositoryConfig,
  readRepositoryConfigFromGitHub,
} from "../../src/jobs/shared/repository-config.js";
import { REPOSITORY_CONFIG_SCHEMA } from "../../src/jobs/shared/repository-config-schema.js";
import { createAjv } from "../../src/json-schema/create-ajv.js";
import { createTempRepo, type TempRepo } from "../fixtures/git-repo.js";
import { GitHubDouble } from "../github-double/index.js";

const YAML_PATH = ".github/claude-pr-runner.yml";
const JSON_PATH = ".github/claude-pr-runner.json";

const FULL_YAML = `# yaml-language-server: $schema=https://raw.githubusercontent.com/claude-pr-runner/claude-pr-runner/main/schema/claude-pr-runner.schema.json
include: ["src/**"]
exclude: ["src/legacy/**"]
ignore_categories: [Style, " naming "]
post_threshold: warning
rules:
  - paths: ["src/auth/**", "src/session.ts"]
    instructions: |
      Every handler must check the caller's role.
    severity_floor: warning
  - paths: ["test/**"]
    severity_ceiling: notice
`;

describe("readRepositoryConfig", () => {
  let repo: TempRepo;
  beforeEach(() => {
    repo = createTempRepo("cpr-repo-config-");
  });
  afterEach(() => repo.remove());

  const commit = (path: string, text: string) => {
    repo.write(path, text);
    return repo.commitAll("config");
  };

  it("reads every key of the YAML file at the given commit, not from the working tree", async () => {
    const base = commit(YAML_PATH, FULL_YAML);
    repo.write(YAML_PATH, "exclude: ['**']\n"); // the head's version, uncommitted
    expect(await readRepositoryConfig(new GitCheckout(repo.dir, process.env), base)).toEqual({
      source: `${YAML_PATH} at ${base.slice(0, 12)}`,
      include: ["src/**"],
      exclude: ["src/legacy/**"],
      ignoreCategories: ["style", "naming"],
      postThreshold: "warning",
      rules: [
        {
          paths: ["src/auth/**", "src/session.ts"],
          instructions: "Every handler must check the caller's role.",
          severityFloor: "warning",
        },
        { paths: ["test/**"], severityCeiling: "notice" },
      ],
    });
  });

  it("still reads the JSON file the first versions used", async () => {
    const base = commit(JSON_PATH, '{ "include": ["src/**"], "exclude": ["src/legacy/**"] }\n');
    expect(await readRepositoryConfig(new GitCheckout(repo.dir, process.env), base)).toMatchObject({
      include: ["src/**"],
      exclude: ["src/legacy/**"],
      rules: [],
      ignoreCategories: [],
    });
  });

  it("a commit without the file is an empty config; an empty file is one too", async () => {
    repo.write("README.md", "hi\n");
    const sha = repo.commitAll("no config");
    const checkout = new GitCheckout(repo.dir, process.env);
    expect(await readRepositoryConfig(checkout, sha)).toEqual({
      include: [],
      exclude: [],
      rules: [],
      ignoreCategories: [],
    });
    expect(await readRepositoryConfig(checkout, commit(YAML_PATH, "# nothing yet\n"))).toMatchObject({
      include: [],
      rules: [],
    });
  });

  it("two config files at once are refused: which one wins would be a guess", async () => {
    repo.write(JSON_PATH, "{}\n");
    const sha = commit(YAML_PATH, "include: []\n");
    await expect(readRepositoryConfig(new GitCheckout(repo.dir, process.env), sha)).rejects.toThrow(
      /keep one of \.github\/claude-pr-runner\.yml, \.github\/claude-pr-runner\.json/,
    );
  });

  it("a bad sha is a git error, not a silently empty config", async () => {
    await expect(
      readRepositoryConfig(new GitCheckout(repo.dir, process.env), "0".repeat(40)),
    ).rejects.toThrow();
  });
});

describe("parseRepositoryConfig: one message naming every bad key, what it must be and what it got", () => {
  const problemsOf = (text: string): readonly string[] => {
    try {
      parseRepositoryConfig(text, "cfg.yml");
    } catch (error) {
      expect(error).toBeInstanceOf(RepositoryConfigError);
      return (error as RepositoryConfigError).problems;
    }
    throw new Error("expected a RepositoryConfigError");
  };

  it("lists each problem of a file with several", () => {
    const text = [
      'include: "src/**"',
      "post_threshold: high",
      "ignore_categorys: [style]",
      "rules:",
      "  - paths: []",
      "    severity_floor: critical",
      "  - instructions: no paths",
      "  - paths: [a]",
    ].join("\n");
    expect(problemsOf(text)).toEqual([
      "`ignore_categorys` is not a known key",
      '`include` must be a list; got "src/**"',
      '`post_threshold` must be one of notice, warning, error; got "high"',
      "`rules[0].paths` must list at least 1; got a list of 0",
      '`rules[0].severity_floor` must be one of notice, warning, error; got "critical"',
      "`rules[1].paths` is required",
      "`rules[2]` needs at least one of instructions, severity_floor, severity_ceiling; got a mapping",
    ]);
    expect(() => parseRepositoryConfig(text, "cfg.yml")).toThrow(
      /^cfg\.yml is not a valid claude-pr-runner config \(7 problem\(s\): `ignore_categorys` is not a known key; `include` must be a list/,
    );
  });

  it("a floor above the ceiling names the rule", () => {
    expect(
      problemsOf("rules:\n  - paths: [a]\n    severity_floor: error\n    severity_ceiling: notice\n"),
    ).toEqual(["`rules[0]` has severity_floor error above severity_ceiling notice"]);
  });

  it("text that is not YAML, a list at the top, duplicate keys and oversized files are refused", () => {
    expect(() => parseRepositoryConfig("include: [unclosed\n", "cfg.yml")).toThrow(/cfg\.yml .*not YAML/);
    expect(problemsOf("- a\n- b\n")).toEqual(["`(top level)` must be a mapping; got a list of 2"]);
    expect(() => parseRepositoryConfig("include: []\ninclude: []\n", "cfg.yml")).toThrow(/not YAML/);
    expect(() => parseRepositoryConfig(`# ${"x".repeat(70_000)}\n`, "cfg.yml")).toThrow(/over 65536 bytes/);
  });

  it("a billion-laughs file is refused, not expanded", () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(",")}]`);
    }
    expect(() => parseRepositoryConfig(lines.join("\n"), "cfg.yml")).toThrow(RepositoryConfigError);
  });
});

describe("the published schema", () => {
  it("schema/claude-pr-runner.schema.json is the schema the runner validates with (regenerate: scripts/write-config-schema.ts)", () => {
    const published = JSON.parse(
      readFileSync(new URL("../../schema/claude-pr-runner.schema.json", import.meta.url), "utf8"),
    );
    expect(published).toEqual(JSON.parse(JSON.stringify(REPOSITORY_CONFIG_SCHEMA)));
  });

  it("the README's example config is valid against it", async () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const example = /```yaml\n(# yaml-language-server: \$schema=[^\n]*\n[\s\S]*?)```/.exec(readme)?.[1];
    expect(example).toBeDefined();
    const { parse } = await import("yaml");
    const validate = createAjv({ schemas: "foreign" }).compile(
      JSON.parse(readFileSync(new URL("../../schema/claude-pr-runner.schema.json", import.meta.url), "utf8")),
    );
    expect(validate(parse(example ?? ""))).toBe(true);
  });
});

describe("readRepositoryConfigFromGitHub", () => {
  let github: GitHubDouble;
  let repo: TempRepo;
  beforeEach(async () => {
    github = await GitHubDouble.start();
    repo = createTempRepo("cpr-repo-config-api-");
    github.addRepo("octo", "app", { gitDir: `${repo.dir}/.git` });
  });
  afterEach(async () => {
    await github.close();
    repo.remove();
  });
  const client = () =>
    createGitHubClient({ token: github.token, baseUrl: github.url, writeSpacingMs: 0, retryAfterBaseMs: 1 });

  it("reads the YAML file at the base through the contents API, with the same rules and errors", async () => {
    repo.write(YAML_PATH, FULL_YAML);
    const base = repo.commitAll("config");
    const fromApi = await readRepositoryConfigFromGitHub(client(), { owner: "octo", repo: "app", sha: base });
    expect(fromApi).toEqual(await readRepositoryConfig(new GitCheckout(repo.dir, process.env), base));
    repo.write(YAML_PATH, "post_threshold: loud\n");
    const bad = repo.commitAll("bad config");
    await expect(
      readRepositoryConfigFromGitHub(client(), { owner: "octo", repo: "app", sha: bad }),
    ).rejects.toThrow('`post_threshold` must be one of notice, warning, error; got "loud"');
  });

  it("one listing of .github and one read, never a 404 per name; two config files are refused as from the clone", async () => {
    repo.write(YAML_PATH, "post_threshold: error\n");
    repo.write(".github/workflows/ci.yml", "on: push\n");
    const one = repo.commitAll("config");
    github.resetCalls();
    expect(
      await readRepositoryConfigFromGitHub(client(), { owner: "octo", repo: "app", sha: one }),
    ).toMatchObject({ postThreshold: "error" });
    expect(github.callsTo("repos/get-content").map((c) => c.path)).toEqual([
      "/repos/octo/app/contents/.github",
      "/repos/octo/app/contents/.github%2Fclaude-pr-runner.yml",
    ]);
    repo.write(JSON_PATH, "{}\n");
    const two = repo.commitAll("second config");
    await expect(
      readRepositoryConfigFromGitHub(client(), { owner: "octo", repo: "app", sha: two }),
    ).rejects.toThrow(/keep one of \.github\/claude-pr-runner\.yml, \.github\/claude-pr-runner\.json/);
  });

  it("no file (404 on every name) is an empty config", async () => {
    repo.write("README.md", "hi\n");
    const sha = repo.commitAll("none");
    expect(await readRepositoryConfigFromGitHub(client(), { owner: "octo", repo: "app", sha })).toMatchObject(
      {
        include: [],
        rules: [],
      },
    );
  });
});
