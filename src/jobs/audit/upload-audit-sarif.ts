import { readFile } from "node:fs/promises";
import type { Log } from "sarif";
import type { GitHubClient } from "../../github/github-client.js";
import { uploadSarif } from "../../github/upload-sarif.js";

/**
 * Code scanning is an extra view of an audit: the SARIF file the audit wrote goes to the audited
 * branch. A refusal is reported, never thrown: the filed issues stand. Shared by every door that
 * audits (the Lambda worker, the managed-agents settle step).
 */
export async function uploadAuditSarif(
  octokit: GitHubClient,
  at: { owner: string; repo: string; commitSha: string; branch: string; path: string },
): Promise<{ uploaded: true; id: string } | { uploaded: false; reason: string }> {
  try {
    const uploaded = await uploadSarif(octokit, {
      owner: at.owner,
      repo: at.repo,
      commitSha: at.commitSha,
      ref: `refs/heads/${at.branch}`,
      sarif: JSON.parse(await readFile(at.path, "utf8")) as Log,
      toolName: "claude-pr-runner",
    });
    return { uploaded: true, id: uploaded.id };
  } catch (error) {
    return { uploaded: false, reason: (error as Error).message };
  }
}
