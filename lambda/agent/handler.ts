import { Logger } from "@aws-lambda-powertools/logger";
import { runSessionHere } from "../../src/engines/session-runner.js";
import { agentConfigFromEnv } from "./agent-config.js";
import { createAgentHandler } from "./agent-handler.js";

// The agent function: its role has no permission beyond writing its own logs, and its environment
// holds no secret. It receives everything through the invocation (presigned URLs, a gateway token).
const logger = new Logger({ serviceName: "agent" });
const handle = createAgentHandler({
  logger,
  ...agentConfigFromEnv(process.env),
  hostEnv: process.env,
  runSession: runSessionHere,
});

/**
 * After the job, the process exits, so Lambda never hands this environment a second job: a runtime
 * whose process exited is discarded and the next invocation gets a fresh one (a cold start). The exit
 * is delayed so the runtime can post this invocation's response first; the orchestrator does not
 * depend on that race, because the agent uploaded its outcome before returning.
 */
export const handler = async (event: unknown) => {
  try {
    return await handle(event);
  } finally {
    setTimeout(() => process.exit(0), EXIT_DELAY_MS).unref();
  }
};

const EXIT_DELAY_MS = 250;
