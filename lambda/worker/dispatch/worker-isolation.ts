import type { JobSettings } from "../../../src/jobs/shared/job-settings.js";
import type { IsolationDecision, OnNoIsolation } from "../../../src/runner/isolation/isolation-decision.js";
import { PermanentJobError } from "../job-executor.js";

/** Why an agent gets no Bash in the worker's own process, for the log and the refusal. */
const WHY =
  "sessions run in the worker's own process: the same user as the worker, whose environment holds the App's credentials for every installation, with no PID namespace and no bubblewrap";

/**
 * How one session's agent is isolated on the worker. In split mode (a `sessionRunner`: the agent
 * function, whose role writes its own logs and nothing else, and which exits after each job) that
 * function is the boundary, and nothing is decided here.
 *
 * In the worker's own process (a deployment without AGENT_FUNCTION_NAME) there is no second user to
 * give the agent (Lambda has no user namespaces), and that process holds what reads the App's
 * private key. The Action lets a trusted job's agent share the runner's user because the runner's
 * secrets are that one repository's; here they reach every repository of every installation, so a
 * writer of one repository (or an agent a PR's text steered) would reach all of them through one
 * test command or one hole in the command policy. So no session here gets Bash, trusted or not:
 * `ON_NO_ISOLATION=no-bash` (default) runs it without the tool, `fail` drops the job before any model
 * request (a PermanentJobError naming the reason).
 */
export function workerIsolation(
  settings: JobSettings,
  onNoIsolation: OnNoIsolation,
): IsolationDecision | undefined {
  if (settings.sessionRunner) return undefined;
  if (onNoIsolation === "fail")
    throw new PermanentJobError(
      `Agent isolation unavailable (${WHY}) and ON_NO_ISOLATION is "fail": this job was not run. Deploy the agent function (AGENT_FUNCTION_NAME) to run it.`,
    );
  return {
    kind: "no-bash",
    summary: `Agent isolation unavailable (${WHY}): this job runs without the Bash tool (ON_NO_ISOLATION: no-bash). Deploy the agent function (AGENT_FUNCTION_NAME) to give agents Bash.`,
  };
}
