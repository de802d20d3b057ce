import type { Logger } from "@aws-lambda-powertools/logger";
import type { AgentRequest } from "../shared/agent-request.js";
import { type AgentJobDeps, type AgentJobResult, runAgentJob } from "./run-agent-job.js";

/** The execution environment already ran a job: running another could leak one job into the next. */
export class EnvironmentReusedError extends Error {
  override readonly name = "EnvironmentReusedError";
}

export class InvalidAgentRequestError extends Error {
  override readonly name = "InvalidAgentRequestError";
}

/**
 * The agent function's door: one job per execution environment. A second invocation in the same
 * process is refused (and the caller told so) instead of running where a previous, hostile session may
 * have left files, processes or memory behind; handler.ts also exits the process after each job so
 * Lambda starts a fresh environment.
 */
export function createAgentHandler(deps: AgentJobDeps & { logger: Logger }) {
  let served = false;
  return async (event: unknown): Promise<AgentJobResult> => {
    if (served)
      throw new EnvironmentReusedError("this agent environment already served a job; refusing a second");
    served = true;
    const request = checkRequest(event);
    deps.logger.appendKeys({ jobId: request.jobId });
    deps.logger.info("agent session started");
    const result = await runAgentJob(request, deps);
    deps.logger.info("agent session finished", { exitCode: result.exitCode, sessionId: result.sessionId });
    return result;
  };
}

function checkRequest(event: unknown): AgentRequest {
  const r = event as Partial<AgentRequest> | undefined;
  const urls = [r?.download?.workspace, r?.download?.config, r?.upload?.outcome, r?.upload?.transcript];
  if (
    r?.version !== 1 ||
    typeof r.jobId !== "string" ||
    typeof r.originalCwd !== "string" ||
    !urls.every((u) => typeof u === "string" && /^https?:\/\//.test(u)) ||
    typeof r.gateway?.baseUrl !== "string" ||
    typeof r.gateway.token !== "string" ||
    typeof r.session?.prompt !== "string" ||
    !Array.isArray(r.session.policy?.rules)
  )
    throw new InvalidAgentRequestError("not an agent request (version 1 with URLs, gateway and session)");
  return r as AgentRequest;
}
