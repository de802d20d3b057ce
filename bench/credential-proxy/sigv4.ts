// SigV4 signing overhead of the credential proxy, side by side with the plain anthropic path: the
// same proxy, the same scripted 20-turn session of the real CLI, once with a static API key and
// once signing every request with the AWS SDK's SigV4 signer (as for Bedrock). Only the
// authenticator differs: the scripted API ignores the signature, so neither a Bedrock double's
// verification nor its event-stream framing is counted. Variants alternate run by run.
// A second part sends the session's largest request body straight through each proxy many times,
// to read the per-request cost apart from the CLI.
// Run: npm run bench:sigv4 [-- runs=5]
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { builtInPolicy, runSession } from "../../src/runner/index.js";
import {
  bedrockSigV4Auth,
  startCredentialProxy,
  staticCredentialAuth,
  type UpstreamAuth,
} from "../../src/sandbox/credential-proxy/index.js";
import { CLAUDE_BIN } from "../../test/harness/claude-cli.js";
import {
  createReadWorkspace,
  median,
  OUT_DIR,
  PROMPT,
  startReadSessionApi,
  TURNS,
} from "../shared/read-session.js";

const runs = Math.max(3, Number(process.argv[2] ?? 5));
const REQUESTS = 400;
const CREDENTIALS = {
  accessKeyId: "AKIABENCHSIGV4000001",
  secretAccessKey: "bench-secret-key/0123456789abcdefghij",
};

type Variant = "static" | "sigv4";
const authFor = (variant: Variant): UpstreamAuth =>
  variant === "static"
    ? staticCredentialAuth({ kind: "api-key", apiKey: "sk-ant-bench-key" })
    : bedrockSigV4Auth({ region: "us-east-1", credentials: async () => CREDENTIALS });

const api = await startReadSessionApi();
const workspace = await createReadWorkspace("sigv4");

async function session(variant: Variant): Promise<{ wallMs: number; turns: number }> {
  const proxy = await startCredentialProxy({ upstreamUrl: api.url, auth: authFor(variant) });
  const stateDir = await mkdtemp(path.join(tmpdir(), `bench-sigv4-${variant}-`));
  try {
    const started = performance.now();
    const { outcome } = runSession({
      prompt: PROMPT,
      cwd: workspace,
      claudePath: CLAUDE_BIN,
      policy: builtInPolicy("review", { workspace }),
      configDir: path.join(stateDir, "config"),
      includePartialMessages: true,
      // The runner talks to this proxy as to an API; the proxy under test holds the credential.
      credentialProxy: false,
      sourceEnv: {
        PATH: process.env.PATH,
        ANTHROPIC_BASE_URL: proxy.url,
        ANTHROPIC_API_KEY: proxy.proxy.token.value,
      },
    });
    const result = await outcome;
    const wallMs = performance.now() - started;
    if (result.exitCode !== 0)
      throw new Error(`${variant} session failed: ${result.failureReasons.join("; ")}`);
    return { wallMs, turns: result.numTurns ?? 0 };
  } finally {
    await proxy.close();
    await rm(stateDir, { recursive: true, force: true });
  }
}

/** Median wall time of one request through a proxy of this variant, sent one after another. */
async function perRequest(variant: Variant, body: string): Promise<number> {
  const proxy = await startCredentialProxy({ upstreamUrl: api.url, auth: authFor(variant) });
  const times: number[] = [];
  try {
    for (let i = 0; i < REQUESTS; i++) {
      const started = performance.now();
      const response = await fetch(`${proxy.url}/v1/messages/count_tokens`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "anthropic-version": "2023-06-01",
          "x-api-key": proxy.proxy.token.value,
        },
        body,
      });
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
  } finally {
    await proxy.close();
  }
  return median(times);
}

const sessions: Record<Variant, number[]> = { static: [], sigv4: [] };
await session("static"); // warm-up: the CLI's first start pays for its caches
for (let run = 0; run < runs; run++) {
  const order: Variant[] = run % 2 ? ["sigv4", "static"] : ["static", "sigv4"];
  for (const variant of order) {
    const { wallMs, turns } = await session(variant);
    if (turns < TURNS - 1) throw new Error(`${variant}: only ${turns} turns`);
    sessions[variant].push(wallMs);
    console.error(`run ${run + 1} ${variant}: ${(wallMs / 1000).toFixed(2)} s`);
  }
}

// The largest request of the session: the last turn's, with the whole conversation in it.
const largest = api.requests
  .map((request) => JSON.stringify(request.body ?? {}))
  .reduce((a, b) => (b.length > a.length ? b : a), "");
const requestMs: Record<Variant, number[]> = { static: [], sigv4: [] };
for (let round = 0; round < 3; round++) {
  for (const variant of round % 2 ? (["sigv4", "static"] as const) : (["static", "sigv4"] as const)) {
    requestMs[variant].push(await perRequest(variant, largest));
  }
}

const sessionStatic = median(sessions.static);
const sessionSigv4 = median(sessions.sigv4);
const requestStatic = median(requestMs.static);
const requestSigv4 = median(requestMs.sigv4);
const report = {
  runs,
  session: {
    staticMs: Math.round(sessionStatic),
    sigv4Ms: Math.round(sessionSigv4),
    ratio: Number((sessionSigv4 / sessionStatic).toFixed(3)),
  },
  perRequest: {
    bodyBytes: largest.length,
    requests: REQUESTS,
    staticMs: Number(requestStatic.toFixed(3)),
    sigv4Ms: Number(requestSigv4.toFixed(3)),
    ratio: Number((requestSigv4 / requestStatic).toFixed(3)),
    addedMs: Number((requestSigv4 - requestStatic).toFixed(3)),
  },
};
await writeFile(path.join(OUT_DIR, "sigv4.json"), `${JSON.stringify(report, null, 2)}\n`);
console.log(
  [
    `| measure | static key | SigV4 | ratio |`,
    `| --- | --- | --- | --- |`,
    `| ${TURNS}-turn session, median of ${runs} | ${(sessionStatic / 1000).toFixed(2)} s | ${(sessionSigv4 / 1000).toFixed(2)} s | ${report.session.ratio.toFixed(3)}× |`,
    `| one request (${(largest.length / 1024).toFixed(1)} KiB body), median of ${REQUESTS} × 3 rounds | ${requestStatic.toFixed(2)} ms | ${requestSigv4.toFixed(2)} ms | ${report.perRequest.ratio.toFixed(3)}× |`,
  ].join("\n"),
);
await api.close();
await rm(workspace, { recursive: true, force: true });
