import { randomUUID } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { githubError, notFound, ok } from "../double-response.js";
import type { SarifUploadState } from "../double-state.js";
import type { RouteTable } from "./route-context.js";

/**
 * Code scanning's SARIF upload, checked the way GitHub checks it before queueing the analysis: the
 * body must be base64 of gzip of a SARIF 2.1.0 log, else 400. Accepted logs are kept decoded.
 */
export const codeScanningRoutes: RouteTable = {
  "code-scanning/upload-sarif": (ctx) => {
    const repo = ctx.repo();
    if (!repo) return notFound();
    const body = ctx.body as { commit_sha: string; ref: string; sarif: string; tool_name?: string };
    let sarif: SarifUploadState["sarif"];
    try {
      sarif = JSON.parse(gunzipSync(Buffer.from(body.sarif, "base64")).toString("utf8"));
    } catch {
      return githubError(400, "Invalid request.\n\nThe SARIF is not gzipped and Base64 encoded JSON.");
    }
    if (sarif?.version !== "2.1.0" || !Array.isArray(sarif.runs))
      return githubError(400, "Invalid request.\n\nOnly SARIF version 2.1.0 is supported.");
    const id = randomUUID();
    ctx.state.sarifUploads.push({
      id,
      repo: repo.fullName,
      commitSha: body.commit_sha,
      ref: body.ref,
      ...(body.tool_name ? { toolName: body.tool_name } : {}),
      sarif,
    });
    return ok({ id, url: `${ctx.url.origin}/repos/${repo.fullName}/code-scanning/sarifs/${id}` }, 202);
  },
};
