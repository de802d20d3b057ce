import type { InstallationTokenProvider, TokenScope } from "../shared/github-app-auth.js";
import type { JobMessage } from "../shared/job-message.js";

/**
 * The least a job's installation token may do, on the job's repository only. Metadata read is implied
 * by GitHub for every token. A review never gets contents write; only an autofix can push.
 */
export function jobTokenScope(
  job: Pick<JobMessage, "kind" | "repo">,
  options: { uploadSarif?: boolean } = {},
): TokenScope {
  const permissions = ((): TokenScope["permissions"] => {
    switch (job.kind) {
      case "review":
        return { contents: "read", pull_requests: "write", checks: "write" };
      case "autofix":
        return { contents: "write", pull_requests: "write", checks: "write" };
      case "audit":
        return options.uploadSarif
          ? { contents: "read", issues: "write", checks: "write", security_events: "write" }
          : { contents: "read", issues: "write", checks: "write" };
      case "prune":
        return { pull_requests: "read" };
      // A description edits the PR's body (or, failing that, comments), reading the code.
      case "describe":
        return { contents: "read", pull_requests: "write", issues: "write" };
      // Questions read the code and answer on PRs, issues and review threads (reactions included).
      case "ask":
        return { contents: "read", pull_requests: "write", issues: "write" };
      // Help, usage, closed notices and refusals: a comment and a reaction, no code.
      case "reply":
        return { pull_requests: "write", issues: "write" };
    }
  })();
  return { repositories: [job.repo], permissions };
}

/**
 * The token Anthropic clones a Managed Agents session's repository with: this repository only,
 * contents read, whatever the job itself may do (an autofix's edits come back to us as a patch, and
 * we commit them). Not revoked by the job: the service may clone after the worker returned; it
 * expires within the hour.
 */
export function mountTokenMinter(tokens: InstallationTokenProvider) {
  return (installationId: number, repo: string): Promise<string> => {
    const scope: TokenScope = { repositories: [repo], permissions: { contents: "read" } };
    // Never the installation-wide token: it can write, and it would leave our account.
    if (!tokens.jobToken) throw new Error("mounting a repository needs scoped job tokens");
    return tokens.jobToken(installationId, scope);
  };
}
