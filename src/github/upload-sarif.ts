import { gzipSync } from "node:zlib";
import type { Log } from "sarif";
import type { GitHubClient } from "./github-client.js";
import { httpStatusOf } from "./http-status.js";

/** GitHub refuses SARIF uploads above 10 MB once gzipped (code scanning's documented limit). */
export const MAX_SARIF_GZIP_BYTES = 10 * 1024 * 1024;

export class SarifUploadError extends Error {
  override readonly name = "SarifUploadError";
  constructor(
    message: string,
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export interface SarifUpload {
  owner: string;
  repo: string;
  /** The audited commit; alerts are attached to it. */
  commitSha: string;
  /** Full ref, e.g. `refs/heads/main`. */
  ref: string;
  sarif: Log;
  /** Names the analysis, so this tool's alerts are replaced, not mixed with another's. */
  toolName?: string;
  /** Size limit after gzip (default GitHub's 10 MB). */
  maxGzipBytes?: number;
}

/**
 * Uploads a SARIF log to code scanning (`POST /repos/{owner}/{repo}/code-scanning/sarifs`), as
 * `github/codeql-action/upload-sarif` does from a workflow: gzip, then base64. Processing is
 * asynchronous on GitHub's side; the returned id can be polled. Refusals get an error that says what
 * to change, since the usual cause is a permission or plan, not a bug.
 */
export async function uploadSarif(
  octokit: GitHubClient,
  upload: SarifUpload,
): Promise<{ id: string; url?: string; gzipBytes: number }> {
  const gzipped = gzipSync(Buffer.from(JSON.stringify(upload.sarif)));
  const limit = upload.maxGzipBytes ?? MAX_SARIF_GZIP_BYTES;
  if (gzipped.length > limit)
    throw new SarifUploadError(
      `the SARIF log is ${gzipped.length} bytes gzipped; code scanning accepts at most ${limit}`,
    );
  try {
    const { data } = await octokit.rest.codeScanning.uploadSarif({
      owner: upload.owner,
      repo: upload.repo,
      commit_sha: upload.commitSha,
      ref: upload.ref,
      sarif: gzipped.toString("base64"),
      ...(upload.toolName ? { tool_name: upload.toolName } : {}),
    });
    return { id: data.id ?? "", ...(data.url ? { url: data.url } : {}), gzipBytes: gzipped.length };
  } catch (error) {
    const status = httpStatusOf(error);
    const hint =
      status === 403 || status === 404
        ? " (the token needs code scanning write access — `security-events: write`, or the App's Code scanning alerts permission — and private repositories need GitHub Advanced Security)"
        : "";
    throw new SarifUploadError(
      `code scanning refused the SARIF upload for ${upload.owner}/${upload.repo}: ${(error as Error).message}${hint}`,
      status,
      { cause: error },
    );
  }
}
