/**
 * Chaos load benchmark of the GitHub App on AWS, on the real local parts: signed pull_request
 * deliveries through the real webhook handler (signature, routing, Powertools idempotency on
 * dynalite, a FIFO send to fauxqs), drained by the real worker handler and job executor (the real
 * claude 2.1.235 against the scripted Messages API, the GitHub double, s3rver for sessions) with
 * `WORKERS` event sources polling side by side, as concurrent Lambda invocations would.
 *
 * Two rounds in one run, same load: a baseline without faults, then the same load with faults
 * injected (GitHub 5xx, a write that lands but answers 502, a secondary rate limit, model 529s).
 * Reports for each: throughput (reviews per minute), webhook ack p50/p95, delivery-to-review
 * p50/p95 (from the ack of a PR's newest push to its review on GitHub), and the faulty round's
 * ratios to the baseline. Each round also checks what must hold under faults: every newest head
 * reviewed exactly once, no review on an older head, no check run left in progress, the queue and
 * DLQ empty, and no request that breaks GitHub's OpenAPI description. A broken invariant exits 1.
 *
 *   node --import tsx bench/chaos/run.ts [prs=10] [pushesPerPr=3] [workers=2]
 */
import { mkdir, writeFile } from "node:fs/promises";
import * as path from "node:path";
import type { ScriptedReply } from "../../test/harness/scripted-messages-api.js";
import { CapturedStdout } from "../../test/lambda/support/captured-stdout.js";
import { INSTALLATION_ID, LambdaPipeline, OWNER, REPO } from "../../test/lambda/support/lambda-pipeline.js";
import { lambdaContext, webhookExample } from "../../test/lambda/support/webhook-events.js";

const ROOT = path.resolve(import.meta.dirname, "../..");
const PRS = Number(process.argv[2] ?? 10);
const PUSHES = Number(process.argv[3] ?? 3);
const WORKERS = Number(process.argv[4] ?? 2);
const FILE = "src/math.ts";
const BASE = "export function add(a: number, b: number): number {\n  return a + b;\n}\n";

const review: ScriptedReply = {
  kind: "structured_output",
  value: {
    verdict: "request_changes",
    summary: "One bug in sub().",
    findings: [
      {
        path: FILE,
        start_line: 6,
        end_line: 6,
        severity: "error",
        title: "sub() adds instead of subtracting",
        body: "`sub` returns `a + b`.",
        category: "bug",
      },
    ],
  },
};

function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)] ?? Number.NaN);
}

interface RoundResult {
  faults: boolean;
  deliveries: number;
  reviews: number;
  wall_ms: number;
  reviews_per_minute: number;
  ack_p50_ms: number;
  ack_p95_ms: number;
  delivery_to_review_p50_ms: number;
  delivery_to_review_p95_ms: number;
  worker_invocations: number;
  failed_invocations: number;
  model_529s: number;
  broken: string[];
}

async function round(faults: boolean, firstPr: number): Promise<RoundResult> {
  let modelRequests = 0;
  let model529s = 0;
  // Every third model request of the faulty round is overloaded; the CLI retries it itself.
  const pipeline = await LambdaPipeline.start(() => {
    modelRequests++;
    if (faults && modelRequests % 3 === 0) {
      model529s++;
      return { kind: "http_error", status: 529, errorType: "overloaded_error", message: "Overloaded" };
    }
    return review;
  });
  const stdout = new CapturedStdout();
  try {
    pipeline.seedRepository({ [FILE]: BASE });
    const newest = new Map<number, { sha: string; ackedAt: number }>();
    const acks: number[] = [];
    let deliveries = 0;
    const started = Date.now();
    stdout.start();
    for (let push = 1; push <= PUSHES; push++) {
      for (let i = 0; i < PRS; i++) {
        const number = firstPr + i;
        const body = `\nexport function sub${push}(a: number, b: number): number {\n  return a + b;\n}\n`;
        const sha = pipeline.push({ [FILE]: BASE + body }, `push ${push}`, number, `feature-${number}`);
        const payload = pullRequestPayload(pipeline, push === 1 ? "opened" : "synchronize", sha, number);
        const t0 = performance.now();
        const delivered = await pipeline.deliver("pull_request", payload);
        acks.push(performance.now() - t0);
        deliveries++;
        if (delivered.statusCode !== 202) throw new Error(`delivery answered ${delivered.statusCode}`);
        newest.set(number, { sha, ackedAt: Date.now() });
      }
      if (faults && push === 1) injectGitHubFaults(pipeline);
    }

    const reviewedAt = new Map<number, number>();
    const noteReviews = () => {
      for (const [number, head] of newest)
        if (
          !reviewedAt.has(number) &&
          pipeline.github.state.reviews.some((r) => r.pullNumber === number && r.commitId === head.sha)
        )
          reviewedAt.set(number, Date.now());
    };
    const worker = pipeline.worker();
    const sources = Array.from({ length: WORKERS }, () => pipeline.eventSource());
    await Promise.all(
      sources.map(async (source) => {
        let idle = 0;
        while (idle < 10) {
          const polled = await source.pollOnce(worker, () => lambdaContext("worker", 600_000));
          noteReviews();
          if (polled) idle = 0;
          else {
            idle++;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      }),
    );
    stdout.stop();
    const wall = Date.now() - started;
    const latencies = [...newest].map(([n, h]) => (reviewedAt.get(n) ?? Number.NaN) - h.ackedAt);
    const invocations = sources.flatMap((s) => s.invocations);
    const reviews = pipeline.github.state.reviews.filter((r) => r.repo === `${OWNER}/${REPO}`);
    return {
      faults,
      deliveries,
      reviews: reviews.length,
      wall_ms: wall,
      reviews_per_minute: Number(((reviewedAt.size / wall) * 60_000).toFixed(1)),
      ack_p50_ms: percentile(acks, 50),
      ack_p95_ms: percentile(acks, 95),
      delivery_to_review_p50_ms: percentile(latencies, 50),
      delivery_to_review_p95_ms: percentile(latencies, 95),
      worker_invocations: invocations.length,
      failed_invocations: invocations.filter((i) => i.response.batchItemFailures.length > 0).length,
      model_529s: model529s,
      broken: invariants(pipeline, newest, reviewedAt),
    };
  } finally {
    stdout.stop();
    await pipeline.close();
  }
}

/** The faulty round's GitHub: each fault a few times, on the calls every review makes. */
const GITHUB_FAULTS = [
  ["checks/create", { kind: "server_error", status: 502 }, 3],
  ["pulls/get", { kind: "server_error", status: 503 }, 3],
  ["pulls/create-review", { kind: "server_error_after_write", status: 502 }, 2],
  ["issues/create-comment", { kind: "secondary_rate_limit", retryAfterSeconds: 1 }, 2],
  ["checks/update", { kind: "server_error", status: 500 }, 2],
] as const;

function injectGitHubFaults(pipeline: LambdaPipeline): void {
  for (const [operation, fault, times] of GITHUB_FAULTS)
    pipeline.github.failNext(operation, { ...fault }, times);
}

/** What must hold under faults; each broken rule is one line. */
function invariants(
  pipeline: LambdaPipeline,
  newest: Map<number, { sha: string }>,
  reviewedAt: Map<number, number>,
): string[] {
  const broken: string[] = [];
  for (const [number, head] of newest) {
    const reviews = pipeline.github.state.reviews.filter((r) => r.pullNumber === number);
    const onNewest = reviews.filter((r) => r.commitId === head.sha);
    if (onNewest.length !== 1) broken.push(`PR #${number}: ${onNewest.length} reviews on its newest head`);
    if (reviews.length !== onNewest.length) broken.push(`PR #${number}: a review on an older head`);
    if (!reviewedAt.has(number)) broken.push(`PR #${number}: no review seen`);
  }
  const stuck = pipeline.github.state.checkRuns.filter((c) => c.status !== "completed");
  if (stuck.length > 0) broken.push(`${stuck.length} check run(s) left in progress`);
  if (pipeline.sqs.messagesIn(pipeline.queues.queueUrl).length > 0) broken.push("messages left in the queue");
  if (pipeline.sqs.messagesIn(pipeline.queues.dlqUrl).length > 0) broken.push("messages in the DLQ");
  if (pipeline.github.violations.length > 0)
    broken.push(`${pipeline.github.violations.length} request(s) broke GitHub's OpenAPI description`);
  return broken;
}

function pullRequestPayload(
  pipeline: LambdaPipeline,
  action: string,
  headSha: string,
  number: number,
): Record<string, unknown> {
  const payload = webhookExample("pull_request", (p) => p.action === action);
  const pr = payload.pull_request as {
    number: number;
    draft: boolean;
    updated_at: string;
    head: Record<string, unknown>;
    base: Record<string, unknown>;
  };
  pr.number = number;
  pr.draft = false;
  pr.updated_at = new Date().toISOString();
  Object.assign(pr.head, { sha: headSha, ref: `feature-${number}` });
  Object.assign(pr.base, { sha: pipeline.baseSha, ref: "main" });
  payload.number = number;
  payload.installation = { id: INSTALLATION_ID };
  payload.repository = {
    ...(payload.repository as object),
    name: REPO,
    full_name: `${OWNER}/${REPO}`,
    owner: { login: OWNER },
  };
  return payload;
}

async function main() {
  const baseline = await round(false, 100);
  const chaos = await round(true, 100);
  const ratio = (a: number, b: number) => Number((a / b).toFixed(2));
  const report = {
    load: { prs: PRS, pushes_per_pr: PUSHES, workers: WORKERS },
    injected: {
      github: GITHUB_FAULTS.map(([operation, fault, times]) => `${operation}: ${fault.kind} x${times}`),
      model: "every third request of the faulty round: 529 overloaded_error",
    },
    baseline,
    chaos,
    chaos_to_baseline: {
      throughput: ratio(chaos.reviews_per_minute, baseline.reviews_per_minute),
      ack_p50: ratio(chaos.ack_p50_ms, baseline.ack_p50_ms),
      ack_p95: ratio(chaos.ack_p95_ms, baseline.ack_p95_ms),
      delivery_to_review_p50: ratio(chaos.delivery_to_review_p50_ms, baseline.delivery_to_review_p50_ms),
      delivery_to_review_p95: ratio(chaos.delivery_to_review_p95_ms, baseline.delivery_to_review_p95_ms),
    },
  };
  console.log(JSON.stringify(report, null, 2));
  const out = path.join(ROOT, "bench/out");
  await mkdir(out, { recursive: true });
  await writeFile(path.join(out, "chaos.json"), `${JSON.stringify(report, null, 2)}\n`);
  if (baseline.broken.length > 0 || chaos.broken.length > 0) process.exitCode = 1;
}

await main();
