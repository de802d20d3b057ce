import { runSession } from "../runner/run-session.js";
import type { SessionOptions } from "../runner/session-options.js";
import type { SessionOutcome } from "../runner/session-outcome.js";

/**
 * Runs one CLI session to its outcome. Locally that is the runner in this process; a door may run it
 * elsewhere (the Lambda orchestrator hands it to an agent function that holds no credential), as long
 * as the session's files (transcript in `configDir`, edits in `cwd`) are where the job expects them
 * when the promise resolves.
 */
export type SessionRunner = (options: SessionOptions) => Promise<SessionOutcome>;

export const runSessionHere: SessionRunner = (options) => runSession(options).outcome;
