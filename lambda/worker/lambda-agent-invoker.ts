import { InvokeCommand, LambdaClient } from "@aws-sdk/client-lambda";
import type { AgentRequest } from "../shared/agent-request.js";
import type { AgentInvoker } from "./agent-session-runner.js";

/** The agent function reported an error (unhandled exception, timeout, exit before responding). */
export class AgentFunctionError extends Error {
  override readonly name = "AgentFunctionError";
}

/**
 * Invokes the agent function synchronously (RequestResponse): the session takes minutes, so the
 * socket may stay quiet up to the function's own 15-minute limit. Synchronous invocations are not
 * retried by Lambda, so one session never runs twice behind the orchestrator's back.
 */
export function lambdaAgentInvoker(functionName: string, client?: LambdaClient): AgentInvoker {
  const lambda =
    client ??
    new LambdaClient({
      requestHandler: { requestTimeout: 16 * 60_000, connectionTimeout: 5_000 },
      maxAttempts: 1,
    });
  return async (request: AgentRequest) => {
    const out = await lambda.send(
      new InvokeCommand({
        FunctionName: functionName,
        InvocationType: "RequestResponse",
        Payload: Buffer.from(JSON.stringify(request)),
      }),
    );
    if (out.FunctionError) {
      const detail = out.Payload ? Buffer.from(out.Payload).toString("utf8").slice(0, 500) : "";
      throw new AgentFunctionError(`agent function failed (${out.FunctionError}): ${detail}`);
    }
  };
}
