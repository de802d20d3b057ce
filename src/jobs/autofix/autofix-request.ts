import type { JobSessionResult } from "../../engines/engine.js";
import type { GitHubClient } from "../../github/github-client.js";
import type { PolicyDecision } from "../../runner/policy/tool-policy.js";
import type { LineageKey } from "../../sessions/lineage-key.js";
import type { TranscriptStore } from "../../sessions/transcript-store.js";
import type { AutofixStatus } from "./autofix-markdown.js";
import type { AutofixPlan } from "./autofix-plan.js";
import type { PriorFinding } from "./autofix-prompt.js";
import type { AutofixReport } from "./autofix-schema.js";
import type { UnexpressedChange } from "./fix-suggestions.js";

export interface GitIdentity {
  name: string;
  email: string;
}

export interface AutofixRequest {
  repository: { owner: string; name: string };
  /** Checkout of the PR head with `origin` pointing at the head repository. */
  checkoutDir: string;
  pullRequest: {
    number: number;
    title: string;
    body: string;
    author: string;
    headRef: string;
    headSha: string;
    baseSha: string;
  };
  isFork: boolean;
  /** The label that triggered the run; removed afterwards (default `autofix`); `false` when a comment triggered it. */
  label?: string | false;
  testCommands?: string[];
  /**
   * Findings of the review being fixed, for the prompt (the forked session also has them in context).
   * Default: read back from the review published on the PR.
   */
  priorFindings?: PriorFinding[];
  /** Who asked for the fix (the label's or the comment's author): credited with a `Co-authored-by` trailer. */
  requestedBy?: { login: string; id?: number };
  /** A further `Co-authored-by` trailer (default: Claude); `false` for none. */
  coAuthor?: GitIdentity | false;
  /**
   * Let the fix's commit start the repository's `push` and `pull_request` workflows. Default false: the
   * commit carries `[skip ci]`, so code the agent wrote runs in CI, with the secrets a same-repository
   * PR gets, only once a person has pushed after it (a GitHub App's push starts workflows; the workflow
   * token's does not).
   */
  runWorkflowsOnFix?: boolean;
  lineage?: { store: TranscriptStore; baseKey?: LineageKey; keepLast?: number };
  runUrl?: string;
  /** The job's identity across attempts (a queue message's id): a retry takes over its check run. */
  checkRunJobId?: string;
  /** Check run name; `false` for no check run. */
  checkName?: string | false;
  /** Sticky comment key (default `autofix`, so the review's own summary comment is left alone). */
  stickyKey?: string;
}

export interface AutofixDeps {
  github: GitHubClient;
}

export interface AutofixResult {
  status: AutofixStatus;
  plan: AutofixPlan;
  detail?: string;
  report?: AutofixReport;
  commitSha?: string;
  changedPaths: string[];
  revertedProtected: string[];
  /** Files an earlier step of the job left or changed, which the fix left out (WorkingTreeChanges.leftAsFound). */
  leftAsFound: string[];
  /** A fork's links that left the checkout, removed before the session (never part of the fix). */
  droppedSymlinks: string[];
  /** Every tool call the policy refused, as recorded by the runner. */
  denials: PolicyDecision[];
  suggestions?: { posted: number; reviewId?: number; unexpressed: UnexpressedChange[] };
  patchCommentId?: number;
  labelRemoved: boolean;
  stickyCommentId?: number;
  checkRunId?: number;
  session: JobSessionResult;
  /** Publishing steps that failed without stopping the others. */
  notes: string[];
}
