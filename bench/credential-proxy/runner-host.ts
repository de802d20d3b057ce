// One runner session of the 20-turn overhead scenario, with or without the credential proxy.
// argv: <HostConfig json> <mode: proxy | direct> [baseUrl token] (direct against a given endpoint).
import { runSession } from "../../src/runner/index.js";
import { type HostConfig, hostEnv } from "../overhead/host-measurement.js";
import { runnerSessionOptions } from "../overhead/runner-session-options.js";

const config = JSON.parse(process.argv[2] as string) as HostConfig;
const mode = process.argv[3] as "proxy" | "direct";
const env = hostEnv(config);
if (process.argv[4]) env.ANTHROPIC_BASE_URL = process.argv[4];
if (process.argv[5]) env.ANTHROPIC_API_KEY = process.argv[5];
const heapBefore = process.memoryUsage().heapUsed;
const startedAt = performance.now();
const outcome = await runSession({ ...runnerSessionOptions(config, env), credentialProxy: mode === "proxy" })
  .outcome;
const wallMs = performance.now() - startedAt;
process.stdout.write(
  `${JSON.stringify({
    mode,
    wallMs,
    // The whole process's CPU, start-up included: the same for both modes but for the proxy's share.
    cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    heapGrowthMb: (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024,
    ok: outcome.exitCode === 0,
    detail: `${outcome.subtype} turns=${outcome.numTurns} proxied=${outcome.credentialProxy?.forwarded ?? 0}`,
  })}\n`,
);
