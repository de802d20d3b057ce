/** What each host child process reports about itself (its own usage, never the claude child's). */
export interface HostMeasurement {
  host: "bare" | "runner" | "runner_isolated" | "sdk" | "sdk_ask";
  wallMs: number;
  cpuMs: number;
  /** Peak resident set of the host process alone (getrusage RUSAGE_SELF), in MB. */
  peakRssMb: number;
  ok: boolean;
  detail: string;
}

export interface HostConfig {
  apiUrl: string;
  workspace: string;
  claudePath: string;
  prompt: string;
  /** Fresh per run: CLAUDE_CONFIG_DIR and HOME for the bare and SDK hosts (the runner makes its own). */
  stateDir: string;
}

export function report(host: HostMeasurement["host"], startedAt: number, ok: boolean, detail: string): void {
  const cpu = process.cpuUsage();
  const measurement: HostMeasurement = {
    host,
    wallMs: performance.now() - startedAt,
    cpuMs: (cpu.user + cpu.system) / 1000,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    ok,
    detail,
  };
  process.stdout.write(`${JSON.stringify(measurement)}\n`);
}

export function hostEnv(config: HostConfig): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "",
    HOME: `${config.stateDir}/home`,
    CLAUDE_CONFIG_DIR: `${config.stateDir}/config`,
    ANTHROPIC_BASE_URL: config.apiUrl,
    ANTHROPIC_API_KEY: "bench-key",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
  };
}
