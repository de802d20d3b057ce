import { cliEngine } from "../../engines/cli-engine.js";
import type {
  DetachedEngine,
  Engine,
  JobSessionPlan,
  JobSessionResult,
  LineagePlan,
  SessionHandle,
} from "../../engines/engine.js";
import type { SessionOutcome } from "../../runner/session-outcome.js";
import { holdsSecret, joinedStrings } from "../../secrets/secret-forms.js";

/**
 * Runs a job's session on the engine its settings chose (the local CLI unless they name another),
 * then checks its structured output as one text: a secret the job holds, in any encoding or split
 * across fields, fails the session before anything is published.
 */
export async function runJobSession(
  plan: JobSessionPlan,
  lineage: LineagePlan | undefined,
  settings: { engine?: Engine; secretValues: readonly string[] },
): Promise<JobSessionResult> {
  const engine = settings.engine ?? cliEngine;
  const result = await engine.run(plan, lineage, settings.secretValues);
  return { ...result, outcome: withoutSecretOutput(result.outcome, settings.secretValues) };
}

/** Where a settle step stands with a begun session: still running, another step's to publish, or ours. */
export type SettledJobSession =
  | { status: "waiting" }
  | { status: "claimed_elsewhere" }
  | { status: "settled"; session: JobSessionResult };

/**
 * One look at a begun session with the job's schema, policy, turn cap and deadline; once it ended,
 * the right to publish it is claimed (`claim`: at most one settle step publishes a session), and its
 * output gets the same secret check as a session run to its end.
 */
export async function settleJobSession(
  engine: DetachedEngine,
  handle: SessionHandle,
  check: Parameters<DetachedEngine["look"]>[1],
  claim: (() => Promise<boolean>) | undefined,
  secretValues: readonly string[],
): Promise<SettledJobSession> {
  const look = await engine.look(handle, check);
  if (look.state === "waiting") return { status: "waiting" };
  if (claim && !(await claim())) return { status: "claimed_elsewhere" };
  const { session } = look;
  return {
    status: "settled",
    session: { ...session, outcome: withoutSecretOutput(session.outcome, secretValues) },
  };
}

/**
 * The last layer behind "the agent never holds a secret": the joined text of every string the agent
 * put in its structured output (what the job would publish), normalised, holds no form of a secret
 * the job knows. If it does, the output is dropped and the session fails with the reason, so no
 * field of it reaches GitHub, the step outputs or the log.
 */
export function withoutSecretOutput(
  outcome: SessionOutcome,
  secretValues: readonly string[],
): SessionOutcome {
  if (
    outcome.structuredOutput === undefined ||
    !holdsSecret(joinedStrings(outcome.structuredOutput), secretValues)
  ) {
    return outcome;
  }
  const { structuredOutput: _dropped, ...rest } = outcome;
  return {
    ...rest,
    exitCode: 1,
    isError: true,
    failureReasons: [
      ...outcome.failureReasons,
      "the agent's output carries a secret the job holds (encoded, or split across fields); none of it is published",
    ],
  };
}
