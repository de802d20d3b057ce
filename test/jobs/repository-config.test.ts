import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GitCheckout } from "../../src/jobs/shared/git-checkout.js";
import {
  REPOSITORY_CONFIG_PATH,
  RepositoryConfigError,
  readRepositoryConfig,
} from "../../src/jobs/shared/repository-config.js";
import { createTempRepo, type TempRepo } from "../fixtures/git-repo.js";

describe("readRepositoryConfig", () => {
  let repo: TempRepo;
  beforeEach(() => {
    repo = createTempRepo("cpr-repo-config-");
  });
  afterEach(() => repo.remove());

  const commit = (text: string) => {
    repo.write(REPOSITORY_CONFIG_PATH, text);
    return repo.commitAll("config");
  };

  it("reads include and exclude at the given commit, not from the working tree", async () => {
    const base = commit('{ "include": ["src/**"], "exclude": ["src/legacy/**"], "other": 1 }\n');
    repo.write(REPOSITORY_CONFIG_PATH, '{ "exclude": ["**"] }\n'); // the head's version, uncommitted
    expect(await readRepositoryConfig(new GitCheckout(repo.dir, process.env), base)).toEqual({
      include: ["src/**"],
      exclude: ["src/legacy/**"],
    });
  });

  it("a commit without the file is an empty config", async () => {
    repo.write("README.md", "hi\n");
    const sha = repo.commitAll("no config");
    expect(await readRepositoryConfig(new GitCheckout(repo.dir, process.env), sha)).toEqual({
      include: [],
      exclude: [],
    });
  });

  it("bad JSON or wrong types are typed errors naming the file and the field", async () => {
    const checkout = new GitCheckout(repo.dir, process.env);
    await expect(readRepositoryConfig(checkout, commit("{ nope"))).rejects.toThrow(
      /\.github\/claude-pr-runner\.json at [0-9a-f]{12} is not valid JSON/,
    );
    await expect(readRepositoryConfig(checkout, commit("[]"))).rejects.toBeInstanceOf(RepositoryConfigError);
    await expect(readRepositoryConfig(checkout, commit('{ "exclude": "dist/**" }'))).rejects.toThrow(
      '"exclude" must be an array of glob strings',
    );
    await expect(readRepositoryConfig(checkout, commit('{ "include": [1] }'))).rejects.toThrow(
      '"include" must be an array of glob strings',
    );
  });
});
