// Host 2: our runner (review policy answers every can_use_tool over the control channel).
import { runSession } from "../../src/runner/index.js";
import { type HostConfig, hostEnv, report } from "./host-measurement.js";
import { runnerSessionOptions } from "./runner-session-options.js";

const config = JSON.parse(process.argv[2] as string) as HostConfig;
const startedAt = performance.now();
const outcome = await runSession(runnerSessionOptions(config, hostEnv(config))).outcome;
report("runner", startedAt, outcome.exitCode === 0, `${outcome.subtype} turns=${outcome.numTurns}`);
