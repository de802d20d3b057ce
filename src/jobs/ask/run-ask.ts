import { createAjv } from "../../json-schema/create-ajv.js";
import { builtInPolicy } from "../../runner/policy/built-in-policy.js";
import { offeredBuiltInTools } from "../../runner/policy/offered-tools.js";
import { sessionFailureReason } from "../../runner/session-outcome.js";
import { dropEscapingSymlinks } from "../../sandbox/drop-escaping-symlinks.js";
import { type JobSettings, sessionLimitsFrom } from "../shared/job-settings.js";
import { type JobSessionResult, remoteSession, runJobSession } from "../shared/run-job-session.js";
import { type AskPromptInput, buildAskPrompt } from "./ask-prompt.js";
import { ASK_SCHEMA, answerFromStructuredOutput } from "./ask-schema.js";

export interface AskRequest extends AskPromptInput {
  checkoutDir: string;
  /** A fork PR: `--bare`, exactly as an untrusted review. */
  untrusted: boolean;
  /**
   * The commit the Managed Agents engine mounts when the settings chose it: the PR's head, or for a
   * question on an issue the commit the door checked out (it must be pushed). Unused on the CLI.
   */
  remoteCommit?: string;
}

export class AskEngineError extends Error {
  override name = "AskEngineError";
}

export type AskResult =
  | { status: "answered"; answer: string; session: JobSessionResult }
  | { status: "failed"; reason: string; session: JobSessionResult };

const validateAnswer = createAjv({ schemas: "ours" }).compile(ASK_SCHEMA);

/**
 * Answers one question with a read-only agent: the review job's built-in policy (read and search
 * tools, read-only git) whatever the settings say, since a question never needs more, and a fresh
 * session (a conversation thread is not a review lineage). It runs where the settings' session
 * runner runs the CLI (here, or Lambda's agent function), or, when the settings chose the Managed
 * Agents engine, in a remote session with the repository mounted read-only at `remoteCommit`.
 */
export async function runAsk(request: AskRequest, settings: JobSettings): Promise<AskResult> {
  // A fork's links out of the checkout (`notes -> /proc/self/environ`) go before the agent reads,
  // also when the door's checkout already was the head and nothing was fetched (and swept).
  if (request.untrusted) await dropEscapingSymlinks(request.checkoutDir);
  const policy = builtInPolicy("review", { workspace: request.checkoutDir });
  const [owner = "", name = ""] = request.repository.split("/");
  const headSha = request.pullRequest?.headSha ?? request.remoteCommit;
  if (settings.engine && !headSha) {
    throw new AskEngineError("the managed-agents engine needs a commit to mount for this question");
  }
  const session = await runJobSession(
    {
      prompt: buildAskPrompt(request),
      cwd: request.checkoutDir,
      policy,
      // Only read tools are offered at all; the policy still decides every call (Bash: read-only commands).
      tools: offeredBuiltInTools(policy),
      jsonSchema: ASK_SCHEMA,
      bare: request.untrusted,
      ...sessionLimitsFrom(settings),
      ...remoteSession(settings.engine, "ask", { owner, name, headSha: headSha ?? "", access: "read" }),
    },
    undefined,
    settings.secretValues,
  );
  return askResultOf(session);
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
