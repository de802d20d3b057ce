// Host 1: the bare CLI, stdout piped to /dev/null; this process only waits for it.
import { spawn } from "node:child_process";
import { openSync } from "node:fs";
import { type HostConfig, hostEnv, report } from "./host-measurement.js";

const config = JSON.parse(process.argv[2] as string) as HostConfig;
const startedAt = performance.now();
const child = spawn(
  config.claudePath,
  ["-p", config.prompt, "--output-format", "stream-json", "--verbose", "--include-partial-messages"],
  { cwd: config.workspace, env: hostEnv(config), stdio: ["ignore", openSync("/dev/null", "w"), "ignore"] },
);
child.on("exit", (code) => report("bare", startedAt, code === 0, `exit ${code}`));
