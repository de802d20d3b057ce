import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createJobMessage } from "../../lambda/shared/job-message.js";
import { JobQueue } from "../../lambda/shared/job-queue.js";
import { prLineageKey } from "../../src/sessions/lineage-key.js";
import { S3TranscriptStore } from "../../src/sessions/s3-transcript-store.js";
import { sessionsS3Client } from "../../src/sessions/sessions-s3-client.js";
import { createTempRepo } from "../fixtures/git-repo.js";
import { GitHubDouble } from "../github-double/index.js";
import { CLAUDE_BIN } from "../harness/claude-cli.js";
import { ScriptedMessagesApi } from "../harness/scripted-messages-api.js";
import { LoopbackS3, S3RVER_CREDENTIALS } from "../sessions/loopback-s3.js";
import { appPrivateKeyPem } from "./support/app-private-key.js";
import { CapturedStdout } from "./support/captured-stdout.js";
import { LoopbackSqs } from "./support/loopback-sqs.js";
import { SecretsDouble } from "./support/secrets-double.js";
import { SqsEventSource } from "./support/sqs-event-source.js";
import { lambdaContext } from "./support/webhook-events.js";

// There is no Docker engine here, so the worker image is never built. This test runs the image's
// own bundling step (the `RUN npx esbuild …` line of lambda/worker/Dockerfile, unchanged except for
// its output directory), imports the bundle the image would run, configures it only through the
// environment the CDK stack sets, and has it review a PR with the real CLI. What it cannot cover:
// the base image, `dnf install git-core` and the npm install of the CLI inside the image.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 120_000 });

const REPO_ROOT = resolve(import.meta.dirname, "../..");
const OWNER = "octo-org";
const REPO = "bundled";

let out: string;
let root: string;
let api: ScriptedMessagesApi;
let gh: GitHubDouble;
let sqs: LoopbackSqs;
let secrets: SecretsDouble;
let s3: LoopbackS3;
const stdout = new CapturedStdout();
const savedEnv = { ...process.env };

/** The Dockerfile's esbuild command, with continuation lines joined. */
function dockerfileBundleCommand(): string {
  const dockerfile = readFileSync(join(REPO_ROOT, "lambda/worker/Dockerfile"), "utf8").replace(
    /\\\n\s*/g,
    "",
  );
  const line = dockerfile.split("\n").find((l) => l.startsWith("RUN npx esbuild"));
  if (!line) throw new Error("lambda/worker/Dockerfile has no `RUN npx esbuild` line");
  return line.slice("RUN ".length);
}

beforeAll(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "cpr-image-")));
  out = join(root, "out");
  execFileSync("sh", ["-c", dockerfileBundleCommand().replaceAll("/build/out", out)], {
    cwd: REPO_ROOT,
    env: { ...process.env, PATH: `${join(REPO_ROOT, "node_modules/.bin")}:${process.env.PATH}` },
    stdio: "pipe",
  });

  api = await ScriptedMessagesApi.start([
    { kind: "structured_output", value: { verdict: "pass", summary: "Bundled worker: fine.", findings: [] } },
  ]);
  gh = await GitHubDouble.start();
  sqs = await LoopbackSqs.start();
  secrets = await SecretsDouble.start({
    "app-key": appPrivateKeyPem(),
    "anthropic-key": "sk-ant-bundle-0123456789",
  });
  s3 = await LoopbackS3.start(["sessions"]);
});

afterAll(async () => {
  stdout.stop();
  process.env = savedEnv;
  await Promise.allSettled([api?.close(), gh?.close(), sqs?.close(), secrets?.close()]);
  await s3?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("the worker image's bundle (Dockerfile esbuild step)", () => {
  it("configured only by environment, clones the PR, reviews it with the real CLI and stores the session in S3", async () => {
    // A repository with a one-commit PR, served over file:// as GITHUB_SERVER_URL.
    const remote = join(root, "git", OWNER, `${REPO}.git`);
    mkdirSync(remote, { recursive: true });
    createTempRepo("", { bare: true, dir: remote });
    mkdirSync(join(root, "dev"));
    const dev = createTempRepo("", { dir: join(root, "dev") });
    dev.write("README.md", "hello\n");
    const baseSha = dev.commitAll("base");
    dev.git("checkout", "-q", "-b", "feature");
    dev.write("README.md", "hello, world\n");
    const headSha = dev.commitAll("greet the world");
    dev.git("push", "-q", remote, "main", "feature");
    gh.addRepo(OWNER, REPO);
    gh.addInstallation(7, OWNER, [`${OWNER}/${REPO}`]);
    gh.addPullRequest({
      owner: OWNER,
      repo: REPO,
      number: 3,
      diff: `${dev.git("diff", `${baseSha}...${headSha}`)}\n`,
      headSha,
      baseSha,
      headRef: "feature",
      baseRef: "main",
    });
    const queues = await sqs.createFifoQueueWithDlq("jobs", {
      maxReceiveCount: 3,
      visibilityTimeoutSeconds: 30,
    });
    const job = createJobMessage({
      kind: "review",
      owner: OWNER,
      repo: REPO,
      installationId: 7,
      pullNumber: 3,
      headSha,
      trigger: { source: "webhook", event: "pull_request", action: "opened" },
    });
    await new JobQueue(sqs.client, queues.queueUrl).enqueue(job, job.jobId);

    // What the stack and the Dockerfile set, pointed at the loopback servers.
    Object.assign(process.env, {
      AWS_REGION: "us-east-1",
      // s3rver only knows its own key pair; the other loopback servers accept any.
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: secrets.endpoint,
      AWS_ENDPOINT_URL_S3: s3.url,
      AWS_REQUEST_CHECKSUM_CALCULATION: "WHEN_REQUIRED",
      AWS_RESPONSE_CHECKSUM_VALIDATION: "WHEN_REQUIRED",
      POWERTOOLS_SERVICE_NAME: "claude-pr-runner",
      POWERTOOLS_METRICS_NAMESPACE: "ClaudePrRunnerTest",
      GITHUB_APP_ID: "12345",
      ALLOWED_INSTALLATIONS: "7",
      GITHUB_API_URL: gh.url,
      GITHUB_SERVER_URL: `file://${join(root, "git")}`,
      GITHUB_APP_PRIVATE_KEY: "secretsmanager:app-key",
      ANTHROPIC_API_KEY_SECRET: "secretsmanager:anthropic-key",
      ANTHROPIC_BASE_URL: api.url,
      SESSIONS_BUCKET: "sessions",
      DEADLINE_MARGIN_MS: "5000",
      CLAUDE_PATH: CLAUDE_BIN,
      JOB_WORK_ROOT: join(root, "tmp"),
    });
    const { handler } = (await import(pathToFileURL(join(out, "worker.mjs")).href)) as {
      handler: (event: SQSEvent, context: ReturnType<typeof lambdaContext>) => Promise<SQSBatchResponse>;
    };
    const source = new SqsEventSource(sqs.client, queues.queueUrl, queues.queueArn, 1);
    stdout.start();
    try {
      await source.pollOnce(handler, () => lambdaContext("worker", 300_000));
    } finally {
      stdout.stop();
    }

    expect(source.invocations[0]?.response.batchItemFailures).toEqual([]);
    expect(stdout.records.find((r) => r.message === "job completed")).toMatchObject({
      jobId: job.jobId,
      conclusion: "success",
    });
    // The private key and API key came from Secrets Manager; the model got the key, the logs did not.
    expect(api.mainRequests).toHaveLength(1);
    expect(stdout.text).not.toContain("sk-ant-bundle-0123456789");
    expect(gh.callsTo("checks/update").at(-1)?.body).toMatchObject({ conclusion: "success" });
    expect(gh.violations).toEqual([]);
    const store = new S3TranscriptStore({
      client: sessionsS3Client({
        ...(process.env.AWS_REGION ? { region: process.env.AWS_REGION } : {}),
        ...(process.env.AWS_ENDPOINT_URL_S3 ? { endpoint: process.env.AWS_ENDPOINT_URL_S3 } : {}),
      }),
      bucket: "sessions",
      prefix: "sessions/",
    });
    const index = await store.readIndex(prLineageKey(OWNER, REPO, 3));
    expect(index?.index.entries).toHaveLength(1);
  });
});
