// Host 2: our runner (review policy answers every can_use_tool over the control channel).
import { builtInPolicy, runSession } from "../../src/runner/index.js";
import { type HostConfig, hostEnv, report } from "./host-measurement.js";

const config = JSON.parse(process.argv[2] as string) as HostConfig;
const startedAt = performance.now();
const outcome = await runSession({
  prompt: config.prompt,
  cwd: config.workspace,
  claudePath: config.claudePath,
  policy: builtInPolicy("review", { workspace: config.workspace }),
  includePartialMessages: true,
  sourceEnv: hostEnv(config),
}).outcome;
report("runner", startedAt, outcome.exitCode === 0, `${outcome.subtype} turns=${outcome.numTurns}`);
