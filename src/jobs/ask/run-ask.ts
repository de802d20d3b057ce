import { cliEngine } from "../../engines/cli-engine.js";
import type { JobSessionPlan, JobSessionResult } from "../../engines/engine.js";
import { NO_LOCAL_WORKSPACE } from "../../engines/remote-workspace-dir.js";
import { compileOnFirstUse } from "../../json-schema/compile-on-first-use.js";
import { builtInPolicy } from "../../runner/policy/built-in-policy.js";
import { offeredBuiltInTools } from "../../runner/policy/offered-tools.js";
import { sessionFailureReason } from "../../runner/session-outcome.js";
import { dropEscapingSymlinks } from "../../sandbox/drop-escaping-symlinks.js";
import { type JobSettings, sessionLimitsFrom } from "../shared/job-settings.js";
import { runJobSession } from "../shared/run-job-session.js";
import { type AskPromptInput, buildAskPrompt } from "./ask-prompt.js";
import { ASK_SCHEMA, answerFromStructuredOutput } from "./ask-schema.js";

export interface AskRequest extends AskPromptInput {
  /** The checkout the CLI agent reads; absent when the session runs remotely on a mounted commit. */
  checkoutDir?: string;
  /** A fork PR: `--bare`, exactly as an untrusted review. */
  untrusted: boolean;
  /**
   * The commit a remote engine mounts: the PR's head, or for a question on an issue the commit the
   * door checked out (it must be pushed). Unused on the CLI.
   */
  remoteCommit?: string;
}

export class AskEngineError extends Error {
  override name = "AskEngineError";
}

export type AskResult =
  | { status: "answered"; answer: string; session: JobSessionResult }
  | { status: "failed"; reason: string; session: JobSessionResult };

const validateAnswer = compileOnFirstUse(ASK_SCHEMA);

/**
 * Answers one question with a read-only agent, on the engine the settings chose: start (the plan),
 * run, finish (the answer checked). See askSessionPlan and askResultOf.
 */
export async function runAsk(request: AskRequest, settings: JobSettings): Promise<AskResult> {
  // A fork's links out of the checkout (`notes -> /proc/self/environ`) go before the agent reads,
  // also when the door's checkout already was the head and nothing was fetched (and swept).
  if (request.untrusted && request.checkoutDir) await dropEscapingSymlinks(request.checkoutDir);
  // What the agent reads decides what the question must bring: a commit to mount, or a checkout.
  const engine = settings.engine ?? cliEngine;
  if (engine.reads === "mounted-commit" && !(request.pullRequest?.headSha ?? request.remoteCommit)) {
    throw new AskEngineError(`the ${engine.name} engine needs a commit to mount for this question`);
  }
  if (engine.reads === "local-checkout" && !request.checkoutDir) {
    throw new AskEngineError(`the ${engine.name} engine needs a checkout for the agent to read`);
  }
  const session = await runJobSession(askSessionPlan(request, settings), undefined, settings);
  return askResultOf(session);
}

/**
 * The question's start phase, the same for every engine: the review job's built-in policy (read and
 * search tools, read-only git) whatever the settings say, since a question never needs more, and a
 * fresh session (a conversation thread is not a review lineage).
 */
export function askSessionPlan(request: AskRequest, settings: JobSettings): JobSessionPlan {
  const cwd = request.checkoutDir ?? NO_LOCAL_WORKSPACE;
  const policy = builtInPolicy("review", { workspace: cwd });
  const [owner = "", name = ""] = request.repository.split("/");
  const headSha = request.pullRequest?.headSha ?? request.remoteCommit ?? "";
  return {
    jobKind: "ask",
    prompt: buildAskPrompt(request),
    cwd,
    policy,
    // Only read tools are offered at all; the policy still decides every call (Bash: read-only commands).
    tools: offeredBuiltInTools(policy),
    jsonSchema: ASK_SCHEMA,
    bare: request.untrusted,
    // On a PR the agent reads the base's agent configuration, never the head's (hooks, MCP servers).
    ...(request.pullRequest ? { agentConfigFrom: request.pullRequest.baseSha } : {}),
    ...sessionLimitsFrom(settings),
    workspace: { owner, name, headSha, access: "read" },
  };
}

/** A finished session's answer, or why there is none: the same for a local and a remote session. */
export function askResultOf(session: JobSessionResult): AskResult {
  const { outcome } = session;
  if (outcome.exitCode !== 0) {
    return { status: "failed", reason: sessionFailureReason(outcome), session };
  }
  const answer = validateAnswer(outcome.structuredOutput)
    ? answerFromStructuredOutput(outcome.structuredOutput)
    : undefined;
  if (!answer) return { status: "failed", reason: "the session gave no answer", session };
  return { status: "answered", answer, session };
}
