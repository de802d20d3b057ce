import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGitHubClient } from "../../src/github/github-client.js";
import { httpStatusOf } from "../../src/github/http-status.js";
import { neutraliserFor } from "../../src/github/neutralise-output.js";
import type { GitHubDouble } from "../github-double/index.js";
import { newFileDiff, startDoubleWithPr, testClient } from "./pr-fixture.js";

let gh: GitHubDouble;
beforeAll(async () => {
  gh = await startDoubleWithPr();
});
afterAll(async () => {
  expect(gh.violations).toEqual([]);
  await gh.close();
});

const statuses = (op: string) => gh.callsTo(op).map((c) => c.status);

describe("createGitHubClient", () => {
  it("waits out a secondary rate limit (403 + retry-after) and retries", async () => {
    gh.resetCalls();
    const notices: string[] = [];
    const octokit = createGitHubClient({
      token: gh.token,
      baseUrl: gh.url,
      retryAfterBaseMs: 1,
      writeSpacingMs: 0,
      notificationSpacingMs: 0,
      log: (m) => notices.push(m),
    });
    gh.failNext("checks/create", { kind: "secondary_rate_limit", retryAfterSeconds: 5 });
    const { data } = await octokit.rest.checks.create({
      owner: "acme",
      repo: "app",
      name: "x",
      head_sha: "c".repeat(40),
    });
    expect(data.name).toBe("x");
    expect(statuses("checks/create")).toEqual([403, 201]);
    expect(notices.join("\n")).toContain("secondary rate limit");
    expect(notices.join("\n")).not.toContain(gh.token);
  });

  it("gives up after the configured number of rate-limit retries", async () => {
    gh.resetCalls();
    gh.failNext("repos/get", { kind: "secondary_rate_limit", retryAfterSeconds: 1 }, 5);
    const octokit = createGitHubClient({
      token: gh.token,
      baseUrl: gh.url,
      retryAfterBaseMs: 1,
      rateLimitRetries: 1,
    });
    const error = await octokit.rest.repos.get({ owner: "acme", repo: "app" }).catch((e: unknown) => e);
    expect(httpStatusOf(error)).toBe(403);
    expect(statuses("repos/get")).toEqual([403, 403]);
    gh.clearFaults();
  });

  it("retries a 502 and succeeds", async () => {
    gh.resetCalls();
    gh.failNext("pulls/list-files", { kind: "server_error", status: 502 }, 2);
    const { data } = await testClient(gh).rest.pulls.listFiles({
      owner: "acme",
      repo: "app",
      pull_number: 7,
    });
    expect(data.map((f) => f.filename)).toContain("src/new-name.ts");
    expect(statuses("pulls/list-files")).toEqual([502, 502, 200]);
  });

  it("surfaces a persistent 502 after its retries", async () => {
    gh.resetCalls();
    gh.failNext("pulls/get", { kind: "server_error", status: 502 }, 3);
    const octokit = createGitHubClient({ token: gh.token, baseUrl: gh.url, retryAfterBaseMs: 1, retries: 2 });
    const error = await octokit.rest.pulls
      .get({ owner: "acme", repo: "app", pull_number: 7 })
      .catch((e: unknown) => e);
    expect(httpStatusOf(error)).toBe(502);
    expect(statuses("pulls/get")).toEqual([502, 502, 502]);
  });

  it("does not retry client errors such as 404", async () => {
    gh.resetCalls();
    const error = await testClient(gh)
      .rest.repos.get({ owner: "acme", repo: "nope" })
      .catch((e: unknown) => e);
    expect(httpStatusOf(error)).toBe(404);
    expect(statuses("repos/get")).toEqual([404]);
  });

  it("paginates PR files past 100 entries", async () => {
    const diff = Array.from({ length: 205 }, (_, i) => newFileDiff(`p${i}.ts`, 1)).join("");
    gh.addPullRequest({ owner: "acme", repo: "app", number: 20, diff });
    gh.resetCalls();
    const octokit = testClient(gh);
    const files = await octokit.paginate(octokit.rest.pulls.listFiles, {
      owner: "acme",
      repo: "app",
      pull_number: 20,
      per_page: 100,
    });
    expect(files).toHaveLength(205);
    expect(statuses("pulls/list-files")).toEqual([200, 200, 200]);
  });

  it("renews a refused token once for concurrent requests, uses it from then on and redacts it too", async () => {
    gh.resetCalls();
    gh.addToken("ghs_first000000000000000000", { login: "app[bot]", type: "Bot" });
    let minted = 0;
    const notices: string[] = [];
    const octokit = createGitHubClient({
      token: "ghs_first000000000000000000",
      baseUrl: gh.url,
      retryAfterBaseMs: 1,
      log: (m) => notices.push(m),
      renewToken: async () => {
        minted++;
        const token = `ghs_renewed${minted}000000000000000000`;
        gh.addToken(token, { login: "app[bot]", type: "Bot" });
        return token;
      },
    });
    await octokit.rest.repos.get({ owner: "acme", repo: "app" });
    gh.expireInstallationTokens();
    const three = await Promise.all(
      [1, 2, 3].map(() => octokit.rest.repos.get({ owner: "acme", repo: "app" }).then((r) => r.status)),
    );
    expect(three).toEqual([200, 200, 200]);
    expect(minted).toBe(1);
    await octokit.rest.repos.get({ owner: "acme", repo: "app" });
    // However the three were interleaved, each was answered once with the renewed token.
    expect(statuses("repos/get").filter((st) => st === 200)).toHaveLength(5);
    expect(statuses("repos/get").filter((st) => st === 401).length).toBeGreaterThanOrEqual(1);
    expect(notices.join("\n")).toContain("renewed");
    expect(notices.join("\n")).not.toContain("ghs_");
    expect(neutraliserFor(octokit).redact("leak ghs_renewed1000000000000000000")).not.toContain(
      "ghs_renewed1",
    );
    // A renewed token GitHub refuses too is an error, not a loop.
    gh.expireInstallationTokens();
    const refusedAgain = createGitHubClient({
      token: "ghs_gone00000000000000000000",
      baseUrl: gh.url,
      renewToken: async () => "ghs_alsogone000000000000000",
    });
    await expect(refusedAgain.rest.repos.get({ owner: "acme", repo: "app" })).rejects.toMatchObject({
      status: 401,
    });
  });

  it("rejects an empty token with a clear error", () => {
    expect(() => createGitHubClient({ token: "" })).toThrow(/token is empty/);
  });
});
