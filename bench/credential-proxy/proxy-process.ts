// The credential proxy alone in a node process, to measure its own memory honestly.
// argv: <upstream url> <serve | idle>. Prints {url, token} (serve), then on stdin end its CPU and peak RSS.
import { startCredentialProxy } from "../../src/sandbox/credential-proxy/index.js";

const upstreamUrl = process.argv[2] as string;
const serve = process.argv[3] === "serve";
const running = serve
  ? await startCredentialProxy({ upstreamUrl, credential: { kind: "api-key", apiKey: "bench-key" } })
  : undefined;
process.stdout.write(`${JSON.stringify({ url: running?.url, token: running?.proxy.token.value })}\n`);
process.stdin.resume();
process.stdin.on("end", async () => {
  const stats = running?.proxy.stats;
  await running?.close();
  process.stdout.write(
    `${JSON.stringify({
      cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
      heapUsedMb: process.memoryUsage().heapUsed / 1024 / 1024,
      forwarded: stats?.forwarded ?? 0,
    })}\n`,
  );
  process.exit(0);
});
