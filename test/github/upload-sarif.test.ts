import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGitHubClient, type GitHubClient } from "../../src/github/github-client.js";
import { toSarif } from "../../src/github/sarif-export.js";
import { SarifUploadError, uploadSarif } from "../../src/github/upload-sarif.js";
import { GitHubDouble } from "../github-double/index.js";
import { finding } from "./pr-fixture.js";

const SHA = "a".repeat(40);
let gh: GitHubDouble;
let octokit: GitHubClient;

beforeAll(async () => {
  gh = await GitHubDouble.start();
  gh.addRepo("acme", "app");
  octokit = createGitHubClient({ token: gh.token, baseUrl: gh.url, retries: 0, writeSpacingMs: 0 });
});
afterAll(async () => {
  expect(gh.violations).toEqual([]);
  await gh?.close();
});

describe("uploadSarif", () => {
  const sarif = toSarif([
    finding({ path: "src/a.ts", startLine: 3, title: "Injection", category: "security" }),
  ]);

  it("sends the log gzipped and base64-encoded, and code scanning reads back the same log", async () => {
    const uploaded = await uploadSarif(octokit, {
      owner: "acme",
      repo: "app",
      commitSha: SHA,
      ref: "refs/heads/main",
      sarif,
      toolName: "claude-pr-runner",
    });
    expect(uploaded.id).not.toBe("");
    expect(uploaded.gzipBytes).toBeLessThan(JSON.stringify(sarif).length);
    const [stored] = gh.sarifUploadsOf("acme", "app");
    expect(stored).toMatchObject({
      id: uploaded.id,
      commitSha: SHA,
      ref: "refs/heads/main",
      toolName: "claude-pr-runner",
    });
    expect(stored!.sarif).toEqual(JSON.parse(JSON.stringify(sarif)));
  });

  it("explains a refusal (permission or plan) instead of a bare 404", async () => {
    const upload = uploadSarif(octokit, {
      owner: "acme",
      repo: "missing",
      commitSha: SHA,
      ref: "refs/heads/main",
      sarif,
    });
    await expect(upload).rejects.toBeInstanceOf(SarifUploadError);
    await expect(upload).rejects.toThrow(/security-events: write.*Advanced Security/);
    await expect(upload).rejects.toMatchObject({ status: 404 });
  });

  it("refuses a log over the size limit before sending anything", async () => {
    const before = gh.callsTo("code-scanning/upload-sarif").length;
    await expect(
      uploadSarif(octokit, {
        owner: "acme",
        repo: "app",
        commitSha: SHA,
        ref: "refs/heads/main",
        sarif,
        maxGzipBytes: 50,
      }),
    ).rejects.toThrow(/bytes gzipped; code scanning accepts at most 50/);
    expect(gh.callsTo("code-scanning/upload-sarif").length).toBe(before);
  });
});
