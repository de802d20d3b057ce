// Host 2: our runner (review policy answers every can_use_tool over the control channel), with the
// credential proxy as always. `runner_isolated` adds what the Action adds on a runner with sudo or as
// root: the agent's own user and the CLI's Bash sandbox (bubblewrap), as users run it.
import { runSession } from "../../src/runner/index.js";
import { decideIsolation } from "../../src/runner/isolation/isolation-decision.js";
import { type HostConfig, hostEnv, report } from "./host-measurement.js";
import { runnerSessionOptions } from "./runner-session-options.js";

const config = JSON.parse(process.argv[2] as string) as HostConfig;
const host = process.argv[3] === "runner_isolated" ? "runner_isolated" : "runner";
const isolation =
  host === "runner_isolated"
    ? await decideIsolation({ agentUser: "claude-agent", untrusted: true, onNoIsolation: "fail" })
    : undefined;
if (isolation && isolation.kind !== "separate-user") throw new Error(isolation.summary);
const startedAt = performance.now();
const outcome = await runSession({
  ...runnerSessionOptions(config, hostEnv(config)),
  ...(isolation?.kind === "separate-user"
    ? { agentUser: isolation.user, bashSandbox: { allowedDomains: [], required: true } }
    : {}),
}).outcome;
report(host, startedAt, outcome.exitCode === 0, `${outcome.subtype} turns=${outcome.numTurns}`);
