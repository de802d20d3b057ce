import { cliEngine } from "../../engines/cli-engine.js";
import type { JobSessionPlan, JobSessionResult } from "../../engines/engine.js";
import { NO_LOCAL_WORKSPACE } from "../../engines/remote-workspace-dir.js";
import type { GitHubClient } from "../../github/github-client.js";
import { compileOnFirstUse } from "../../json-schema/compile-on-first-use.js";
import { builtInPolicy } from "../../runner/policy/built-in-policy.js";
import { offeredBuiltInTools } from "../../runner/policy/offered-tools.js";
import { sessionFailureReason } from "../../runner/session-outcome.js";
import { dropEscapingSymlinks } from "../../sandbox/drop-escaping-symlinks.js";
import { pullRequestChangeFromGitHub } from "../review/pull-request-change.js";
import { reviewedChange } from "../review/run-review.js";
import { GitCheckout } from "../shared/git-checkout.js";
import { type JobSettings, sessionLimitsFrom } from "../shared/job-settings.js";
import type { PullRequestRef } from "../shared/pull-request-ref.js";
import { runJobSession } from "../shared/run-job-session.js";
import { buildDescribePrompt } from "./describe-prompt.js";
import { DESCRIBE_SCHEMA, type PullRequestDescription } from "./describe-schema.js";

export interface DescribeRequest {
  repository: { owner: string; name: string };
  pr: Pick<PullRequestRef, "number" | "title" | "body" | "author" | "baseSha" | "headSha">;
  /** The checkout the CLI agent reads (at the head); absent on a remote engine, which mounts the head. */
  checkoutDir?: string;
  /** A fork's head: `--bare` and read-only tools, as for every untrusted job. */
  untrusted: boolean;
}

export type DescribeResult =
  | {
      status: "described";
      description: PullRequestDescription;
      /** Walkthrough entries naming a file outside the change, left out of what is published. */
      setAside: string[];
      session: JobSessionResult;
    }
  | { status: "failed"; reason: string; session: JobSessionResult };

export class DescribeEngineError extends Error {
  override readonly name = "DescribeEngineError";
}

const validateDescription = compileOnFirstUse(DESCRIBE_SCHEMA);

/**
 * Describes one pull request with a read-only agent on the engine the settings chose: the change
 * (from the checkout, or from the API without one), the start (describeSessionPlan), the run, and
 * the finish (describedPullRequest). Publishing is separate (publishDescription).
 */
export async function runDescribe(
  request: DescribeRequest,
  settings: JobSettings,
  octokit: GitHubClient,
): Promise<DescribeResult> {
  const engine = settings.engine ?? cliEngine;
  if (engine.reads === "local-checkout" && !request.checkoutDir)
    throw new DescribeEngineError(
      `the ${engine.name} engine needs a checkout of the head for the agent to read`,
    );
  // A fork's links out of the checkout go before the agent reads it.
  if (request.untrusted && request.checkoutDir) await dropEscapingSymlinks(request.checkoutDir);
  const change = request.checkoutDir
    ? await reviewedChange(new GitCheckout(request.checkoutDir, settings.hostEnv), request.pr)
    : await pullRequestChangeFromGitHub(octokit, {
        owner: request.repository.owner,
        repo: request.repository.name,
        pullNumber: request.pr.number,
      });
  const prompt = buildDescribePrompt({
    repository: `${request.repository.owner}/${request.repository.name}`,
    baseSha: request.pr.baseSha,
    headSha: request.pr.headSha,
    pullRequest: request.pr,
    changedFiles: change.changedFiles,
    diff: change.diff,
    ...(settings.extraInstructions ? { extraInstructions: settings.extraInstructions } : {}),
  });
  const session = await runJobSession(describeSessionPlan(request, settings, prompt), undefined, settings);
  return describedPullRequest(session, new Set(change.changedFiles.map((f) => f.path)));
}

/**
 * The describe job's start, the same on every engine: the review's read-only built-in policy
 * whatever the settings say (a description never needs more), the describe schema, a fresh session.
 */
export function describeSessionPlan(
  request: Pick<DescribeRequest, "repository" | "pr" | "checkoutDir" | "untrusted">,
  settings: JobSettings,
  prompt: string,
): JobSessionPlan {
  const cwd = request.checkoutDir ?? NO_LOCAL_WORKSPACE;
  const policy = builtInPolicy("review", { workspace: cwd });
  return {
    jobKind: "describe",
    prompt,
    cwd,
    policy,
    tools: offeredBuiltInTools(policy),
    jsonSchema: DESCRIBE_SCHEMA,
    bare: request.untrusted,
    // The PR's head must not configure the agent that describes it (hooks, MCP servers, CLAUDE.md).
    agentConfigFrom: request.pr.baseSha,
    ...sessionLimitsFrom(settings),
    workspace: {
      owner: request.repository.owner,
      name: request.repository.name,
      headSha: request.pr.headSha,
      access: "read",
    },
  };
}

/**
 * The describe job's finish, the same on every engine: the session's own failure reason, the output
 * checked against the schema again, and walkthrough files that are not in the change set aside (a
 * description must not invent files).
 */
export function describedPullRequest(
  session: JobSessionResult,
  changedPaths: ReadonlySet<string>,
): DescribeResult {
  const { outcome } = session;
  if (outcome.exitCode !== 0) return { status: "failed", reason: sessionFailureReason(outcome), session };
  if (!validateDescription(outcome.structuredOutput))
    return { status: "failed", reason: "the structured output is not a description", session };
  const output = outcome.structuredOutput as PullRequestDescription;
  const setAside: string[] = [];
  const walkthrough = output.walkthrough
    .map((group) => ({
      concern: group.concern,
      files: group.files.filter((file) => {
        if (changedPaths.has(file.path)) return true;
        setAside.push(file.path);
        return false;
      }),
    }))
    .filter((group) => group.files.length > 0);
  return {
    status: "described",
    description: { title: output.title, summary: output.summary, walkthrough, risks: [...output.risks] },
    setAside,
    session,
  };
}
